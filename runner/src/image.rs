//! Image and sampler arguments: the names specs use for image types, channel orders and types,
//! sampler modes, and their OpenCL constants.
//!
//! # Pixel data
//! An image's `data`/`fill`/`expect` hold the raw channel values as stored in memory, in the
//! element type [`ChannelType::elem_type`] derives from `channel_type`:
//!
//! | channel_type | element | | channel_type | element |
//! |---|---|---|---|---|
//! | `UNORM_INT8`  | uchar  | | `SIGNED_INT8`    | char   |
//! | `SNORM_INT8`  | char   | | `SIGNED_INT16`   | short  |
//! | `UNORM_INT16` | ushort | | `SIGNED_INT32`   | int    |
//! | `SNORM_INT16` | short  | | `UNSIGNED_INT8`  | uchar  |
//! | `HALF_FLOAT`  | ushort (IEEE half bit patterns) | | `UNSIGNED_INT16` | ushort |
//! | `FLOAT`       | float  | | `UNSIGNED_INT32` | uint   |
//!
//! So a `UNORM_INT8` texel of 255 reads as 1.0f in the kernel, and a `HALF_FLOAT` 1.0 is
//! written `0x3c00`. Elements are in memory order: the channels of one pixel together (in the
//! order the channel order names them: `BGRA` is blue first), pixels with x fastest, then y
//! (rows; for `1d_array` the layer), then z (slices; for `2d_array` the layer), tightly packed
//! (no row or slice padding). The element count is therefore
//! `width × height × depth × array_size × channels`, with absent dimensions counting 1.
//! Packed formats (`UNORM_SHORT_565`, `UNORM_INT_101010`, ...) are not supported.

use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};

use crate::values::ElemType;

/// `image = "..."`: the image object type (`CL_MEM_OBJECT_IMAGE*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ImageType {
    D1,
    D1Buffer,
    D1Array,
    D2,
    D2Array,
    D3,
}

impl ImageType {
    pub const NAMES: &'static str = "1d, 1d_buffer, 1d_array, 2d, 2d_array, 3d";

