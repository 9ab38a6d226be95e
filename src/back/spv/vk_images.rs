//! Images and samplers on the Vulkan target (docs/VULKAN.md, "Images and samplers").
//!
//! An image argument is a descriptor: `read_only` images are sampled images (uniform texel
//! buffers for `image1d_buffer_t`), the others storage images (storage texel buffers). Its
//! `OpTypeImage` needs a numeric texel type, which OpenCL's image types do not have: it is
//! taken from the reads and writes the image meets, through every function it is passed to
//! ([`image_texels`]). Each image value travels with a `v2uint` holding its OpenCL channel
//! order and data type (from the argument block), which Vulkan cannot query.
//!
//! A sampler is its OpenCL bits (`uint`). Reads through a sampler are computed here from
//! texel fetches, with OpenCL's formulas for normalized coordinates, the addressing modes,
//! nearest and linear filtering and the border colour of each channel order: Vulkan's
//! samplers cannot express unnormalized coordinates on 3D or array images, the
//! border colour of `CL_R`-like orders or OpenCL's filter precision. A constant sampler
//! gets only its own path; the code of a sampler argument selects between all of them.

use super::function::FnState;
use super::vkmath::{Fx, I32, U32};
use super::{bug, unsupported, Result, Writer};
use clc_passes::ast::builtin::{Builtin, ImageFn};
use clc_passes::ast::{
    Expr, ExprKind, Function, Handle, ImageAccess, ImageDim, ImageType, Module, Scalar, Type,
};
use clc_passes::diag::{Diagnostic, Span};
use rspirv::dr::Operand;
use rspirv::spirv::{Capability, Dim, GlslStd450Op as GLOp, ImageFormat, ImageOperands, Word};
use rustc_hash::FxHashMap;

const F32: Scalar = Scalar::Float { width: 32 };

/// `CL_R`, `CL_RG`, `CL_RGB` and `CL_LUMINANCE`: the channel orders whose border colour
/// has alpha 1 (the others' is transparent black).
const OPAQUE_BORDER_ORDERS: [u32; 4] = [0x10B0, 0x10B2, 0x10B4, 0x10B9];

/// The numeric kind of an image's texels: its `OpTypeImage`'s sampled type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Texel {
    /// `read_imagef`/`read_imageh`/`write_imagef`/`write_imageh`.
    Float,
    /// `read_imagei`/`write_imagei`.
    Int,
    /// `read_imageui`/`write_imageui`.
    Uint,
}

impl Texel {
    fn of(s: Scalar) -> Texel {
        match s {
            Scalar::Int { signed: true, .. } => Texel::Int,
            Scalar::Int { .. } | Scalar::Bool => Texel::Uint,
            Scalar::Float { .. } => Texel::Float,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Texel::Float => "float",
            Texel::Int => "int",
            Texel::Uint => "uint",
        }
    }

    /// The scalar kind arithmetic on these texels uses (integers signless in the module).
    fn scalar(self) -> Scalar {
        match self {
            Texel::Float => F32,
            Texel::Int => I32,
            Texel::Uint => U32,
        }
    }
}

/// An image value, the `v2uint` (channel order, channel data type)
/// that comes with it, its texel kind.
#[derive(Debug, Clone, Copy)]
pub(super) struct VkImage {
    /// The image (an SSA value: a parameter or a load of the descriptor).
    pub(super) value: Word,
    pub(super) info: Word,
    pub(super) texel: Texel,
}

/// The image parameter an expression reads, as (function, parameter index).
fn image_param(
    f: &Function,
    fh: Handle<Function>,
    e: Handle<Expr>,
) -> Option<(Handle<Function>, usize)> {
    let ExprKind::Load(p) = f.exprs[e].kind else {
        return None;
    };
    let ExprKind::Local(l) = f.exprs[p].kind else {
        return None;
    };
    f.params.iter().position(|&q| q == l).map(|i| (fh, i))
}

