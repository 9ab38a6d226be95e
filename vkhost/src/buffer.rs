//! Buffers: device-local memory reached by kernels through its device address, and the
//! host-visible memory used to move bytes in and out of it.
//!
//! Kernel buffers live in `DEVICE_LOCAL` memory when the device has it (on a discrete GPU,
//! host-visible memory is far slower for kernels), so the host reads and writes them through a
//! host-visible staging buffer and `vkCmdCopyBuffer`.

use ash::vk;

use crate::device::Device;
use crate::error::{vk_err, Error};

/// Usage of every kernel buffer.
const USAGE: vk::BufferUsageFlags = vk::BufferUsageFlags::from_raw(
    vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS.as_raw()
        | vk::BufferUsageFlags::TRANSFER_SRC.as_raw()
        | vk::BufferUsageFlags::TRANSFER_DST.as_raw()
        | vk::BufferUsageFlags::STORAGE_BUFFER.as_raw(),
);

/// A raw buffer with its memory; destroyed on drop.
struct Raw {
    dev: Device,
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
}

impl Drop for Raw {
    fn drop(&mut self) {
        let d = &self.dev.0.device;
        // SAFETY: every submission that used the buffer was waited for (all submits are
        // synchronous), so neither handle is in use; each is destroyed once.
        unsafe {
            d.destroy_buffer(self.buffer, None);
            d.free_memory(self.memory, None);
        }
    }
}

/// Creates a buffer of `size` bytes bound to fresh memory of a type with `need` (preferring
/// `prefer`), allocated with `DEVICE_ADDRESS` when `address` is set.
fn create_raw(
    dev: &Device,
    size: u64,
    usage: vk::BufferUsageFlags,
    need: vk::MemoryPropertyFlags,
    prefer: vk::MemoryPropertyFlags,
    what: &'static str,
) -> Result<Raw, Error> {
    let d = &dev.0.device;
    let address = usage.contains(vk::BufferUsageFlags::SHADER_DEVICE_ADDRESS);
    let info = vk::BufferCreateInfo::default()
        .size(size)
        .usage(usage)
        .sharing_mode(vk::SharingMode::EXCLUSIVE);
    // SAFETY: a plain object creation with a valid create info.
    let buffer = unsafe { d.create_buffer(&info, None) }.map_err(vk_err("vkCreateBuffer"))?;
    // SAFETY: `buffer` was just created on this device.
    let req = unsafe { d.get_buffer_memory_requirements(buffer) };
    let Some(type_index) = dev.memory_type(req.memory_type_bits, need, prefer) else {
        // SAFETY: the buffer is unused and unbound.
        unsafe { d.destroy_buffer(buffer, None) };
        return Err(Error::NoMemoryType {
            device: dev.name().to_string(),
            what,
        });
    };
    let mut flags =
        vk::MemoryAllocateFlagsInfo::default().flags(vk::MemoryAllocateFlags::DEVICE_ADDRESS);
    let mut alloc = vk::MemoryAllocateInfo::default()
        .allocation_size(req.size)
        .memory_type_index(type_index);
    if address {
        alloc = alloc.push_next(&mut flags);
    }
    // SAFETY: `alloc` and its chain outlive the call; the type index is one the buffer allows.
    let memory = match unsafe { d.allocate_memory(&alloc, None) } {
        Ok(m) => m,
        Err(e) => {
            // SAFETY: the buffer is unused and unbound.
            unsafe { d.destroy_buffer(buffer, None) };
            return Err(vk_err("vkAllocateMemory")(e));
        }
    };
    let raw = Raw {
        dev: dev.clone(),
        buffer,
        memory,
    };
    // SAFETY: fresh memory of an allowed type and size, bound once at offset 0.
    unsafe { d.bind_buffer_memory(buffer, memory, 0) }.map_err(vk_err("vkBindBufferMemory"))?;
    Ok(raw)
}

/// A kernel buffer: device-local memory with a device address (what a `__global` or
/// `__constant` pointer argument points to).
pub struct Buffer {
    raw: Raw,
    size: u64,
    address: u64,
}

impl Buffer {
    /// A buffer of `size` bytes (at least 4 are allocated), contents undefined.
    pub fn new(dev: &Device, size: u64) -> Result<Buffer, Error> {
        Buffer::with_usage(dev, size, vk::BufferUsageFlags::empty())
    }