    pub fn parse(s: &str) -> Result<ImageType> {
        Ok(match s {
            "1d" => ImageType::D1,
            "1d_buffer" => ImageType::D1Buffer,
            "1d_array" => ImageType::D1Array,
            "2d" => ImageType::D2,
            "2d_array" => ImageType::D2Array,
            "3d" => ImageType::D3,
            other => bail!(
                "unknown image type {other:?} (expected one of {})",
                Self::NAMES
            ),
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            ImageType::D1 => "1d",
            ImageType::D1Buffer => "1d_buffer",
            ImageType::D1Array => "1d_array",
            ImageType::D2 => "2d",
            ImageType::D2Array => "2d_array",
            ImageType::D3 => "3d",
        }
    }

    /// `CL_MEM_OBJECT_IMAGE*`.
    pub fn cl_object_type(self) -> u32 {
        match self {
            ImageType::D1 => 0x10F4,
            ImageType::D1Buffer => 0x10F6,
            ImageType::D1Array => 0x10F5,
            ImageType::D2 => 0x10F1,
            ImageType::D2Array => 0x10F3,
            ImageType::D3 => 0x10F2,
        }
    }

    pub fn has_height(self) -> bool {
        matches!(self, ImageType::D2 | ImageType::D2Array | ImageType::D3)
    }

    pub fn has_depth(self) -> bool {
        self == ImageType::D3
    }

    pub fn is_array(self) -> bool {
        matches!(self, ImageType::D1Array | ImageType::D2Array)
    }
}

macro_rules! cl_names {
    ($(#[$m:meta])* $ty:ident, $what:literal { $($variant:ident = $name:literal => $code:literal,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
        #[allow(non_camel_case_types)]
        pub enum $ty { $($variant,)* }

        impl $ty {
            pub const ALL: &'static [$ty] = &[$($ty::$variant,)*];

            pub fn parse(s: &str) -> Result<$ty> {
                let t = s.strip_prefix("CL_").unwrap_or(s);
                $(if t == $name { return Ok($ty::$variant); })*
                let names: Vec<&str> = vec![$($name,)*];
                bail!("unknown {} {s:?} (expected one of {})", $what, names.join(" "))
            }

            /// The name without the `CL_` prefix.
            pub fn name(self) -> &'static str {
                match self { $($ty::$variant => $name,)* }
            }

            /// The OpenCL constant.
            pub fn cl_code(self) -> u32 {
                match self { $($ty::$variant => $code,)* }
            }

            pub fn from_cl_code(c: u32) -> Option<$ty> {
                match c { $($code => Some($ty::$variant),)* _ => None }
            }
        }
    };
}

cl_names!(
    /// `channel_order = "..."` (`cl_channel_order` without the `CL_` prefix).
    ChannelOrder, "channel order" {
    R = "R" => 0x10B0,
    A = "A" => 0x10B1,
    RG = "RG" => 0x10B2,
    RA = "RA" => 0x10B3,
    RGB = "RGB" => 0x10B4,
    RGBA = "RGBA" => 0x10B5,
    BGRA = "BGRA" => 0x10B6,
    ARGB = "ARGB" => 0x10B7,
    INTENSITY = "INTENSITY" => 0x10B8,
    LUMINANCE = "LUMINANCE" => 0x10B9,
    DEPTH = "DEPTH" => 0x10BD,
    sRGBA = "sRGBA" => 0x10C1,
    sBGRA = "sBGRA" => 0x10C2,
    ABGR = "ABGR" => 0x10C3,
});

cl_names!(
    /// `channel_type = "..."` (`cl_channel_type` without the `CL_` prefix).
    ChannelType, "channel type" {
    SNORM_INT8 = "SNORM_INT8" => 0x10D0,
    SNORM_INT16 = "SNORM_INT16" => 0x10D1,
    UNORM_INT8 = "UNORM_INT8" => 0x10D2,
    UNORM_INT16 = "UNORM_INT16" => 0x10D3,
    SIGNED_INT8 = "SIGNED_INT8" => 0x10D7,
    SIGNED_INT16 = "SIGNED_INT16" => 0x10D8,
    SIGNED_INT32 = "SIGNED_INT32" => 0x10D9,
    UNSIGNED_INT8 = "UNSIGNED_INT8" => 0x10DA,
    UNSIGNED_INT16 = "UNSIGNED_INT16" => 0x10DB,
    UNSIGNED_INT32 = "UNSIGNED_INT32" => 0x10DC,
    HALF_FLOAT = "HALF_FLOAT" => 0x10DD,
    FLOAT = "FLOAT" => 0x10DE,
});

impl ChannelOrder {
    /// Channels stored per pixel.
    pub fn channels(self) -> usize {
        match self {
            ChannelOrder::R
            | ChannelOrder::A
            | ChannelOrder::INTENSITY
            | ChannelOrder::LUMINANCE
            | ChannelOrder::DEPTH => 1,
            ChannelOrder::RG | ChannelOrder::RA => 2,
            ChannelOrder::RGB => 3,
            ChannelOrder::RGBA
            | ChannelOrder::BGRA
            | ChannelOrder::ARGB
            | ChannelOrder::ABGR
            | ChannelOrder::sRGBA
            | ChannelOrder::sBGRA => 4,
        }
    }
}

impl ChannelType {
    /// The element type of the raw channel values (see the module docs).
    pub fn elem_type(self) -> ElemType {
        match self {
            ChannelType::SNORM_INT8 | ChannelType::SIGNED_INT8 => ElemType::Char,
            ChannelType::UNORM_INT8 | ChannelType::UNSIGNED_INT8 => ElemType::Uchar,
            ChannelType::SNORM_INT16 | ChannelType::SIGNED_INT16 => ElemType::Short,
            ChannelType::UNORM_INT16 | ChannelType::UNSIGNED_INT16 | ChannelType::HALF_FLOAT => {
                ElemType::Ushort
            }
            ChannelType::SIGNED_INT32 => ElemType::Int,
            ChannelType::UNSIGNED_INT32 => ElemType::Uint,
            ChannelType::FLOAT => ElemType::Float,
        }
    }
}

/// `access = "..."`: the `cl_mem_flags` the image is created with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Access {
    /// `"read"`: `CL_MEM_READ_ONLY` (for `read_only` image parameters).
    Read,
    /// `"write"`: `CL_MEM_WRITE_ONLY` (for `write_only` image parameters).
    Write,
    /// `"read_write"`: `CL_MEM_READ_WRITE` (for `read_write` image parameters, CL2.0).
    ReadWrite,
}