/// The element kind of a scalar or vector type.
fn elem_scalar(m: &Module, ty: Handle<Type>) -> Option<Scalar> {
    match m.types.get(ty) {
        Type::Scalar(s) => Some(*s),
        Type::Vector { elem, .. } => Some(*elem),
        _ => None,
    }
}

/// The texel kind of every image parameter of every function: what the reads and writes
/// of the image, in the function and in those it passes the image to, take and give
/// (float where there are none). An image used with two kinds is an `unsupported:` error.
pub(super) fn image_texels(
    m: &Module,
) -> std::result::Result<FxHashMap<(Handle<Function>, usize), Texel>, Diagnostic> {
    type Node = (Handle<Function>, usize);
    let mut kinds: FxHashMap<Node, (Texel, Span)> = FxHashMap::default();
    let mut edges: Vec<(Node, Node, Span)> = Vec::new();
    let conflict = |span: Span, a: Texel, b: Texel| {
        Diagnostic::unsupported(
            span,
            format!(
                "an image read or written with both {} and {} texels on the Vulkan target",
                a.name(),
                b.name()
            ),
        )
    };
    for (fh, f) in m.functions.iter() {
        for (_, e) in f.exprs.iter() {
            match &e.kind {
                ExprKind::Builtin {
                    builtin: Builtin::Image(op @ (ImageFn::Read | ImageFn::Write)),
                    args,
                } => {
                    let Some(node) = args.first().and_then(|&a| image_param(f, fh, a)) else {
                        continue;
                    };
                    let ty = if *op == ImageFn::Read {
                        Some(e.ty)
                    } else {
                        args.get(2).map(|&v| f.exprs[v].ty)
                    };
                    let Some(s) = ty.and_then(|t| elem_scalar(m, t)) else {
                        continue;
                    };
                    let k = Texel::of(s);
                    match kinds.get(&node) {
                        Some(&(old, _)) if old != k => return Err(conflict(e.span, old, k)),
                        _ => {
                            kinds.insert(node, (k, e.span));
                        }
                    }
                }
                ExprKind::Call { function, args } => {
                    for (j, &a) in args.iter().enumerate() {
                        if let Some(node) = image_param(f, fh, a) {
                            edges.push((node, (*function, j), e.span));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    // Caller and callee parameters share their kind.
    let mut changed = true;
    while changed {
        changed = false;
        for &(a, b, span) in &edges {
            match (kinds.get(&a).copied(), kinds.get(&b).copied()) {
                (Some((x, _)), Some((y, _))) if x != y => return Err(conflict(span, x, y)),
                (Some(k), None) => {
                    kinds.insert(b, k);
                    changed = true;
                }
                (None, Some(k)) => {
                    kinds.insert(a, k);
                    changed = true;
                }
                _ => {}
            }
        }
    }
    Ok(kinds.into_iter().map(|(n, (k, _))| (n, k)).collect())
}

/// What a sampler's bits say, known when the sampler is a constant.
#[derive(Clone, Copy)]
enum Bits {
    Known(u32),
    /// The `uint` bits at run time.
    Dynamic(Word),
}

impl Writer<'_> {
    /// The `OpTypeImage` of an image with texels `texel`.
    pub(super) fn vk_image_type(&mut self, image: ImageType, texel: Texel) -> Word {
        let sampled = match texel {
            Texel::Float => self.scalar(F32),
            Texel::Int => self.b.type_int(32, 1),
            Texel::Uint => self.scalar(U32),
        };
        let storage = image.access != ImageAccess::ReadOnly;
        let (dim, arrayed) = match image.dim {
            ImageDim::D1 => (Dim::Dim1D, 0),
            ImageDim::D1Array => (Dim::Dim1D, 1),
            ImageDim::D1Buffer => (Dim::DimBuffer, 0),
            ImageDim::D2 => (Dim::Dim2D, 0),
            ImageDim::D2Array => (Dim::Dim2D, 1),
            ImageDim::D3 => (Dim::Dim3D, 0),
        };
        let cap = match (image.dim, storage) {
            (ImageDim::D1 | ImageDim::D1Array, false) => Some(Capability::Sampled1D),
            (ImageDim::D1 | ImageDim::D1Array, true) => Some(Capability::Image1D),
            (ImageDim::D1Buffer, false) => Some(Capability::SampledBuffer),
            (ImageDim::D1Buffer, true) => Some(Capability::ImageBuffer),
            _ => None,
        };
        self.capabilities.extend(cap);
        if storage {
            self.capabilities
                .insert(Capability::StorageImageWriteWithoutFormat);
            if image.access == ImageAccess::ReadWrite {
                self.capabilities
                    .insert(Capability::StorageImageReadWithoutFormat);
            }
        }
        self.b.type_image(
            sampled,
            dim,
            0,
            arrayed,
            0,
            if storage { 2 } else { 1 },
            ImageFormat::Unknown,
            None,
        )
    }

    /// The `v4` type of an image's texels.
    fn texel_vec(&mut self, texel: Texel) -> Word {
        let s = match texel {
            Texel::Int => self.b.type_int(32, 1),
            other => self.scalar(other.scalar()),
        };
        self.b.type_vector(s, 4)
    }

    /// The value of a `u32` constant id, if `id` is one.
    fn known_u32(&self, id: Word) -> Option<u32> {
        self.b
            .module_ref()
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(id) && i.class.opcode == rspirv::spirv::Op::Constant)
            .and_then(|i| match i.operands.first() {
                Some(Operand::LiteralBit32(v)) => Some(*v),
                _ => None,
            })
    }

    /// An image builtin on the Vulkan target.
    pub(super) fn vk_image_builtin(
        &mut self,
        st: &mut FnState<'_>,
        f: ImageFn,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let Some(&img_e) = args.first() else {
            return bug(span, "image builtin without an image");
        };
        let Type::Image(image) = self.m.types.get(st.f.exprs[img_e].ty).clone() else {
            return bug(span, "image builtin on a non-image");
        };
        let img_v = self.value(st, img_e)?;
        let Some(&img) = self.vk_images.get(&img_v) else {
            return bug(span, "image value without its descriptor");
        };
        let ty = self.ty(result, span)?;
        let uint = self.scalar(U32);
        match f {
            ImageFn::Read => {
                let sampler = args.len() == 3;
                let Some(&coord_e) = args.get(if sampler { 2 } else { 1 }) else {
                    return bug(span, "read without coordinates");
                };
                let coord = self.value(st, coord_e)?;
                let Some((coord_s, coord_n)) = self.numeric(st.f.exprs[coord_e].ty) else {
                    return bug(span, "image coordinates that are not numbers");
                };
                let coord_float = matches!(coord_s, Scalar::Float { .. });
                let texel = if sampler {
                    let s = self.value(st, args[1])?;
                    let bits = match self.known_u32(s) {
                        Some(b) => Bits::Known(b),
                        None => Bits::Dynamic(s),
                    };
                    self.sample(img, image, bits, coord, coord_n, coord_float, span)?
                } else if coord_float {
                    return unsupported(span, "a sampler-less image read with float coordinates");
                } else {
                    self.fetch(img, image, coord)?
                };
                self.texel_to_result(img, texel, result, ty, span)
            }
            ImageFn::Write => {
                let (Some(&c), Some(&v)) = (args.get(1), args.get(2)) else {
                    return bug(span, "write_image arguments");
                };
                let coord = self.value(st, c)?;
                let value = self.value(st, v)?;
                let vec = self.texel_vec(img.texel);
                let texel = match (self.numeric(st.f.exprs[v].ty), img.texel) {
                    // A depth image's texel is one float.
                    (Some((_, 1)), _) => {
                        let zero = self.scalar_const(F32, super::types::ConstScalar::Float(0.0));
                        self.b
                            .composite_construct(vec, None, [value, zero, zero, zero])?
                    }
                    (Some((Scalar::Float { width: 16 }, _)), _) => {
                        self.float_convert(vec, value, Scalar::Float { width: 16 }, (F32, 4))?
                    }
                    // Signed texels: the module's integers are signless.
                    (_, Texel::Int) => self.b.bitcast(vec, None, value)?,
                    _ => value,
                };
                let texel = if img.texel == Texel::Float {
                    self.normalized_texel(img.info, texel)?
                } else {
                    texel
                };
                self.b.image_write(img.value, coord, texel, None, [])?;
                Ok(0)
            }
            ImageFn::ChannelDataType | ImageFn::ChannelOrder => {
                let k = u32::from(f == ImageFn::ChannelDataType);
                let v = self.b.composite_extract(uint, None, img.info, [k])?;
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
                let dims = self.image_dims(img.value, image)?;
                let comps = dims.len() as u32;
                let spatial = spatial_dims(image.dim);
                let pick = match f {
                    ImageFn::Width => Some(0),
                    ImageFn::Height => Some(1.min(spatial - 1)),
                    ImageFn::Depth => Some(2.min(spatial - 1)),
                    ImageFn::ArraySize => Some(comps - 1),
                    _ => None,
                };
                match pick {
                    Some(k) => {
                        let v = dims[k as usize];
                        Ok(if ty == uint {
                            v
                        } else {
                            self.b.s_convert(ty, None, v)?
                        })
                    }
                    None => {
                        // get_image_dim: int2 (width, height) or int4 (width, height, depth, 0).
                        let Some((_, n)) = self.numeric(result) else {
                            return bug(span, "get_image_dim result");
                        };
                        let zero = self.u32_const(0);
                        let parts: Vec<Word> = (0..usize::from(n))
                            .map(|k| if k < spatial as usize { dims[k] } else { zero })
                            .collect();
                        self.build_vector(ty, &parts)
                    }
                }
            }
        }
    }

    /// A float texel for a write, rounded as OpenCL rounds it into a normalized format
    /// (`convert_uchar_sat_rte(v * 255)` for `CL_UNORM_INT8`, …) when the image's channel
    /// type (from `info`) is one: the device then only has to convert `(k ± 1/4) / 255` to
    /// `k`, which rounding to nearest and truncation both do (NVIDIA's conversion is not
    /// round-to-nearest).
    fn normalized_texel(&mut self, info: Word, texel: Word) -> Result<Word> {
        let fx = Fx::new(self, 4);
        fx.reg(texel, F32);
        let ty = fx.raw(U32, |w| {
            let u = w.scalar(U32);
            let t = w.b.composite_extract(u, None, info, [1])?;
            let v4 = w.numeric_ty((U32, 4));
            Ok(w.b.composite_construct(v4, None, [t; 4])?)
        });
        // (channel type, scale, lowest value): SNORM_INT8, SNORM_INT16, UNORM_INT8, UNORM_INT16.
        let mut out = texel;
        for (code, scale, low) in [
            (0x10D0, 127.0, -1.0),
            (0x10D1, 32767.0, -1.0),
            (0x10D2, 255.0, 0.0),
            (0x10D3, 65535.0, 0.0),
        ] {
            let s = fx.cf(F32, scale);
            let lo = fx.cf(F32, low * scale);
            let scaled = fx.mul(texel, s);
            let k = fx.rint(fx.fmin(fx.fmax(scaled, lo), s));
            // A quarter step away from zero, then back to [low, 1].
            let quarter = fx.cf(F32, 0.25);
            let zero = fx.cf(F32, 0.0);
            let neg = fx.lt(k, zero);
            let bias = fx.sel(neg, fx.neg(quarter), quarter);
            let biased = fx.div(fx.add(k, bias), s);
            let is = fx.eq(ty, fx.ci(U32, code));
            out = fx.sel(is, biased, out);
        }
        fx.finish(out)
    }

    /// The image's size in each dimension, then its layer count for arrays (`int`s).
    fn image_dims(&mut self, img: Word, image: ImageType) -> Result<Vec<Word>> {
        self.capabilities.insert(Capability::ImageQuery);
        let int = self.scalar(I32);
        let n = spatial_dims(image.dim) + u32::from(arrayed(image.dim));
        let ty = if n == 1 {
            int
        } else {
            self.b.type_vector(int, n)
        };
        let size = if image.access == ImageAccess::ReadOnly && image.dim != ImageDim::D1Buffer {
            let lod = self.u32_const(0);
            self.b.image_query_size_lod(ty, None, img, lod)?
        } else {
            self.b.image_query_size(ty, None, img)?
        };
        if n == 1 {
            return Ok(vec![size]);
        }
        (0..n)
            .map(|k| Ok(self.b.composite_extract(int, None, size, [k])?))
            .collect()
    }

    /// The texel at integer coordinates `coord` (a vector holding at least the image's
    /// coordinates and layer), without a sampler.
    fn fetch(&mut self, img: VkImage, image: ImageType, coord: Word) -> Result<Word> {
        let vec = self.texel_vec(img.texel);
        let value = img.value;
        Ok(if image.access != ImageAccess::ReadOnly {
            self.b.image_read(vec, None, value, coord, None, [])?
        } else if image.dim == ImageDim::D1Buffer {
            self.b.image_fetch(vec, None, value, coord, None, [])?
        } else {
            let lod = self.u32_const(0);
            self.b.image_fetch(
                vec,
                None,
                value,
                coord,
                Some(ImageOperands::LOD),
                [Operand::IdRef(lod)],
            )?
        })
    }

    /// A texel (`v4` of the image's kind) converted to the read's result.
    fn texel_to_result(
        &mut self,
        img: VkImage,
        texel: Word,
        result: Handle<Type>,
        ty: Word,
        span: Span,
    ) -> Result<Word> {
        let vec = self.texel_vec(img.texel);
        Ok(match self.numeric(result) {
            // A depth image's texel: its first component.
            Some((F32, 1)) if img.texel == Texel::Float => {
                self.b.composite_extract(ty, None, texel, [0])?
            }
            Some((_, 1)) => return bug(span, "image read of a scalar that is not float"),
            Some((Scalar::Float { width: 16 }, _)) => self.b.f_convert(ty, None, texel)?,
            _ if ty == vec => texel,
            _ => self.b.bitcast(ty, None, texel)?,
        })
    }
}

fn spatial_dims(dim: ImageDim) -> u32 {
    match dim {
        ImageDim::D1 | ImageDim::D1Array | ImageDim::D1Buffer => 1,
        ImageDim::D2 | ImageDim::D2Array => 2,
        ImageDim::D3 => 3,
    }
}

fn arrayed(dim: ImageDim) -> bool {
    matches!(dim, ImageDim::D1Array | ImageDim::D2Array)
}

/// One dimension of a sampled read: the texel indices (clamped into the image, `int`),
/// whether each is outside it under `CLK_ADDRESS_CLAMP` (border colour), and for linear
/// filtering the weight of the second.
struct Axis {
    idx: [Word; 2],
    border: [Word; 2],
    weight: Word,
}

/// The sampler's decisions as values (`bool`s), or known.
struct Modes {
    bits: Bits,
    norm: Word,
    repeat: Word,
    mirror: Word,
    clamp: Word,
}

impl Modes {
    fn addr(&self) -> Option<u32> {
        match self.bits {
            Bits::Known(b) => Some((b >> 1) & 7),
            Bits::Dynamic(_) => None,
        }
    }

    /// `repeat`, `mirror` or `plain` by the addressing mode, each computed only where it
    /// can be taken.
    fn by_addr(
        &self,
        fx: &Fx<'_, '_>,
        repeat: impl FnOnce() -> Word,
        mirror: impl FnOnce() -> Word,
        plain: impl FnOnce() -> Word,
    ) -> Word {
        match self.addr() {
            Some(3) => repeat(),
            Some(4) => mirror(),
            Some(_) => plain(),
            None => {
                let (r, m, p) = (repeat(), mirror(), plain());
                let mp = fx.sel(self.mirror, m, p);
                fx.sel(self.repeat, r, mp)
            }
        }
    }

    /// Whether index `i` (float) is outside `[0, n - 1]` under `CLK_ADDRESS_CLAMP`.
    fn border(&self, fx: &Fx<'_, '_>, i: Word, last: Word) -> Word {
        if matches!(self.addr(), Some(a) if a != 2) {
            return fx.ci(Scalar::Bool, 0);
        }
        let zero = fx.cf(F32, 0.0);
        let below = fx.lt(i, zero);
        let above = fx.gt(i, last);
        let out = fx.or(below, above);
        match self.addr() {
            Some(_) => out,
            None => fx.and(self.clamp, out),
        }
    }
}

impl Writer<'_> {
    /// A read through a sampler: the texel (`v4` of the image's kind) at `coord`.
    fn sample(
        &mut self,
        img: VkImage,
        image: ImageType,
        bits: Bits,
        coord: Word,
        coord_n: u8,
        coord_float: bool,
        span: Span,
    ) -> Result<Word> {
        let dims = self.image_dims(img.value, image)?;
        let spatial = spatial_dims(image.dim) as usize;
        let n_coord = dims.len();
        let vec = self.texel_vec(img.texel);
        let coord_kind = if coord_float { F32 } else { I32 };
        let ct = self.scalar(coord_kind);
        let mut c = Vec::new();
        for k in 0..n_coord as u32 {
            c.push(if coord_n == 1 {
                coord
            } else {
                self.b.composite_extract(ct, None, coord, [k])?
            });
        }
        let linear_possible = img.texel == Texel::Float
            && coord_float
            && !matches!(bits, Bits::Known(b) if b & 0x20 == 0);
        let nearest_possible = !matches!(bits, Bits::Known(b) if b & 0x20 != 0 && coord_float);
        if !nearest_possible && img.texel != Texel::Float {
            return unsupported(span, "linear filtering of an integer image");
        }
        let int = self.scalar(I32);
        let ivec = if n_coord == 1 {
            int
        } else {
            self.b.type_vector(int, n_coord as u32)
        };
        let info = img.info;

        let fx = Fx::new(self, 1);
        let c: Vec<Word> = c.into_iter().map(|v| fx.reg(v, coord_kind)).collect();
        let dims: Vec<Word> = dims.into_iter().map(|v| fx.reg(v, I32)).collect();
        let modes = {
            let flag = |mask: i64, want: i64| match bits {
                Bits::Known(b) => fx.ci(Scalar::Bool, i64::from(i64::from(b) & mask == want)),
                Bits::Dynamic(v) => {
                    let v = fx.reg(v, U32);
                    let m = fx.andi(v, mask);
                    let w = fx.ci(U32, want);
                    fx.eq(m, w)
                }
            };
            Modes {
                bits,
                norm: flag(1, 1),
                repeat: flag(0xE, 6),
                mirror: flag(0xE, 8),
                clamp: flag(0xE, 4),
            }
        };
        // The array layer: `clamp(rint(layer), 0, layers - 1)`, never normalized.
        let layer = arrayed(image.dim).then(|| {
            let last = fx.sub(dims[spatial], fx.ci(I32, 1));
            let l = if coord_float {
                let r = fx.rint(c[spatial]);
                fx.conv(r, I32)
            } else {
                c[spatial]
            };
            let zero = fx.ci(I32, 0);
            fx.glsl(GLOp::SClamp, &[l, zero, last])
        });
        // Per dimension: nearest (index 0 only) and linear axes.
        let mut near = Vec::new();
        let mut lin = Vec::new();
        for d in 0..spatial {
            let n_i = dims[d];
            let last_i = fx.sub(n_i, fx.ci(I32, 1));
            if !coord_float {
                // Integer coordinates: unnormalized, nearest; only CLAMP has a border.
                let zero = fx.ci(I32, 0);
                let idx = fx.glsl(GLOp::SClamp, &[c[d], zero, last_i]);
                let cf = fx.conv(c[d], F32);
                let lastf = fx.conv(last_i, F32);
                let border = modes.border(&fx, cf, lastf);
                near.push(Axis {
                    idx: [idx, idx],
                    border: [border, border],
                    weight: fx.cf(F32, 0.0),
                });
                continue;
            }
            let u = c[d];
            let nf = fx.conv(n_i, F32);
            let last = fx.conv(last_i, F32);
            let one = fx.cf(F32, 1.0);
            let half = fx.cf(F32, 0.5);
            let zero = fx.cf(F32, 0.0);
            // The coordinate in texels for each mode.
            let x_repeat = || {
                let fl = fx.floor(u);
                let fr = fx.sub(u, fl);
                fx.mul(fr, nf)
            };
            let x_mirror = || {
                let h = fx.mul(u, half);
                let r = fx.rint(h);
                let two = fx.cf(F32, 2.0);
                let s = fx.mul(r, two);
                let s = fx.sub(u, s);
                let s = fx.abs(s);
                fx.mul(s, nf)
            };
            let x_plain = || match modes.bits {
                Bits::Known(b) if b & 1 == 0 => u,
                Bits::Known(_) => fx.mul(u, nf),
                Bits::Dynamic(_) => {
                    let un = fx.mul(u, nf);
                    fx.sel(modes.norm, un, u)
                }
            };
            let clamp_idx = |i: Word| {
                let i = fx.fmax(i, zero);
                let i = fx.fmin(i, last);
                fx.conv(i, I32)
            };
            if nearest_possible {
                let i = modes.by_addr(
                    &fx,
                    || {
                        let i = fx.floor(x_repeat());
                        let gt = fx.gt(i, last);
                        let w = fx.sub(i, nf);
                        fx.sel(gt, w, i)
                    },
                    || {
                        let i = fx.floor(x_mirror());
                        fx.fmin(i, last)
                    },
                    || fx.floor(x_plain()),
                );
                let border = modes.border(&fx, i, last);
                let idx = clamp_idx(i);
                near.push(Axis {
                    idx: [idx, idx],
                    border: [border, border],
                    weight: zero,
                });
            }
            if linear_possible {
                let t = modes.by_addr(
                    &fx,
                    || fx.sub(x_repeat(), half),
                    || fx.sub(x_mirror(), half),
                    || fx.sub(x_plain(), half),
                );
                let f0 = fx.floor(t);
                let a = fx.sub(t, f0);
                let f1 = fx.add(f0, one);
                let i0 = modes.by_addr(
                    &fx,
                    || {
                        let neg = fx.lt(f0, zero);
                        let w = fx.add(f0, nf);
                        fx.sel(neg, w, f0)
                    },
                    || fx.fmax(f0, zero),
                    || f0,
                );
                let i1 = modes.by_addr(
                    &fx,
                    || {
                        let over = fx.gt(f1, last);
                        let w = fx.sub(f1, nf);
                        fx.sel(over, w, f1)
                    },
                    || fx.fmin(f1, last),
                    || f1,
                );
                let b0 = modes.border(&fx, i0, last);
                let b1 = modes.border(&fx, i1, last);
                lin.push(Axis {
                    idx: [clamp_idx(i0), clamp_idx(i1)],
                    border: [b0, b1],
                    weight: a,
                });
            }
        }
        // The border colour: (0, 0, 0, alpha), alpha 1 for the orders without alpha.
        let order = fx.raw(U32, |w| {
            let t = w.scalar(U32);
            Ok(w.b.composite_extract(t, None, info, [0])?)
        });
        let mut opaque = fx.ci(Scalar::Bool, 0);
        for o in OPAQUE_BORDER_ORDERS {
            let k = fx.ci(U32, i64::from(o));
            let e = fx.eq(order, k);
            opaque = fx.or(opaque, e);
        }
        let texel_kind = img.texel.scalar();
        let (z, one) = match img.texel {
            Texel::Float => (fx.cf(F32, 0.0), fx.cf(F32, 1.0)),
            _ => (fx.ci(texel_kind, 0), fx.ci(texel_kind, 1)),
        };
        let alpha = fx.sel(opaque, one, z);
        let border_color = fx.raw(texel_kind, |w| {
            let comps = [z, z, z, alpha];
            let comps = match img.texel {
                Texel::Int => {
                    let si = w.b.type_int(32, 1);
                    comps.map(|c| w.b.bitcast(si, None, c).unwrap_or(c))
                }
                _ => comps,
            };
            Ok(w.b.composite_construct(vec, None, comps)?)
        });
        // One texel at the per-dimension choices `pick` (0 or 1) of `axes`.
        let texel_at = |axes: &[Axis], pick: &[usize]| -> Word {
            let mut idx: Vec<Word> = axes.iter().zip(pick).map(|(a, &p)| a.idx[p]).collect();
            idx.extend(layer);
            let mut border = fx.ci(Scalar::Bool, 0);
            for (a, &p) in axes.iter().zip(pick) {
                border = fx.or(border, a.border[p]);
            }
            let t = fx.raw(texel_kind, |w| {
                let coord = if idx.len() == 1 {
                    idx[0]
                } else {
                    w.b.composite_construct(ivec, None, idx.clone())?
                };
                w.fetch(img, image, coord)
            });
            fx.raw(texel_kind, |w| {
                Ok(w.b.select(vec, None, border, border_color, t)?)
            })
        };
        let nearest = nearest_possible.then(|| texel_at(&near, &vec![0; spatial]));
        let linear = linear_possible.then(|| {
            // Σ over the 2^n corners of Π (weight or 1 - weight) × texel.
            let mut sum: Option<Word> = None;
            for corner in 0..(1usize << spatial) {
                let pick: Vec<usize> = (0..spatial).map(|d| (corner >> d) & 1).collect();
                let mut wgt = fx.cf(F32, 1.0);
                for (a, &p) in lin.iter().zip(&pick) {
                    let f = if p == 1 {
                        a.weight
                    } else {
                        let one = fx.cf(F32, 1.0);
                        fx.sub(one, a.weight)
                    };
                    wgt = fx.mul(wgt, f);
                }
                let t = texel_at(&lin, &pick);
                let term = fx.raw(F32, |w| {
                    let id = w.b.vector_times_scalar(vec, None, t, wgt)?;
                    w.b.decorate(id, rspirv::spirv::Decoration::NoContraction, []);
                    Ok(id)
                });
                sum = Some(match sum {
                    None => term,
                    Some(s) => fx.raw(F32, |w| {
                        let id = w.b.f_add(vec, None, s, term)?;
                        w.b.decorate(id, rspirv::spirv::Decoration::NoContraction, []);
                        Ok(id)
                    }),
                });
            }
            sum.unwrap_or(0)
        });
        let out = match (nearest, linear) {
            (Some(n), Some(l)) => {
                let is_linear = match bits {
                    Bits::Known(b) => fx.ci(Scalar::Bool, i64::from(b & 0x20 != 0)),
                    Bits::Dynamic(v) => {
                        let v = fx.reg(v, U32);
                        let m = fx.andi(v, 0x20);
                        let zero = fx.ci(U32, 0);
                        fx.ne(m, zero)
                    }
                };
                fx.raw(texel_kind, |w| {
                    Ok(w.b.select(vec, None, is_linear, l, n)?)
                })
            }
            (Some(n), None) => n,
            (None, Some(l)) => l,
            (None, None) => 0,
        };
        fx.finish(out)
    }
}