    /// A buffer with `extra` usage besides a kernel buffer's (texel buffers).
    pub(crate) fn with_usage(
        dev: &Device,
        size: u64,
        extra: vk::BufferUsageFlags,
    ) -> Result<Buffer, Error> {
        let alloc = size.max(4).next_multiple_of(4);
        let raw = create_raw(
            dev,
            alloc,
            USAGE | extra,
            vk::MemoryPropertyFlags::empty(),
            vk::MemoryPropertyFlags::DEVICE_LOCAL,
            "kernel buffers",
        )?;
        let info = vk::BufferDeviceAddressInfo::default().buffer(raw.buffer);
        // SAFETY: the buffer has SHADER_DEVICE_ADDRESS usage and is bound to memory allocated
        // with DEVICE_ADDRESS; bufferDeviceAddress is always enabled.
        let address = unsafe { dev.0.device.get_buffer_device_address(&info) };
        Ok(Buffer { raw, size, address })
    }

    /// A buffer holding `data`.
    pub fn from_bytes(dev: &Device, data: &[u8]) -> Result<Buffer, Error> {
        let b = Buffer::new(dev, data.len() as u64)?;
        b.write(0, data)?;
        Ok(b)
    }

    /// Its size in bytes, as asked for.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// Its device address (what the argument block holds for it).
    pub fn device_address(&self) -> u64 {
        self.address
    }

    /// The buffer handle (for descriptors).
    pub(crate) fn handle(&self) -> vk::Buffer {
        self.raw.buffer
    }

    fn check(&self, offset: u64, len: usize) -> Result<(), Error> {
        let len = len as u64;
        if offset.checked_add(len).is_none_or(|end| end > self.size) {
            return Err(Error::OutOfBounds {
                offset,
                len,
                size: self.size,
            });
        }
        Ok(())
    }

    /// Writes `data` at byte `offset` (through a staging buffer; waits until done).
    pub fn write(&self, offset: u64, data: &[u8]) -> Result<(), Error> {
        self.check(offset, data.len())?;
        if data.is_empty() {
            return Ok(());
        }
        let dev = &self.raw.dev;
        let staging = Mapped::new(dev, data.len() as u64, vk::BufferUsageFlags::TRANSFER_SRC)?;
        staging.write(0, data)?;
        let region = vk::BufferCopy::default()
            .dst_offset(offset)
            .size(data.len() as u64);
        dev.submit(|d, cmd| {
            // SAFETY: `cmd` is recording; both buffers live until the submit returns; the
            // region lies inside both (checked above).
            unsafe {
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::TRANSFER,
                    vk::AccessFlags::TRANSFER_WRITE,
                );
                d.cmd_copy_buffer(cmd, staging.raw.buffer, self.raw.buffer, &[region]);
            }
            Ok(())
        })
    }

    /// Sets every 32-bit word of the buffer to `word` on the device (`vkCmdFillBuffer`;
    /// waits until done). `0xFFFF_FFFF` poisons a float buffer with NaNs.
    pub fn fill(&self, word: u32) -> Result<(), Error> {
        let dev = &self.raw.dev;
        dev.submit(|d, cmd| {
            // SAFETY: `cmd` is recording; the buffer has TRANSFER_DST usage and lives until
            // the submit returns; WHOLE_SIZE fills its allocation (a multiple of 4 bytes).
            unsafe {
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::TRANSFER,
                    vk::AccessFlags::TRANSFER_WRITE,
                );
                d.cmd_fill_buffer(cmd, self.raw.buffer, 0, vk::WHOLE_SIZE, word);
            }
            Ok(())
        })
    }

    /// Reads `out.len()` bytes from byte `offset` (through a staging buffer; waits).
    pub fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), Error> {
        self.check(offset, out.len())?;
        if out.is_empty() {
            return Ok(());
        }
        let dev = &self.raw.dev;
        let staging = Mapped::new(dev, out.len() as u64, vk::BufferUsageFlags::TRANSFER_DST)?;
        let region = vk::BufferCopy::default()
            .src_offset(offset)
            .size(out.len() as u64);
        dev.submit(|d, cmd| {
            // SAFETY: as in `write`; the last barrier makes the copy visible to the host.
            unsafe {
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::TRANSFER,
                    vk::AccessFlags::TRANSFER_READ,
                );
                d.cmd_copy_buffer(cmd, self.raw.buffer, staging.raw.buffer, &[region]);
                all_to(
                    d,
                    cmd,
                    vk::PipelineStageFlags::HOST,
                    vk::AccessFlags::HOST_READ,
                );
            }
            Ok(())
        })?;
        staging.read(0, out)
    }

    /// The whole contents.
    pub fn to_vec(&self) -> Result<Vec<u8>, Error> {
        let len = usize::try_from(self.size).map_err(|_| Error::OutOfBounds {
            offset: 0,
            len: self.size,
            size: self.size,
        })?;
        let mut v = vec![0u8; len];
        self.read(0, &mut v)?;
        Ok(v)
    }
}

