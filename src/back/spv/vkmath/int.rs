//! Integer functions, exact at every width. Signedness comes from the opcode (`s_`/`u_`),
//! as OpenCL.std encodes it; Vulkan's bit instructions (`FindUMsb`, `FindILsb`,
//! `OpBitCount`) take 32-bit operands, so narrower values are widened and 64-bit ones split.

use super::{int_of, signed, width, Body, Fx, Sig, U32, U64};
use clc_passes::ast::Scalar;
use rspirv::spirv::{GlslStd450Op as GLOp, OpenclStd100Op as C, Word};

pub(super) fn supported(sig: &Sig) -> bool {
    let (rs, _) = sig.result;
    let int = matches!(rs, Scalar::Int { .. });
    match sig.op {
        C::u_abs
        | C::s_abs_diff
        | C::u_abs_diff
        | C::s_add_sat
        | C::u_add_sat
        | C::s_sub_sat
        | C::u_sub_sat
        | C::s_hadd
        | C::u_hadd
        | C::s_rhadd
        | C::u_rhadd
        | C::clz
        | C::ctz
        | C::popcount
        | C::rotate
        | C::s_mul_hi
        | C::u_mul_hi
        | C::s_mad_hi
        | C::u_mad_hi
        | C::s_mul24
        | C::u_mul24
        | C::s_mad24
        | C::u_mad24
        | C::s_mad_sat
        | C::u_mad_sat => int && sig.ins.iter().all(|&i| i == sig.result),
        C::s_upsample | C::u_upsample => {
            int && sig.ins.len() == 2 && width(rs) >= 16 && width(sig.ins[0].0) * 2 == width(rs)
        }
        C::select | C::bitselect => sig.ins.len() == 3 && sig.ins[0] == sig.result,
        // The 64-bit `/` and `%` (`Writer::vk_div64`): these opcodes stand for them on
        // integer operands, which OpenCL.std never gives them.
        C::native_divide | C::half_divide | C::fmod | C::remainder => {
            int && width(rs) == 64 && sig.ins.iter().all(|&i| i == sig.result)
        }
        _ => false,
    }
}

