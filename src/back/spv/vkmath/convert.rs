//! Vulkan: conversions whose rounding SPIR-V cannot ask for there. `FPRoundingMode` is a
//! Kernel decoration (and Vulkan's 16-bit-storage form allows only RTE and RTZ on a value
//! that is stored), so directed rounding and the `half` conversions of `vload_half` /
//! `vstore_half` are computed here, exactly, with integer instructions.

use super::super::{Result, Writer};
use super::{int_of, Fx, F64, I32, U32};
use clc_passes::ast::builtin::Rounding;
use clc_passes::ast::Scalar;
use rspirv::spirv::Word;

impl Writer<'_> {
    /// Vulkan: `r`, the round-to-nearest conversion of `x` (`n` components of `from`) to
    /// `to`, rounded as `mode` asks instead.
    pub(in super::super) fn vk_directed(
        &mut self,
        x: Word,
        from: Scalar,
        r: Word,
        (to, n): (Scalar, u8),
        mode: Rounding,
    ) -> Result<Word> {
        let fx = Fx::new(self, n);
        let v = directed(&fx, x, from, r, to, mode);
        fx.finish(v)
    }

    /// Vulkan: `n` doubles rounded to the nearest half. A driver may convert through
    /// `float` (lavapipe does) and round twice (1 + 2^-11 + 2^-40 would become 1); rounding
    /// to `float` toward zero with the sticky bit kept in the last place (round to odd) first
    /// leaves only the rounding to half that counts.
    pub(in super::super) fn vk_double_to_half(&mut self, x: Word, n: u8) -> Result<Word> {
        let fx = Fx::new(self, n);
        let v = double_to_half(&fx, x);
        fx.finish(v)
    }

    /// Vulkan: `float`s from the bits of `n` halfs (`ushort`s).
    pub(in super::super) fn vk_half_to_float(&mut self, h: Word, n: u8) -> Result<Word> {
        let fx = Fx::new(self, n);
        let v = half_to_float(&fx, h);
        fx.finish(v)
    }

    /// `OpFConvert` of `n` components of `v` from `from` to `to` (type `ty`), except that
    /// on Vulkan a `half` is widened from its bits with integer instructions: NVIDIA's
    /// driver folds a widening of a narrowing (`(float)(half)x`) into `x`, skipping the
    /// rounding to half.
    pub(in super::super) fn float_convert(
        &mut self,
        ty: Word,
        v: Word,
        from: Scalar,
        (to, n): (Scalar, u8),
    ) -> Result<Word> {
        if !(self.opts.flavor.is_vulkan() && from == F16 && to != F16) {
            return Ok(self.b.f_convert(ty, None, v)?);
        }
        let fx = Fx::new(self, n);
        fx.reg(v, F16);
        let bits = fx.cast(v, U16);
        let f = half_to_float(&fx, bits);
        let out = fx.conv(f, to);
        fx.finish(out)
    }

    /// Vulkan: the half bits (`ushort`s) of `n` components of `x` (`float` or `double`).
    pub(in super::super) fn vk_float_to_half(
        &mut self,
        x: Word,
        (s, n): (Scalar, u8),
        mode: Rounding,
    ) -> Result<Word> {
        let fx = Fx::new(self, n);
        fx.reg(x, s);
        let v = float_to_half(&fx, x, mode);
        fx.finish(v)
    }
}

const F32: Scalar = Scalar::Float { width: 32 };
const F16: Scalar = Scalar::Float { width: 16 };
const U16: Scalar = Scalar::Int {
    width: 16,
    signed: false,
};