impl std::fmt::Debug for Buffer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Buffer")
            .field("size", &self.size)
            .field("address", &format_args!("{:#x}", self.address))
            .finish()
    }
}

/// Makes every earlier memory write available and visible to `access` in `stage`.
///
/// # Safety
/// `cmd` must be a command buffer of `d` in the recording state.
pub(crate) unsafe fn all_to(
    d: &ash::Device,
    cmd: vk::CommandBuffer,
    stage: vk::PipelineStageFlags,
    access: vk::AccessFlags,
) {
    let b = vk::MemoryBarrier::default()
        .src_access_mask(vk::AccessFlags::MEMORY_WRITE)
        .dst_access_mask(access);
    d.cmd_pipeline_barrier(
        cmd,
        vk::PipelineStageFlags::ALL_COMMANDS,
        stage,
        vk::DependencyFlags::empty(),
        &[b],
        &[],
        &[],
    );
}

/// A host-visible, host-coherent buffer, mapped for its whole life: staging memory and
/// uniform-buffer argument blocks.
pub(crate) struct Mapped {
    raw: Raw,
    size: u64,
    ptr: *mut u8,
}

impl Mapped {
    /// A mapped buffer of `size` bytes (at least 4) with `usage`.
    pub fn new(dev: &Device, size: u64, usage: vk::BufferUsageFlags) -> Result<Mapped, Error> {
        let alloc = size.max(4).next_multiple_of(4);
        let raw = create_raw(
            dev,
            alloc,
            usage,
            vk::MemoryPropertyFlags::HOST_VISIBLE | vk::MemoryPropertyFlags::HOST_COHERENT,
            vk::MemoryPropertyFlags::HOST_CACHED,
            "host-visible staging",
        )?;
        // SAFETY: host-visible memory, mapped once and never unmapped before it is freed
        // (freeing unmaps it).
        let ptr = unsafe {
            dev.0
                .device
                .map_memory(raw.memory, 0, vk::WHOLE_SIZE, vk::MemoryMapFlags::empty())
        }
        .map_err(vk_err("vkMapMemory"))?;
        Ok(Mapped {
            raw,
            size: alloc,
            ptr: ptr.cast(),
        })
    }

    /// The buffer handle.
    pub fn handle(&self) -> vk::Buffer {
        self.raw.buffer
    }

    /// Copies `data` to byte `offset` of the mapping.
    pub fn write(&self, offset: u64, data: &[u8]) -> Result<(), Error> {
        if offset
            .checked_add(data.len() as u64)
            .is_none_or(|e| e > self.size)
        {
            return Err(Error::OutOfBounds {
                offset,
                len: data.len() as u64,
                size: self.size,
            });
        }
        // SAFETY: the range lies inside the mapping (checked), which no device work touches
        // while the host writes (submissions are synchronous); the source is a distinct slice.
        unsafe {
            std::ptr::copy_nonoverlapping(data.as_ptr(), self.ptr.add(offset as usize), data.len())
        };
        Ok(())
    }

    /// Copies bytes from byte `offset` of the mapping into `out`.
    pub fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), Error> {
        if offset
            .checked_add(out.len() as u64)
            .is_none_or(|e| e > self.size)
        {
            return Err(Error::OutOfBounds {
                offset,
                len: out.len() as u64,
                size: self.size,
            });
        }
        // SAFETY: as in `write`, reading; coherent memory needs no invalidation, and the
        // copy that filled it was made host-visible by a barrier before the fence.
        unsafe {
            std::ptr::copy_nonoverlapping(
                self.ptr.add(offset as usize),
                out.as_mut_ptr(),
                out.len(),
            )
        };
        Ok(())
    }
}