pub(super) fn body(f: &Fx<'_, '_>, sig: &Sig, a: &[Word]) -> Option<Body> {
    let (rs, _) = sig.result;
    let su = |k: usize, s: bool| a.get(k).map(|&v| f.cast(v, signed(f.kind(v), s)));
    let (sx, ux) = (su(0, true), su(0, false));
    let (sy, uy) = (su(1, true), su(1, false));
    let r = match sig.op {
        C::u_abs => ux?,
        C::s_abs_diff | C::u_abs_diff => {
            let (x, y) = if sig.op == C::s_abs_diff {
                (sx?, sy?)
            } else {
                (ux?, uy?)
            };
            let gt = f.gt(x, y);
            let (d1, d2) = (f.sub(x, y), f.sub(y, x));
            f.sel(gt, d1, d2)
        }
        C::u_add_sat => {
            let (x, y) = (ux?, uy?);
            let s = f.add(x, y);
            let wrapped = f.lt(s, x);
            let max = f.ci(f.kind(x), -1);
            f.sel(wrapped, max, s)
        }
        C::s_add_sat => {
            let (x, y) = (sx?, sy?);
            let s = f.add(x, y);
            let (xs, ys) = (f.xor(x, s), f.xor(y, s));
            let both = f.and(xs, ys);
            sat_signed(f, x, s, both)
        }
        C::u_sub_sat => {
            let (x, y) = (ux?, uy?);
            let d = f.sub(x, y);
            let under = f.lt(x, y);
            let zero = f.ci(f.kind(x), 0);
            f.sel(under, zero, d)
        }
        C::s_sub_sat => {
            let (x, y) = (sx?, sy?);
            let d = f.sub(x, y);
            let (xy, xd) = (f.xor(x, y), f.xor(x, d));
            let both = f.and(xy, xd);
            sat_signed(f, x, d, both)
        }
        C::s_hadd | C::u_hadd | C::s_rhadd | C::u_rhadd => {
            let s = matches!(sig.op, C::s_hadd | C::s_rhadd);
            let (x, y) = if s { (sx?, sy?) } else { (ux?, uy?) };
            let (hx, hy) = (f.shri(x, 1), f.shri(y, 1));
            let low = if matches!(sig.op, C::s_hadd | C::u_hadd) {
                f.and(x, y)
            } else {
                f.or(x, y)
            };
            let carry = f.andi(low, 1);
            let h = f.add(hx, hy);
            f.add(h, carry)
        }
        C::clz => clz(f, ux?),
        C::ctz => ctz(f, ux?),
        C::popcount => popcount(f, ux?),
        C::rotate => {
            let (x, y) = (ux?, uy?);
            let w = i64::from(width(rs));
            let n = f.andi(y, w - 1);
            // x >> (w - n) as (x >> 1) >> (w - 1 - n), which is 0 when n is 0: the two
            // halves never share a bit, so they are added. NVIDIA's driver 580 gives 0 for
            // a 16-bit byte swap written with | or ^ (kernels/types/byte_swap16).
            let l = f.shl(x, n);
            let half = f.shri(x, 1);
            let wm1 = f.ci(f.kind(x), w - 1);
            let back = f.sub(wm1, n);
            let r = f.shr(half, back);
            f.add(l, r)
        }
        C::s_mul_hi | C::u_mul_hi => {
            let s = sig.op == C::s_mul_hi;
            mul_hi(f, su(0, s)?, su(1, s)?, s)
        }
        C::s_mad_hi | C::u_mad_hi => {
            let s = sig.op == C::s_mad_hi;
            let h = mul_hi(f, su(0, s)?, su(1, s)?, s);
            f.add(h, su(2, s)?)
        }
        C::s_mul24 | C::u_mul24 => f.mul(ux?, uy?),
        C::s_mad24 | C::u_mad24 => {
            let p = f.mul(ux?, uy?);
            f.add(p, su(2, false)?)
        }
        C::s_mad_sat | C::u_mad_sat => {
            let s = sig.op == C::s_mad_sat;
            mad_sat(f, su(0, s)?, su(1, s)?, su(2, s)?, s)
        }
        C::s_upsample | C::u_upsample => {
            let hi = su(0, sig.op == C::s_upsample)?;
            let lo = uy?;
            let wide = int_of(rs, false);
            let h = f.conv(hi, int_of(rs, sig.op == C::s_upsample));
            let h = f.cast(h, wide);
            let h = f.shli(h, i64::from(width(rs) / 2));
            let l = f.conv(lo, wide);
            f.or(h, l)
        }
        C::select => {
            let c = *a.get(2)?;
            let ck = f.kind(c);
            let cond = if f.lanes() == 1 {
                let z = f.ci(ck, 0);
                f.ne(c, z)
            } else {
                let c = f.cast(c, signed(ck, true));
                let z = f.ci(f.kind(c), 0);
                f.lt(c, z)
            };
            f.sel(cond, *a.get(1)?, a[0])
        }
        C::bitselect => {
            let u = int_of(rs, false);
            let (x, y, c) = (
                f.cast(a[0], u),
                f.cast(*a.get(1)?, u),
                f.cast(*a.get(2)?, u),
            );
            let nc = f.not(c);
            let l = f.and(x, nc);
            let r = f.and(y, c);
            let v = f.or(l, r);
            f.cast(v, rs)
        }
        C::native_divide | C::half_divide | C::fmod | C::remainder
            if matches!(rs, Scalar::Int { width: 64, .. }) =>
        {
            let signed_op = matches!(sig.op, C::half_divide | C::remainder);
            let want_rem = matches!(sig.op, C::fmod | C::remainder);
            div64(f, a[0], *a.get(1)?, signed_op, want_rem)
        }
        _ => return None,
    };
    Some(Body {
        result: f.cast(r, rs),
        out: None,
    })
}