/// `r`, the conversion of `x` (kind `from`) to the float kind `to` rounded to nearest,
/// moved by one step where `mode` rounds the other way: the sign of `r - x` is found
/// exactly, then `r` moves to its neighbour toward zero, +∞ or −∞. NaNs stay.
fn directed(fx: &Fx<'_, '_>, x: Word, from: Scalar, r: Word, to: Scalar, mode: Rounding) -> Word {
    fx.reg(x, from);
    fx.reg(r, to);
    let (above, below) = match from {
        Scalar::Float { .. } => {
            // Widening back is exact.
            let back = fx.conv(r, from);
            (fx.gt(back, x), fx.lt(back, x))
        }
        _ => {
            // Compare as 64-bit integers; `r` may lie outside their range (2^63 from a
            // long, 2^64 from a ulong, or ∞ from a half).
            let signed = matches!(from, Scalar::Int { signed: true, .. });
            let wide = Scalar::Int { width: 64, signed };
            let limit = if signed { 2f64.powi(63) } else { 2f64.powi(64) };
            let over = fx.ge(r, fx.cf(to, limit));
            let under = if signed {
                fx.lt(r, fx.cf(to, -limit))
            } else {
                fx.lt(r, fx.cf(to, 0.0))
            };
            let out = fx.or(over, under);
            let safe = fx.sel(out, fx.cf(to, 0.0), r);
            let rb = fx.conv(safe, wide);
            let xb = fx.conv(x, wide);
            let gt = fx.and(fx.not(under), fx.gt(rb, xb));
            let lt = fx.and(fx.not(over), fx.lt(rb, xb));
            (fx.or(over, gt), fx.or(under, lt))
        }
    };
    let bits_kind = int_of(to, false);
    let bits = fx.cast(r, bits_kind);
    let zero = fx.cf(to, 0.0);
    let is_zero = fx.eq(r, zero);
    let positive = fx.gt(r, zero);
    let one = fx.ci(bits_kind, 1);
    let toward_zero = fx.sub(bits, one);
    let away = fx.add(bits, one);
    let sign_bit = 1i64 << (super::width(to) - 1);
    let stepped = match mode {
        Rounding::Rte => return r,
        Rounding::Rtz => {
            let negative = fx.lt(r, zero);
            let too_far = fx.or(fx.and(positive, above), fx.and(negative, below));
            fx.sel(too_far, toward_zero, bits)
        }
        Rounding::Rtp => {
            let up = fx.sel(positive, away, toward_zero);
            let up = fx.sel(is_zero, one, up);
            fx.sel(below, up, bits)
        }
        Rounding::Rtn => {
            let down = fx.sel(positive, toward_zero, away);
            let down = fx.sel(is_zero, fx.ci(bits_kind, sign_bit | 1), down);
            fx.sel(above, down, bits)
        }
    };
    fx.cast(stepped, to)
}

pub(super) fn double_to_half(fx: &Fx<'_, '_>, x: Word) -> Word {
    fx.reg(x, F64);
    let near = fx.conv(x, F32);
    let toward_zero = directed(fx, x, F64, near, F32, Rounding::Rtz);
    // NaNs are inexact too: or-ing 1 into a NaN's payload keeps it a NaN.
    let inexact = fx.ne(fx.conv(toward_zero, F64), x);
    let sticky = fx.sel(inexact, fx.ci(U32, 1), fx.ci(U32, 0));
    let odd = fx.or(fx.cast(toward_zero, U32), sticky);
    fx.conv(fx.cast(odd, F32), F16)
}

/// The `float` value of the `half` bits `h` (kind `ushort`), exactly (subnormal halfs
/// included, whatever the device does with subnormal arithmetic).
pub(super) fn half_to_float(fx: &Fx<'_, '_>, h: Word) -> Word {
    fx.reg(h, U16);
    let h = fx.conv(h, U32);
    let sign = fx.shli(fx.andi(h, 0x8000), 16);
    let e = fx.andi(fx.shri(h, 10), 0x1f);
    let m = fx.andi(h, 0x3ff);
    let normal = fx.or(fx.shli(fx.add(e, fx.ci(U32, 112)), 23), fx.shli(m, 13));
    let special = fx.or(fx.ci(U32, 0x7f80_0000), fx.shli(m, 13));
    // A subnormal half is m·2^-24, a normal float.
    let sub = fx.cast(fx.mul(fx.conv(m, F32), fx.cf(F32, 2f64.powi(-24))), U32);
    let mag = fx.sel(
        fx.eq(e, fx.ci(U32, 0)),
        sub,
        fx.sel(fx.eq(e, fx.ci(U32, 31)), special, normal),
    );
    fx.cast(fx.or(mag, sign), F32)
}