impl Access {
    pub fn parse(s: &str) -> Result<Access> {
        Ok(match s {
            "read" => Access::Read,
            "write" => Access::Write,
            "read_write" => Access::ReadWrite,
            other => bail!("unknown access {other:?} (expected read, write or read_write)"),
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::ReadWrite => "read_write",
        }
    }

    pub fn cl_flags(self) -> u64 {
        match self {
            Access::Read => 1 << 2,      // CL_MEM_READ_ONLY
            Access::Write => 1 << 1,     // CL_MEM_WRITE_ONLY
            Access::ReadWrite => 1 << 0, // CL_MEM_READ_WRITE
        }
    }
}

/// Shape and format of an image argument.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImageDesc {
    pub image: ImageType,
    pub width: usize,
    /// 1 when the type has no height.
    pub height: usize,
    /// 1 unless `3d`.
    pub depth: usize,
    /// 1 unless an array type.
    pub array_size: usize,
    pub order: ChannelOrder,
    pub channel_type: ChannelType,
    pub access: Access,
}

impl ImageDesc {
    pub fn pixels(&self) -> usize {
        self.width * self.height * self.depth * self.array_size
    }

    /// Number of channel values (elements) in the image's data.
    pub fn elements(&self) -> usize {
        self.pixels() * self.order.channels()
    }

    /// The `region` of clEnqueueReadImage/WriteImage covering the whole image.
    pub fn region(&self) -> [usize; 3] {
        match self.image {
            ImageType::D1 | ImageType::D1Buffer => [self.width, 1, 1],
            ImageType::D1Array => [self.width, self.array_size, 1],
            ImageType::D2 => [self.width, self.height, 1],
            ImageType::D2Array => [self.width, self.height, self.array_size],
            ImageType::D3 => [self.width, self.height, self.depth],
        }
    }

    /// `2d RGBA/UNORM_INT8 4x4`, for messages.
    pub fn label(&self) -> String {
        let r = self.region();
        let dims = match self.image {
            ImageType::D1 | ImageType::D1Buffer => format!("{}", r[0]),
            ImageType::D1Array | ImageType::D2 => format!("{}x{}", r[0], r[1]),
            _ => format!("{}x{}x{}", r[0], r[1], r[2]),
        };
        format!(
            "{} {}/{} {dims}",
            self.image.name(),
            self.order.name(),
            self.channel_type.name()
        )
    }
}

/// `addressing = "..."` of a sampler argument (`cl_addressing_mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Addressing {
    None,
    ClampToEdge,
    Clamp,
    Repeat,
    MirroredRepeat,
}

impl Addressing {
    pub fn parse(s: &str) -> Result<Addressing> {
        Ok(match s {
            "none" => Addressing::None,
            "clamp_to_edge" => Addressing::ClampToEdge,
            "clamp" => Addressing::Clamp,
            "repeat" => Addressing::Repeat,
            "mirrored_repeat" => Addressing::MirroredRepeat,
            other => bail!(
                "unknown addressing {other:?} (expected none, clamp_to_edge, clamp, repeat or mirrored_repeat)"
            ),
        })
    }

