//! Images: what an OpenCL image argument is bound to on the Vulkan target (docs/VULKAN.md,
//! "Arguments"). An image of OpenCL's channel order and data type becomes a `VkImage` (or, for
//! `image1d_buffer_t`, a texel buffer) of the matching `VkFormat`, kept in the `GENERAL`
//! layout for its whole life, so that one image can be sampled, stored to and copied without
//! transitions. Its contents move through staging buffers, tightly packed: rows, then
//! slices or layers, as `clEnqueueWriteImage` takes them with zero pitches.

use ash::vk;

use crate::buffer::{all_to, Buffer, Mapped};
use crate::device::Device;
use crate::error::{vk_err, Error};

/// The shape of an image (`CL_MEM_OBJECT_IMAGE*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageShape {
    /// `image1d_t`.
    D1,
    /// `image1d_buffer_t`: a texel buffer.
    D1Buffer,
    /// `image1d_array_t`.
    D1Array,
    /// `image2d_t`.
    D2,
    /// `image2d_array_t`.
    D2Array,
    /// `image3d_t`.
    D3,
}

/// An image's size and format, with OpenCL's codes (`CL_RGBA` 0x10B5, `CL_UNORM_INT8` 0x10D2…).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ImageDesc {
    /// Its shape.
    pub shape: ImageShape,
    /// Width in texels.
    pub width: u32,
    /// Height (1 for 1D shapes).
    pub height: u32,
    /// Depth (3D; 1 otherwise).
    pub depth: u32,
    /// Layers (arrays; 1 otherwise).
    pub layers: u32,
    /// `cl_channel_order`.
    pub order: u32,
    /// `cl_channel_type`.
    pub channel_type: u32,
}

/// Bytes of one channel of each `cl_channel_type` (0x10D0…0x10DE) that has whole channels.
fn channel_bytes(channel_type: u32) -> Option<u32> {
    Some(match channel_type {
        0x10D0 | 0x10D2 | 0x10D7 | 0x10DA => 1, // SNORM/UNORM/SIGNED/UNSIGNED _INT8
        0x10D1 | 0x10D3 | 0x10D8 | 0x10DB | 0x10DD => 2, // …_INT16, HALF_FLOAT
        0x10D9 | 0x10DC | 0x10DE => 4,          // SIGNED/UNSIGNED_INT32, FLOAT
        _ => return None,
    })
}

/// The `VkFormat` holding channels of `channel_type`, `n` of them, in R, G, B, A order.
fn rgba_format(channel_type: u32, n: u32) -> Option<vk::Format> {
    use vk::Format as F;
    let table: [(u32, [F; 3]); 12] = [
        (0x10D0, [F::R8_SNORM, F::R8G8_SNORM, F::R8G8B8A8_SNORM]),
        (
            0x10D1,
            [F::R16_SNORM, F::R16G16_SNORM, F::R16G16B16A16_SNORM],
        ),
        (0x10D2, [F::R8_UNORM, F::R8G8_UNORM, F::R8G8B8A8_UNORM]),
        (
            0x10D3,
            [F::R16_UNORM, F::R16G16_UNORM, F::R16G16B16A16_UNORM],
        ),
        (0x10D7, [F::R8_SINT, F::R8G8_SINT, F::R8G8B8A8_SINT]),
        (0x10D8, [F::R16_SINT, F::R16G16_SINT, F::R16G16B16A16_SINT]),
        (0x10D9, [F::R32_SINT, F::R32G32_SINT, F::R32G32B32A32_SINT]),
        (0x10DA, [F::R8_UINT, F::R8G8_UINT, F::R8G8B8A8_UINT]),
        (0x10DB, [F::R16_UINT, F::R16G16_UINT, F::R16G16B16A16_UINT]),
        (0x10DC, [F::R32_UINT, F::R32G32_UINT, F::R32G32B32A32_UINT]),
        (
            0x10DD,
            [F::R16_SFLOAT, F::R16G16_SFLOAT, F::R16G16B16A16_SFLOAT],
        ),
        (
            0x10DE,
            [F::R32_SFLOAT, F::R32G32_SFLOAT, F::R32G32B32A32_SFLOAT],
        ),
    ];
    let k = match n {
        1 => 0,
        2 => 1,
        4 => 2,
        _ => return None,
    };
    table
        .iter()
        .find(|(t, _)| *t == channel_type)
        .map(|(_, f)| f[k])
}