/// The `half` bits (kind `ushort`) of `x` (a `float` or `double`) rounded as `mode` asks:
/// the significand is shifted right by what half precision cannot hold (more below the
/// normal range), and the rest decides the rounding; a carry out of the significand
/// moves into the exponent, up to ∞.
fn float_to_half(fx: &Fx<'_, '_>, x: Word, mode: Rounding) -> Word {
    let from = fx.kind(x);
    let (w, mbits, bias): (u8, i64, i64) = if from == F64 {
        (64, 52, 1023)
    } else {
        (32, 23, 127)
    };
    let u = Scalar::Int {
        width: w,
        signed: false,
    };
    let bits = fx.cast(x, u);
    let sign = fx.shri(bits, i64::from(w) - 1);
    let negative = fx.ne(sign, fx.ci(u, 0));
    let a = fx.andi(bits, if w == 64 { i64::MAX } else { 0x7fff_ffff });
    let inf_bits = ((1i64 << (w - 1 - mbits as u8)) - 1) << mbits;
    let inf = fx.ci(u, inf_bits);
    let is_nan = fx.gt(a, inf);
    let is_inf = fx.eq(a, inf);
    let ef = fx.shri(a, mbits);
    let mant = fx.andi(a, (1i64 << mbits) - 1);
    let m = fx.sel(
        fx.eq(ef, fx.ci(u, 0)),
        mant,
        fx.or(mant, fx.ci(u, 1i64 << mbits)),
    );
    let e = fx.sub(fx.conv(ef, I32), fx.ci(I32, bias));
    let small = fx.lt(e, fx.ci(I32, -14));
    let extra = fx.sel(small, fx.sub(fx.ci(I32, -14), e), fx.ci(I32, 0));
    let shift = fx.add(extra, fx.ci(I32, mbits - 10));
    let cap = fx.ci(I32, mbits + 2);
    let shift = fx.sel(fx.gt(shift, cap), cap, shift);
    let shift = fx.conv(shift, u);
    let q = fx.shr(m, shift);
    let one = fx.ci(u, 1);
    let rem = fx.and(m, fx.sub(fx.shl(one, shift), one));
    let halfway = fx.shl(one, fx.sub(shift, one));
    let exp_part = fx.shli(fx.conv(fx.add(e, fx.ci(I32, 14)), u), 10);
    let mag = fx.add(fx.sel(small, fx.ci(u, 0), exp_part), q);
    let zero = fx.ci(u, 0);
    let inexact = fx.ne(rem, zero);
    let up = match mode {
        Rounding::Rte => {
            let odd = fx.ne(fx.andi(q, 1), zero);
            fx.or(fx.gt(rem, halfway), fx.and(fx.eq(rem, halfway), odd))
        }
        Rounding::Rtz => fx.ne(zero, zero),
        Rounding::Rtp => fx.and(inexact, fx.not(negative)),
        Rounding::Rtn => fx.and(inexact, negative),
    };
    let rounded = fx.sel(up, fx.add(mag, one), mag);
    let (max, infinity) = (fx.ci(u, 0x7bff), fx.ci(u, 0x7c00));
    let overflow = match mode {
        Rounding::Rte => infinity,
        Rounding::Rtz => max,
        Rounding::Rtp => fx.sel(negative, max, infinity),
        Rounding::Rtn => fx.sel(negative, infinity, max),
    };
    let nan = fx.or(fx.ci(u, 0x7e00), fx.andi(fx.shri(a, mbits - 10), 0x3ff));
    let big = fx.gt(e, fx.ci(I32, 15));
    let mag = fx.sel(
        is_nan,
        nan,
        fx.sel(is_inf, infinity, fx.sel(big, overflow, rounded)),
    );
    let h = fx.or(mag, fx.shli(sign, 15));
    fx.conv(h, U16)
}