/// 64-bit `x / y` or `x % y` (C's: truncating, the remainder's sign the dividend's) without
/// the device's 64-bit division, which NVIDIA's driver 580 gets wrong together with code
/// around it (TESTING.md, stop 28). Where every lane's magnitudes fit in 32 bits: a 32-bit
/// division. Otherwise, in a branch of its own: restoring long division, one quotient bit per
/// step over 64 steps. Division by zero (undefined in C) gives some value.
fn div64(f: &Fx<'_, '_>, x: Word, y: Word, signed_op: bool, want_rem: bool) -> Word {
    let (x, y) = (f.cast(x, U64), f.cast(y, U64));
    let zero = f.ci(U64, 0);
    let (ax, ay, nx, ny) = if signed_op {
        // Signs from the top bit of the high 32-bit word. Not a compare of the 64-bit value
        // with a constant: a signed zero constant would share the unsigned one's id (the
        // emitter records one kind per id), and lavapipe (LLVM 15) answers `sext(i) >> 63 !=
        // 0` wrongly for a sign-extended `int` (`lavapipe_sext_compare_600231`'s class).
        let sign = |v: Word| {
            let hi = f.conv(f.shri(v, 32), U32);
            let top = f.shri(hi, 31);
            f.ne(top, f.ci(U32, 0))
        };
        let (nx, ny) = (sign(x), sign(y));
        let (mx, my) = (f.sub(zero, x), f.sub(zero, y));
        (f.sel(nx, mx, x), f.sel(ny, my, y), Some(nx), Some(ny))
    } else {
        (x, y, None, None)
    };
    // 32-bit division where both magnitudes fit.
    let both = f.or(ax, ay);
    let high = f.shri(both, 32);
    let wide = f.ne(high, zero);
    let (x32, y32) = (f.conv(ax, U32), f.conv(ay, U32));
    let (q32, r32) = (f.div(x32, y32), f.urem(x32, y32));
    let fast = [f.conv(q32, U64), f.conv(r32, U64)];
    let any_wide = f.any(wide);
    let qr = f.if_then(any_wide, &fast, |f| {
        let step = |f: &Fx<'_, '_>, v: &[Word]| {
            // v = [steps left, quotient, remainder]
            let (left, q, r) = (v[0], v[1], v[2]);
            let one = f.ci(U64, 1);
            let at = f.sub(left, one);
            let bit = f.and(f.shr(ax, at), one);
            let r = f.or(f.shli(r, 1), bit);
            let ge = f.ge(r, ay);
            let r = f.sel(ge, f.sub(r, ay), r);
            let q = f.or(f.shli(q, 1), f.sel(ge, one, zero));
            let more = f.any(f.ne(at, zero));
            (more, vec![at, q, r])
        };
        let start = [f.ci(U64, 64), zero, zero];
        let v = f.loop_while(&start, step);
        vec![v[1], v[2]]
    });
    let (q, r) = (qr[0], qr[1]);
    match (nx, ny) {
        (Some(nx), _) if want_rem => f.sel(nx, f.sub(zero, r), r),
        (Some(nx), Some(ny)) => {
            let flip = f.ne(nx, ny);
            f.sel(flip, f.sub(zero, q), q)
        }
        _ if want_rem => r,
        _ => q,
    }
}

/// The saturated signed result: `r` unless the sign bit of `overflow` says it wrapped, then
/// the bound on `x`'s side.
fn sat_signed(f: &Fx<'_, '_>, x: Word, r: Word, overflow: Word) -> Word {
    let s = f.kind(x);
    let z = f.ci(s, 0);
    let wrapped = f.lt(overflow, z);
    let neg = f.lt(x, z);
    let bits = width(s);
    let min = f.ci(s, i64::MIN >> (64 - bits));
    let max = f.ci(s, (i64::MAX >> (64 - bits)) & i64::MAX);
    let bound = f.sel(neg, min, max);
    f.sel(wrapped, bound, r)
}

/// `FindUMsb` of a 32-bit unsigned value: -1 for 0.
fn msb32(f: &Fx<'_, '_>, x: Word) -> Word {
    let m = f.glsl_to(U32, GLOp::FindUMsb, &[x]);
    f.cast(m, super::I32)
}

fn lsb32(f: &Fx<'_, '_>, x: Word) -> Word {
    let m = f.glsl_to(U32, GLOp::FindILsb, &[x]);
    f.cast(m, super::I32)
}

fn halves(f: &Fx<'_, '_>, x: Word) -> (Word, Word) {
    let lo = f.conv(x, U32);
    let h = f.shri(x, 32);
    (lo, f.conv(h, U32))
}

fn clz(f: &Fx<'_, '_>, x: Word) -> Word {
    let s = f.kind(x);
    let w = i64::from(width(s));
    let r = if w == 64 {
        let (lo, hi) = halves(f, x);
        let (ml, mh) = (msb32(f, lo), msb32(f, hi));
        let z = f.ci(super::I32, 0);
        let hi_set = f.ge(mh, z);
        let mh = f.add(mh, f.ci(super::I32, 32));
        let m = f.sel(hi_set, mh, ml);
        let c63 = f.ci(super::I32, 63);
        f.sub(c63, m)
    } else {
        let m = msb32(f, f.conv(x, U32));
        let c = f.ci(super::I32, w - 1);
        f.sub(c, m)
    };
    f.conv(r, s)
}