/// The format of an OpenCL image format, the component mapping its views need (orders
/// Vulkan has no format for: `CL_A`, `CL_RA`, `CL_INTENSITY`, `CL_LUMINANCE`; sampled
/// images only) and the bytes per texel. `None`: no Vulkan format holds it.
pub fn vk_format(order: u32, channel_type: u32) -> Option<(vk::Format, vk::ComponentMapping, u32)> {
    use vk::ComponentSwizzle as S;
    let bytes = channel_bytes(channel_type)?;
    let identity = vk::ComponentMapping::default();
    let map = |r, g, b, a| vk::ComponentMapping { r, g, b, a };
    let (format, mapping, n) = match order {
        0x10B0 => (rgba_format(channel_type, 1)?, identity, 1), // CL_R
        0x10B2 => (rgba_format(channel_type, 2)?, identity, 2), // CL_RG
        0x10B5 => (rgba_format(channel_type, 4)?, identity, 4), // CL_RGBA
        0x10B1 => (
            rgba_format(channel_type, 1)?,
            map(S::ZERO, S::ZERO, S::ZERO, S::R),
            1,
        ), // CL_A
        0x10B3 => (
            rgba_format(channel_type, 2)?,
            map(S::R, S::ZERO, S::ZERO, S::G),
            2,
        ), // CL_RA
        0x10B8 => (
            rgba_format(channel_type, 1)?,
            map(S::R, S::R, S::R, S::R),
            1,
        ), // CL_INTENSITY
        0x10B9 => (
            rgba_format(channel_type, 1)?,
            map(S::R, S::R, S::R, S::ONE),
            1,
        ), // CL_LUMINANCE
        0x10B6 => {
            // CL_BGRA
            let f = match channel_type {
                0x10D0 => vk::Format::B8G8R8A8_SNORM,
                0x10D2 => vk::Format::B8G8R8A8_UNORM,
                0x10D7 => vk::Format::B8G8R8A8_SINT,
                0x10DA => vk::Format::B8G8R8A8_UINT,
                _ => return None,
            };
            (f, identity, 4)
        }
        0x10C1 if channel_type == 0x10D2 => (vk::Format::R8G8B8A8_SRGB, identity, 4), // sRGBA
        0x10C2 if channel_type == 0x10D2 => (vk::Format::B8G8R8A8_SRGB, identity, 4), // sBGRA
        _ => return None,
    };
    Some((format, mapping, bytes * n))
}

/// Where an image's texels live.
enum Storage {
    Image {
        image: vk::Image,
        memory: vk::DeviceMemory,
        view: vk::ImageView,
    },
    Texels {
        buffer: Buffer,
        view: vk::BufferView,
    },
}

/// An image on a device.
pub struct Image {
    dev: Device,
    desc: ImageDesc,
    format: vk::Format,
    texel_bytes: u32,
    features: vk::FormatFeatureFlags,
    storage: Storage,
}

impl Drop for Image {
    fn drop(&mut self) {
        let d = &self.dev.0.device;
        // SAFETY: submissions are synchronous, so nothing uses the image any more; each handle
        // is destroyed once, the view before what it views (the buffer drops itself).
        unsafe {
            match &self.storage {
                Storage::Image {
                    image,
                    memory,
                    view,
                } => {
                    d.destroy_image_view(*view, None);
                    d.destroy_image(*image, None);
                    d.free_memory(*memory, None);
                }
                Storage::Texels { view, .. } => d.destroy_buffer_view(*view, None),
            }
        }
    }
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image")
            .field("desc", &self.desc)
            .field("format", &self.format)
            .finish()
    }
}

