//! Images and samplers (OpenCL flavour): image types are `OpTypeImage` with the kernel's
//! access qualifier; constant samplers are `OpConstantSampler`; reads with a sampler sample
//! at level 0, reads without one and writes go to the texels directly.

use super::function::FnState;
use super::types::ConstScalar;
use super::{bug, Result, Writer};
use clc_passes::ast::builtin::ImageFn;
use clc_passes::ast::{Expr, Handle, ImageAccess, ImageDim, ImageType, Scalar, Type};
use clc_passes::diag::Span;
use rspirv::dr::Operand;
use rspirv::spirv::{
    AccessQualifier, Capability, Dim, ImageFormat, ImageOperands, SamplerAddressingMode,
    SamplerFilterMode, Word,
};

/// OpenCL's `CLK_*` image channel constants start at these values; SPIR-V's at 0.
const CL_CHANNEL_ORDER_BASE: u32 = 0x10B0;
const CL_CHANNEL_TYPE_BASE: u32 = 0x10D0;

impl Writer<'_> {
    /// `OpTypeImage` for an OpenCL image type.
    pub(super) fn image_type(&mut self, image: ImageType) -> Word {
        let void = self.b.type_void();
        let (dim, arrayed) = match image.dim {
            ImageDim::D1 | ImageDim::D1Array => {
                self.capabilities.insert(Capability::Sampled1D);
                (Dim::Dim1D, u32::from(image.dim == ImageDim::D1Array))
            }
            ImageDim::D1Buffer => {
                self.capabilities.insert(Capability::SampledBuffer);
                (Dim::DimBuffer, 0)
            }
            ImageDim::D2 => (Dim::Dim2D, 0),
            ImageDim::D2Array => (Dim::Dim2D, 1),
            ImageDim::D3 => (Dim::Dim3D, 0),
        };
        self.capabilities.insert(Capability::ImageBasic);
        let access = match image.access {
            ImageAccess::ReadOnly => AccessQualifier::ReadOnly,
            ImageAccess::WriteOnly => AccessQualifier::WriteOnly,
            ImageAccess::ReadWrite => {
                self.capabilities.insert(Capability::ImageReadWrite);
                AccessQualifier::ReadWrite
            }
        };
        self.b.type_image(
            void,
            dim,
            u32::from(image.depth),
            arrayed,
            0,
            0,
            ImageFormat::Unknown,
            Some(access),
        )
    }

    /// A constant sampler: an `OpConstantSampler` (OpenCL) or its bits as a `uint`
    /// (Vulkan, see `vk_images`).
    pub(super) fn sampler_value(&mut self, st: &mut FnState<'_>, bits: u64) -> Word {
        if self.opts.flavor.is_vulkan() {
            return self.u32_const(bits as u32);
        }
        self.function_sampler(st, bits)
    }

    /// The constant sampler `bits` for the function being built: drivers' SPIR-V readers
    /// (Intel's CPU runtime) cannot share one `OpConstantSampler` between functions.
    pub(super) fn function_sampler(&mut self, st: &mut FnState<'_>, bits: u64) -> Word {
        if let Some(&s) = st.samplers.get(&bits) {
            return s;
        }
        let s = self.constant_sampler(bits);
        st.samplers.insert(bits, s);
        s
    }

    /// `OpConstantSampler` from OpenCL's sampler bits (`CLK_NORMALIZED_COORDS_TRUE` 1,
    /// addressing modes 0/2/4/6/8, `CLK_FILTER_NEAREST` 0x10, `CLK_FILTER_LINEAR` 0x20).
    pub(super) fn constant_sampler(&mut self, bits: u64) -> Word {
        self.capabilities.insert(Capability::LiteralSampler);
        let ty = self.b.type_sampler();
        let addressing = match (bits >> 1) & 7 {
            1 => SamplerAddressingMode::ClampToEdge,
            2 => SamplerAddressingMode::Clamp,
            3 => SamplerAddressingMode::Repeat,
            4 => SamplerAddressingMode::RepeatMirrored,
            _ => SamplerAddressingMode::None,
        };
        let filter = if bits & 0x20 != 0 {
            SamplerFilterMode::Linear
        } else {
            SamplerFilterMode::Nearest
        };
        self.b
            .constant_sampler(ty, addressing, (bits & 1) as u32, filter)
    }

    pub(super) fn image_builtin(
        &mut self,
        st: &mut FnState<'_>,
        f: ImageFn,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        if self.opts.flavor.is_vulkan() {
            return self.vk_image_builtin(st, f, args, result, span);
        }
        let Some(&img_e) = args.first() else {
            return bug(span, "image builtin without an image");
        };
        let Type::Image(image) = self.m.types.get(st.f.exprs[img_e].ty).clone() else {
            return bug(span, "image builtin on a non-image");
        };
        let img = self.value(st, img_e)?;
        let ty = self.ty(result, span)?;
        let uint = self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        });
        match f {
            ImageFn::Read => {
                let sampler = args.len() == 3;
                let coord_e = if sampler {
                    args[2]
                } else {
                    args.get(1).copied().ok_or_else(|| {
                        super::Error::Bug(Box::new(clc_passes::diag::Bug::new(
                            span,
                            "read without coordinates",
                        )))
                    })?
                };
                let coord = self.value(st, coord_e)?;
                if sampler {
                    let s = self.value(st, args[1])?;
                    let it = self.image_type(image);
                    let sit = self.b.type_sampled_image(it);
                    let si = self.b.sampled_image(sit, None, img, s)?;
                    let zero =
                        self.scalar_const(Scalar::Float { width: 32 }, ConstScalar::Float(0.0));
                    Ok(self.b.image_sample_explicit_lod(
                        ty,
                        None,
                        si,
                        coord,
                        ImageOperands::LOD,
                        [Operand::IdRef(zero)],
                    )?)
                } else {
                    Ok(self.b.image_read(ty, None, img, coord, None, [])?)
                }
            }
            ImageFn::Write => {
                let (Some(&c), Some(&v)) = (args.get(1), args.get(2)) else {
                    return bug(span, "write_image arguments");
                };
                let coord = self.value(st, c)?;
                let texel = self.value(st, v)?;
                self.b.image_write(img, coord, texel, None, [])?;
                Ok(0)
            }
            ImageFn::ChannelDataType | ImageFn::ChannelOrder => {
                let q = if f == ImageFn::ChannelOrder {
                    self.b.image_query_order(uint, None, img)?
                } else {
                    self.b.image_query_format(uint, None, img)?
                };
                let base = self.u32_const(if f == ImageFn::ChannelOrder {
                    CL_CHANNEL_ORDER_BASE
                } else {
                    CL_CHANNEL_TYPE_BASE
                });
                let v = self.b.i_add(uint, None, q, base)?;
                Ok(if ty == uint {
                    v
                } else {
                    self.b.u_convert(ty, None, v)?
                })
            }
            ImageFn::Width
            | ImageFn::Height
            | ImageFn::Depth
            | ImageFn::ArraySize
            | ImageFn::Dim => {
                let comps = match image.dim {
                    ImageDim::D1 | ImageDim::D1Buffer => 1,
                    ImageDim::D1Array | ImageDim::D2 => 2,
                    ImageDim::D2Array | ImageDim::D3 => 3,
                };
                let size_ty = if comps == 1 {
                    uint
                } else {
                    self.b.type_vector(uint, comps)
                };
                let size = if image.dim == ImageDim::D1Buffer {
                    self.b.image_query_size(size_ty, None, img)?
                } else {
                    let lod = self.u32_const(0);
                    self.b.image_query_size_lod(size_ty, None, img, lod)?
                };
                let component = |k: u32| k.min(comps - 1);
                let pick = match f {
                    ImageFn::Width => Some(0),
                    ImageFn::Height => Some(component(1)),
                    ImageFn::Depth => Some(component(2)),
                    ImageFn::ArraySize => Some(comps - 1),
                    _ => None,
                };
                let v = match pick {
                    Some(k) if comps > 1 => self.b.composite_extract(uint, None, size, [k])?,
                    Some(_) => size,
                    None => {
                        // get_image_dim: int2 (width, height) or int4 (width, height, depth, 0).
                        let Some((elem, n)) = self.numeric(result) else {
                            return bug(span, "get_image_dim result");
                        };
                        let et = self.scalar(elem);
                        let mut parts = Vec::new();
                        for k in 0..u32::from(n) {
                            parts.push(if k < comps {
                                self.b.composite_extract(et, None, size, [k])?
                            } else {
                                self.u32_const(0)
                            });
                        }
                        return self.build_vector(ty, &parts);
                    }
                };
                Ok(if ty == uint {
                    v
                } else {
                    self.b.u_convert(ty, None, v)?
                })
            }
        }
    }
}