fn ctz(f: &Fx<'_, '_>, x: Word) -> Word {
    let s = f.kind(x);
    let w = i64::from(width(s));
    let r = if w == 64 {
        let (lo, hi) = halves(f, x);
        let (l, h) = (lsb32(f, lo), lsb32(f, hi));
        let z = f.ci(super::I32, 0);
        let lo_set = f.ge(l, z);
        let h = f.add(h, f.ci(super::I32, 32));
        let none = f.lt(h, f.ci(super::I32, 32));
        let h = f.sel(none, f.ci(super::I32, 64), h);
        f.sel(lo_set, l, h)
    } else {
        let l = lsb32(f, f.conv(x, U32));
        let z = f.ci(super::I32, 0);
        let none = f.lt(l, z);
        let wc = f.ci(super::I32, w);
        f.sel(none, wc, l)
    };
    f.conv(r, s)
}

fn popcount(f: &Fx<'_, '_>, x: Word) -> Word {
    let s = f.kind(x);
    let count = |v: Word| {
        let t = f.t(U32);
        let mut w = f.w.borrow_mut();
        let id = f.keep(w.b.bit_count(t, None, v));
        drop(w);
        f.reg(id, U32)
    };
    let r = if width(s) == 64 {
        let (lo, hi) = halves(f, x);
        f.add(count(lo), count(hi))
    } else {
        count(f.conv(x, U32))
    };
    f.conv(r, s)
}

/// The high half of the full product.
fn mul_hi(f: &Fx<'_, '_>, x: Word, y: Word, s: bool) -> Word {
    let k = f.kind(x);
    let w = width(k);
    if w <= 32 {
        let wide = Scalar::Int {
            width: 64,
            signed: s,
        };
        let p = f.mul(f.conv(x, wide), f.conv(y, wide));
        let h = f.shri(p, i64::from(w));
        return f.conv(h, k);
    }
    // 64 bits: four 32×32 products.
    let (ux, uy) = (f.cast(x, U64), f.cast(y, U64));
    let m = 0xffff_ffff;
    let (xl, xh) = (f.andi(ux, m), f.shri(ux, 32));
    let (yl, yh) = (f.andi(uy, m), f.shri(uy, 32));
    let (p0, p1, p2, p3) = (f.mul(xl, yl), f.mul(xl, yh), f.mul(xh, yl), f.mul(xh, yh));
    let mid = f.add(f.shri(p0, 32), f.andi(p1, m));
    let mid = f.add(mid, f.andi(p2, m));
    let hi = f.add(p3, f.shri(p1, 32));
    let hi = f.add(hi, f.shri(p2, 32));
    let hi = f.add(hi, f.shri(mid, 32));
    if !s {
        return f.cast(hi, k);
    }
    // Signed: subtract the other factor for each negative one.
    let z = f.ci(k, 0);
    let zu = f.ci(U64, 0);
    let hi = f.sub(hi, f.sel(f.lt(x, z), uy, zu));
    let hi = f.sub(hi, f.sel(f.lt(y, z), ux, zu));
    f.cast(hi, k)
}

fn mad_sat(f: &Fx<'_, '_>, x: Word, y: Word, z: Word, s: bool) -> Word {
    let k = f.kind(x);
    let w = width(k);
    if w <= 16 {
        let wide = Scalar::Int {
            width: 64,
            signed: true,
        };
        let p = f.mul(f.conv(x, wide), f.conv(y, wide));
        let v = f.add(p, f.conv(z, wide));
        let (lo, hi) = if s {
            (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
        } else {
            (0, (1i64 << w) - 1)
        };
        let (lo, hi) = (f.ci(wide, lo), f.ci(wide, hi));
        let v = f.sel(f.lt(v, lo), lo, v);
        let v = f.sel(f.gt(v, hi), hi, v);
        return f.conv(v, k);
    }
    // 32 and 64 bits: the product's high half decides whether it fits.
    let hi = mul_hi(f, x, y, s);
    let lo = f.mul(x, y);
    let zero = f.ci(k, 0);
    let r = if s {
        // Fits when the high half is the sign extension of the low half.
        let ext = f.shri(lo, i64::from(w) - 1);
        let fits = f.eq(hi, ext);
        let neg = f.lt(hi, zero);
        let min = f.ci(k, i64::MIN >> (64 - w));
        let max = f.ci(k, (i64::MAX >> (64 - w)) & i64::MAX);
        let bound = f.sel(neg, min, max);
        let sum = f.add(lo, z);
        let (lz, zs) = (f.xor(lo, sum), f.xor(z, sum));
        let ov = f.and(lz, zs);
        let added = sat_signed(f, lo, sum, ov);
        f.sel(fits, added, bound)
    } else {
        let fits = f.eq(hi, zero);
        let sum = f.add(lo, z);
        let max = f.ci(k, -1);
        let wrapped = f.lt(sum, lo);
        let added = f.sel(wrapped, max, sum);
        f.sel(fits, added, max)
    };
    r
}