impl Image {
    /// A new image, every byte zero.
    pub fn new(dev: &Device, desc: ImageDesc) -> Result<Image, Error> {
        let (format, mapping, texel_bytes) =
            vk_format(desc.order, desc.channel_type).ok_or_else(|| {
                Error::Unsupported(format!(
                    "no Vulkan format holds the OpenCL image format {:#06x}/{:#06x}",
                    desc.order, desc.channel_type
                ))
            })?;
        let d = &dev.0.device;
        // SAFETY: a plain query on the device's own physical device.
        let props = unsafe {
            dev.0
                .instance
                .get_physical_device_format_properties(dev.0.physical, format)
        };
        let buffer_shape = desc.shape == ImageShape::D1Buffer;
        let features = if buffer_shape {
            props.buffer_features
        } else {
            props.optimal_tiling_features
        };
        let (sampled_bit, storage_bit) = if buffer_shape {
            (
                vk::FormatFeatureFlags::UNIFORM_TEXEL_BUFFER,
                vk::FormatFeatureFlags::STORAGE_TEXEL_BUFFER,
            )
        } else {
            (
                vk::FormatFeatureFlags::SAMPLED_IMAGE,
                vk::FormatFeatureFlags::STORAGE_IMAGE,
            )
        };
        if !features.intersects(sampled_bit | storage_bit) {
            return Err(Error::Unsupported(format!(
                "`{}` supports {format:?} neither as a sampled nor as a storage {}",
                dev.name(),
                if buffer_shape {
                    "texel buffer"
                } else {
                    "image"
                }
            )));
        }
        let texels = u64::from(desc.width)
            * u64::from(desc.height)
            * u64::from(desc.depth)
            * u64::from(desc.layers);
        let storage = if buffer_shape {
            let mut usage = vk::BufferUsageFlags::empty();
            if features.contains(sampled_bit) {
                usage |= vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER;
            }
            if features.contains(storage_bit) {
                usage |= vk::BufferUsageFlags::STORAGE_TEXEL_BUFFER;
            }
            let buffer = Buffer::with_usage(dev, texels * u64::from(texel_bytes), usage)?;
            let info = vk::BufferViewCreateInfo::default()
                .buffer(buffer.handle())
                .format(format)
                .offset(0)
                .range(vk::WHOLE_SIZE);
            // SAFETY: the buffer has a texel-buffer usage the format supports.
            let view = unsafe { d.create_buffer_view(&info, None) }
                .map_err(vk_err("vkCreateBufferView"))?;
            Storage::Texels { buffer, view }
        } else {
            create_image(
                dev,
                &desc,
                format,
                mapping,
                features,
                sampled_bit,
                storage_bit,
            )?
        };
        let img = Image {
            dev: dev.clone(),
            desc,
            format,
            texel_bytes,
            features,
            storage,
        };
        img.write(&vec![0; img.byte_len()])?;
        Ok(img)
    }

    /// Its description.
    pub fn desc(&self) -> &ImageDesc {
        &self.desc
    }

    /// The bytes its texels take, tightly packed.
    pub fn byte_len(&self) -> usize {
        let d = &self.desc;
        (d.width as usize)
            * (d.height as usize)
            * (d.depth as usize)
            * (d.layers as usize)
            * self.texel_bytes as usize
    }

    /// What the argument block holds for it: the channel order, then the channel type.
    pub fn format_words(&self) -> [u8; 8] {
        let mut w = [0u8; 8];
        w[..4].copy_from_slice(&self.desc.order.to_le_bytes());
        w[4..].copy_from_slice(&self.desc.channel_type.to_le_bytes());
        w
    }

    /// Whether its format can back a descriptor of type `ty`.
    pub(crate) fn supports(&self, ty: vk::DescriptorType) -> bool {
        let need = match ty {
            vk::DescriptorType::SAMPLED_IMAGE => vk::FormatFeatureFlags::SAMPLED_IMAGE,
            vk::DescriptorType::STORAGE_IMAGE => vk::FormatFeatureFlags::STORAGE_IMAGE,
            vk::DescriptorType::UNIFORM_TEXEL_BUFFER => {
                vk::FormatFeatureFlags::UNIFORM_TEXEL_BUFFER
            }
            vk::DescriptorType::STORAGE_TEXEL_BUFFER => {
                vk::FormatFeatureFlags::STORAGE_TEXEL_BUFFER
            }
            _ => return false,
        };
        self.features.contains(need)
    }

    /// Its format.
    pub fn format(&self) -> vk::Format {
        self.format
    }

    /// The image view (images) or buffer view (texel buffers).
    pub(crate) fn views(&self) -> (vk::ImageView, vk::BufferView) {
        match &self.storage {
            Storage::Image { view, .. } => (*view, vk::BufferView::null()),
            Storage::Texels { view, .. } => (vk::ImageView::null(), *view),
        }
    }

    fn check_len(&self, len: usize) -> Result<(), Error> {
        if len != self.byte_len() {
            return Err(Error::OutOfBounds {
                offset: 0,
                len: len as u64,
                size: self.byte_len() as u64,
            });
        }
        Ok(())
    }

    fn region(&self) -> vk::BufferImageCopy {
        let d = &self.desc;
        vk::BufferImageCopy::default()
            .image_subresource(
                vk::ImageSubresourceLayers::default()
                    .aspect_mask(vk::ImageAspectFlags::COLOR)
                    .mip_level(0)
                    .base_array_layer(0)
                    .layer_count(d.layers),
            )
            .image_extent(vk::Extent3D {
                width: d.width,
                height: d.height,
                depth: d.depth,
            })
    }

