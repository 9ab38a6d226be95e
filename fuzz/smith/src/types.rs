//! The OpenCL C types the generator writes, and the language versions it targets.

use serde::{Deserialize, Serialize};

/// The OpenCL C version of a generated program. CL2.0 and CL3.0 programs use the generic
/// address space (`to_global`/`to_local`/`to_private`, implicit conversion to generic),
/// OpenCL C 2.0 atomics and work-group functions; CL1.2 programs use none of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ClStd {
    Cl12,
    Cl20,
    Cl30,
}

impl ClStd {
    pub const ALL: [ClStd; 3] = [ClStd::Cl12, ClStd::Cl20, ClStd::Cl30];

    /// The `-cl-std=` value.
    pub fn flag(self) -> &'static str {
        match self {
            ClStd::Cl12 => "CL1.2",
            ClStd::Cl20 => "CL2.0",
            ClStd::Cl30 => "CL3.0",
        }
    }

    /// Whether programs of this version use the generic address space and 2.0 features.
    pub fn generic(self) -> bool {
        self != ClStd::Cl12
    }

    pub fn parse(s: &str) -> Option<ClStd> {
        let s = s.trim_start_matches("-cl-std=");
        ClStd::ALL
            .into_iter()
            .find(|v| v.flag().eq_ignore_ascii_case(s))
    }
}

/// An integer scalar type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum It {
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
}

impl It {
    pub const ALL: [It; 8] = [
        It::Char,
        It::UChar,
        It::Short,
        It::UShort,
        It::Int,
        It::UInt,
        It::Long,
        It::ULong,
    ];

    pub fn name(self) -> &'static str {
        match self {
            It::Char => "char",
            It::UChar => "uchar",
            It::Short => "short",
            It::UShort => "ushort",
            It::Int => "int",
            It::UInt => "uint",
            It::Long => "long",
            It::ULong => "ulong",
        }
    }

    pub fn bits(self) -> u32 {
        match self {
            It::Char | It::UChar => 8,
            It::Short | It::UShort => 16,
            It::Int | It::UInt => 32,
            It::Long | It::ULong => 64,
        }
    }

    pub fn signed(self) -> bool {
        matches!(self, It::Char | It::Short | It::Int | It::Long)
    }

    /// The unsigned type of the same width.
    pub fn unsigned(self) -> It {
        match self {
            It::Char | It::UChar => It::UChar,
            It::Short | It::UShort => It::UShort,
            It::Int | It::UInt => It::UInt,
            It::Long | It::ULong => It::ULong,
        }
    }

    /// The signed type of the same width (a vector comparison's element type).
    pub fn signed_of(self) -> It {
        match self {
            It::Char | It::UChar => It::Char,
            It::Short | It::UShort => It::Short,
            It::Int | It::UInt => It::Int,
            It::Long | It::ULong => It::Long,
        }
    }

    /// The unsigned type scalar `+ - *` are computed in: at least 32 bits, so that no
    /// promotion to `int` can overflow (`ushort * ushort` would).
    pub fn wide_unsigned(self) -> &'static str {
        if self.bits() == 64 {
            "ulong"
        } else {
            "uint"
        }
    }

    /// Wraps `v` to this type's range (two's complement).
    pub fn wrap(self, v: i128) -> i128 {
        let bits = self.bits();
        let m = v & ((1i128 << bits) - 1);
        if self.signed() && m >= 1i128 << (bits - 1) {
            m - (1i128 << bits)
        } else {
            m
        }
    }

    /// A literal of value `v` (already in range), written so that its C type holds it.
    pub fn literal(self, v: i128) -> String {
        let v = self.wrap(v);
        if v == i64::MIN as i128 {
            return "((long)0x8000000000000000UL)".into();
        }
        if (i32::MIN as i128 + 1..=i32::MAX as i128).contains(&v) {
            if v < 0 {
                format!("({v})")
            } else {
                format!("{v}")
            }
        } else if v < 0 {
            format!("({v}L)")
        } else {
            format!("{v}UL")
        }
    }
}

/// A vector's element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    I(It),
    F,
}

impl Elem {
    pub fn name(self) -> &'static str {
        match self {
            Elem::I(t) => t.name(),
            Elem::F => "float",
        }
    }
}

/// The vector widths of OpenCL C.
pub const WIDTHS: [u8; 5] = [2, 3, 4, 8, 16];

/// `int4`, `float16`…
pub fn vname(e: Elem, n: u8) -> String {
    format!("{}{n}", e.name())
}

/// The accessor letter of component `i` in `.sN` notation.
pub fn comp(i: u8) -> char {
    char::from_digit(i as u32, 16)
        .unwrap_or('0')
        .to_ascii_uppercase()
}

/// The address spaces of OpenCL C, and the generic space of CL2.0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Global,
    Local,
    Constant,
    Private,
    Generic,
}

impl Space {
    /// The qualifier as written in front of a pointee type (`private` is spelled out: an
    /// unqualified pointee is generic in CL2.0).
    pub fn qual(self) -> &'static str {
        match self {
            Space::Global => "global ",
            Space::Local => "local ",
            Space::Constant => "constant ",
            Space::Private => "private ",
            Space::Generic => "",
        }
    }

    /// The `to_*` built-in for a named space that a generic pointer may be cast to.
    pub fn to_fn(self) -> Option<&'static str> {
        match self {
            Space::Global => Some("to_global"),
            Space::Local => Some("to_local"),
            Space::Private => Some("to_private"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_and_writes_literals() {
        assert_eq!(It::Char.wrap(200), -56);
        assert_eq!(It::UChar.wrap(-1), 255);
        assert_eq!(
            It::Long.literal(i64::MIN as i128),
            "((long)0x8000000000000000UL)"
        );
        assert_eq!(It::ULong.literal(-1), "18446744073709551615UL");
        assert_eq!(It::Int.literal(-5), "(-5)");
        assert_eq!(It::Long.literal(-3_000_000_000), "(-3000000000L)");
        assert_eq!(It::UInt.literal(4_000_000_000), "4000000000UL");
    }

    #[test]
    fn parses_versions() {
        assert_eq!(ClStd::parse("-cl-std=CL2.0"), Some(ClStd::Cl20));
        assert_eq!(ClStd::parse("cl1.2"), Some(ClStd::Cl12));
        assert_eq!(ClStd::parse("CL9"), None);
        assert_eq!(comp(11), 'B');
    }
}