    pub fn cl_code(self) -> u32 {
        match self {
            Addressing::None => 0x1130,
            Addressing::ClampToEdge => 0x1131,
            Addressing::Clamp => 0x1132,
            Addressing::Repeat => 0x1133,
            Addressing::MirroredRepeat => 0x1134,
        }
    }
}

/// `filter = "..."` of a sampler argument (`cl_filter_mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Filter {
    Nearest,
    Linear,
}

impl Filter {
    pub fn parse(s: &str) -> Result<Filter> {
        Ok(match s {
            "nearest" => Filter::Nearest,
            "linear" => Filter::Linear,
            other => bail!("unknown filter {other:?} (expected nearest or linear)"),
        })
    }

    pub fn cl_code(self) -> u32 {
        match self {
            Filter::Nearest => 0x1140,
            Filter::Linear => 0x1141,
        }
    }
}

/// A sampler argument (created with clCreateSamplerWithProperties).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SamplerDesc {
    pub normalized: bool,
    pub addressing: Addressing,
    pub filter: Filter,
}

impl SamplerDesc {
    /// The sampler as OpenCL C's bits (`CLK_NORMALIZED_COORDS_TRUE` 1, `CLK_ADDRESS_*` 0 to
    /// 8, `CLK_FILTER_NEAREST` 0x10, `CLK_FILTER_LINEAR` 0x20): what a Vulkan kernel takes.
    pub fn clk_bits(&self) -> u32 {
        let addressing = match self.addressing {
            Addressing::None => 0,
            Addressing::ClampToEdge => 2,
            Addressing::Clamp => 4,
            Addressing::Repeat => 6,
            Addressing::MirroredRepeat => 8,
        };
        let filter = match self.filter {
            Filter::Nearest => 0x10,
            Filter::Linear => 0x20,
        };
        u32::from(self.normalized) | addressing | filter
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for o in ChannelOrder::ALL {
            assert_eq!(ChannelOrder::parse(o.name()).unwrap(), *o);
            assert_eq!(ChannelOrder::from_cl_code(o.cl_code()), Some(*o));
        }
        for t in ChannelType::ALL {
            assert_eq!(ChannelType::parse(t.name()).unwrap(), *t);
            assert_eq!(ChannelType::from_cl_code(t.cl_code()), Some(*t));
        }
        assert_eq!(ChannelOrder::parse("CL_BGRA").unwrap(), ChannelOrder::BGRA);
        assert_eq!(ChannelType::FLOAT.cl_code(), 0x10DE);
        assert_eq!(ChannelOrder::RGBA.cl_code(), 0x10B5);
        assert!(format!("{:#}", ChannelOrder::parse("rgba").unwrap_err()).contains("RGBA"));
        for a in ["read", "write", "read_write"] {
            assert_eq!(Access::parse(a).unwrap().name(), a);
        }
        for s in ImageType::NAMES.split(", ") {
            assert_eq!(ImageType::parse(s).unwrap().name(), s);
        }
    }

    #[test]
    fn element_types_and_counts() {
        assert_eq!(ChannelType::UNORM_INT8.elem_type(), ElemType::Uchar);
        assert_eq!(ChannelType::SNORM_INT16.elem_type(), ElemType::Short);
        assert_eq!(ChannelType::HALF_FLOAT.elem_type(), ElemType::Ushort);
        assert_eq!(ChannelType::SIGNED_INT32.elem_type(), ElemType::Int);
        assert_eq!(ChannelType::FLOAT.elem_type(), ElemType::Float);
        let d = ImageDesc {
            image: ImageType::D2Array,
            width: 4,
            height: 3,
            depth: 1,
            array_size: 2,
            order: ChannelOrder::RG,
            channel_type: ChannelType::FLOAT,
            access: Access::Read,
        };
        assert_eq!(d.elements(), 48);
        assert_eq!(d.region(), [4, 3, 2]);
        assert_eq!(d.label(), "2d_array RG/FLOAT 4x3x2");
    }
}