    /// Replaces every texel with `data` (tightly packed; waits until done).
    pub fn write(&self, data: &[u8]) -> Result<(), Error> {
        self.check_len(data.len())?;
        let image = match &self.storage {
            Storage::Texels { buffer, .. } => return buffer.write(0, data),
            Storage::Image { image, .. } => *image,
        };
        let staging = Mapped::new(
            &self.dev,
            data.len() as u64,
            vk::BufferUsageFlags::TRANSFER_SRC,
        )?;
        staging.write(0, data)?;
        let region = self.region();
        self.dev.submit(|d, cmd| {
            // SAFETY: `cmd` is recording; the staging buffer and the image live until the
            // submit returns; the image is in the GENERAL layout and the region covers it.
            unsafe {
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::TRANSFER,
                    vk::AccessFlags::TRANSFER_WRITE,
                );
                d.cmd_copy_buffer_to_image(
                    cmd,
                    staging.handle(),
                    image,
                    vk::ImageLayout::GENERAL,
                    &[region],
                );
            }
            Ok(())
        })
    }

    /// Every texel, tightly packed (waits until done).
    pub fn read(&self) -> Result<Vec<u8>, Error> {
        let mut out = vec![0u8; self.byte_len()];
        let image = match &self.storage {
            Storage::Texels { buffer, .. } => {
                buffer.read(0, &mut out)?;
                return Ok(out);
            }
            Storage::Image { image, .. } => *image,
        };
        let staging = Mapped::new(
            &self.dev,
            out.len() as u64,
            vk::BufferUsageFlags::TRANSFER_DST,
        )?;
        let region = self.region();
        self.dev.submit(|d, cmd| {
            // SAFETY: as in `write`, the other way; the last barrier makes the copy visible
            // to the host.
            unsafe {
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::TRANSFER,
                    vk::AccessFlags::TRANSFER_READ,
                );
                d.cmd_copy_image_to_buffer(
                    cmd,
                    image,
                    vk::ImageLayout::GENERAL,
                    staging.handle(),
                    &[region],
                );
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::HOST,
                    vk::AccessFlags::HOST_READ,
                );
            }
            Ok(())
        })?;
        staging.read(0, &mut out)?;
        Ok(out)
    }
}

/// A `VkImage` with memory and a view, moved to the `GENERAL` layout.
fn create_image(
    dev: &Device,
    desc: &ImageDesc,
    format: vk::Format,
    mapping: vk::ComponentMapping,
    features: vk::FormatFeatureFlags,
    sampled_bit: vk::FormatFeatureFlags,
    storage_bit: vk::FormatFeatureFlags,
) -> Result<Storage, Error> {
    let d = &dev.0.device;
    let (ty, view_ty) = match desc.shape {
        ImageShape::D1 => (vk::ImageType::TYPE_1D, vk::ImageViewType::TYPE_1D),
        ImageShape::D1Array => (vk::ImageType::TYPE_1D, vk::ImageViewType::TYPE_1D_ARRAY),
        ImageShape::D2 => (vk::ImageType::TYPE_2D, vk::ImageViewType::TYPE_2D),
        ImageShape::D2Array => (vk::ImageType::TYPE_2D, vk::ImageViewType::TYPE_2D_ARRAY),
        ImageShape::D3 | ImageShape::D1Buffer => {
            (vk::ImageType::TYPE_3D, vk::ImageViewType::TYPE_3D)
        }
    };
    let mut usage = vk::ImageUsageFlags::TRANSFER_SRC | vk::ImageUsageFlags::TRANSFER_DST;
    if features.contains(sampled_bit) {
        usage |= vk::ImageUsageFlags::SAMPLED;
    }
    // Storage views must not swizzle.
    let identity = [mapping.r, mapping.g, mapping.b, mapping.a]
        .iter()
        .all(|&c| c == vk::ComponentSwizzle::IDENTITY);
    if features.contains(storage_bit) && identity {
        usage |= vk::ImageUsageFlags::STORAGE;
    }
    let info = vk::ImageCreateInfo::default()
        .image_type(ty)
        .format(format)
        .extent(vk::Extent3D {
            width: desc.width,
            height: desc.height,
            depth: desc.depth,
        })
        .mip_levels(1)
        .array_layers(desc.layers)
        .samples(vk::SampleCountFlags::TYPE_1)
        .tiling(vk::ImageTiling::OPTIMAL)
        .usage(usage)
        .sharing_mode(vk::SharingMode::EXCLUSIVE)
        .initial_layout(vk::ImageLayout::UNDEFINED);
    // SAFETY: a plain object creation with a valid create info.
    let image = unsafe { d.create_image(&info, None) }.map_err(vk_err("vkCreateImage"))?;
    // SAFETY: the image was just created on this device.
    let req = unsafe { d.get_image_memory_requirements(image) };
    let destroy_image = || {
        // SAFETY: the image is unused.
        unsafe { d.destroy_image(image, None) }
    };
    let Some(type_index) = dev.memory_type(
        req.memory_type_bits,
        vk::MemoryPropertyFlags::empty(),
        vk::MemoryPropertyFlags::DEVICE_LOCAL,
    ) else {
        destroy_image();
        return Err(Error::NoMemoryType {
            device: dev.name().to_string(),
            what: "images",
        });
    };
    let alloc = vk::MemoryAllocateInfo::default()
        .allocation_size(req.size)
        .memory_type_index(type_index);
    // SAFETY: a type index the image allows.
    let memory = match unsafe { d.allocate_memory(&alloc, None) } {
        Ok(m) => m,
        Err(e) => {
            destroy_image();
            return Err(vk_err("vkAllocateMemory")(e));
        }
    };
    let fail = |e: Error| {
        // SAFETY: neither handle is in use.
        unsafe {
            d.destroy_image(image, None);
            d.free_memory(memory, None);
        }
        e
    };
    // SAFETY: fresh memory of an allowed type and size, bound once at offset 0.
    unsafe { d.bind_image_memory(image, memory, 0) }
        .map_err(|e| fail(vk_err("vkBindImageMemory")(e)))?;
    let range = vk::ImageSubresourceRange::default()
        .aspect_mask(vk::ImageAspectFlags::COLOR)
        .base_mip_level(0)
        .level_count(1)
        .base_array_layer(0)
        .layer_count(desc.layers);
    let vi = vk::ImageViewCreateInfo::default()
        .image(image)
        .view_type(view_ty)
        .format(format)
        .components(mapping)
        .subresource_range(range);
    // SAFETY: a view of the whole image, in its format.
    let view = unsafe { d.create_image_view(&vi, None) }
        .map_err(|e| fail(vk_err("vkCreateImageView")(e)))?;
    let to_general = dev.submit(|d, cmd| {
        let b = vk::ImageMemoryBarrier::default()
            .old_layout(vk::ImageLayout::UNDEFINED)
            .new_layout(vk::ImageLayout::GENERAL)
            .src_access_mask(vk::AccessFlags::empty())
            .dst_access_mask(vk::AccessFlags::MEMORY_READ | vk::AccessFlags::MEMORY_WRITE)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .image(image)
            .subresource_range(range);
        // SAFETY: `cmd` is recording; the image lives until the submit returns.
        unsafe {
            d.cmd_pipeline_barrier(
                cmd,
                vk::PipelineStageFlags::TOP_OF_PIPE,
                vk::PipelineStageFlags::ALL_COMMANDS,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[b],
            );
        }
        Ok(())
    });
    if let Err(e) = to_general {
        // SAFETY: the view is unused.
        unsafe { d.destroy_image_view(view, None) };
        return Err(fail(e));
    }
    Ok(Storage::Image {
        image,
        memory,
        view,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_of_opencl_image_formats() {
        let (f, m, b) = vk_format(0x10B5, 0x10D2).unwrap();
        assert_eq!((f, b), (vk::Format::R8G8B8A8_UNORM, 4));
        assert_eq!(m.r, vk::ComponentSwizzle::IDENTITY);
        assert_eq!(
            vk_format(0x10B6, 0x10D2).unwrap().0,
            vk::Format::B8G8R8A8_UNORM
        );
        assert_eq!(vk_format(0x10B2, 0x10DE).unwrap().2, 8);
        assert_eq!(vk_format(0x10B0, 0x10DD).unwrap().0, vk::Format::R16_SFLOAT);
        let (f, m, _) = vk_format(0x10B9, 0x10D2).unwrap();
        assert_eq!(f, vk::Format::R8_UNORM);
        assert_eq!(m.a, vk::ComponentSwizzle::ONE);
        // BGRA holds only 8-bit channels; RGB has no Vulkan format of whole channels.
        assert!(vk_format(0x10B6, 0x10DE).is_none());
        assert!(vk_format(0x10B4, 0x10D2).is_none());
        assert!(vk_format(0x10B5, 0x10D4).is_none());
    }
}
