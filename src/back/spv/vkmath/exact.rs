//! Exact floating-point functions (rounding, remainders, exponent and mantissa, neighbours),
//! the common and geometric functions, and the `half_`/`native_` functions GLSL.std.450 has
//! no single instruction for.
//!
//! `fmod`, `remainder` and `remquo` divide the integer significands exactly: a loop shifts
//! the remainder left by at most 11 bits at a time (it stays below 2^64) until the exponents
//! meet, keeping the low bits of the quotient. `float` and `half` operands are widened to
//! `double`, where these results are exact, and narrowed back without rounding.

use super::{int_of, width, Body, Fx, Sig, F64, I32, I64, U32, U64};
use clc_passes::ast::Scalar;
use rspirv::spirv::{GlslStd450Op as GLOp, OpenclStd100Op as C, Word};

fn float(s: Scalar) -> bool {
    matches!(s, Scalar::Float { .. })
}

pub(super) fn supported(sig: &Sig) -> bool {
    let (rs, n) = sig.result;
    let same = sig.ins.iter().all(|&i| i == sig.result);
    let narrow = matches!(rs, Scalar::Float { width: 16 | 32 });
    match sig.op {
        C::round
        | C::copysign
        | C::fdim
        | C::maxmag
        | C::minmag
        | C::nextafter
        | C::fmod
        | C::remainder
        | C::mix
        | C::smoothstep
        | C::fmax_common
        | C::fmin_common
        | C::sign => float(rs) && same,
        C::half_recip
        | C::native_recip
        | C::half_divide
        | C::native_divide
        | C::half_exp10
        | C::native_exp10
        | C::half_log10
        | C::native_log10 => float(rs) && same,
        C::logb => float(rs) && same,
        C::ilogb => width(rs) == 32 && sig.ins.len() == 1 && float(sig.ins[0].0),
        C::frexp | C::remquo => {
            float(rs)
                && sig.ins.iter().all(|&i| i == sig.result)
                && sig
                    .out
                    .is_some_and(|(o, m)| width(o) == 32 && !float(o) && m == n)
        }
        C::modf | C::fract => float(rs) && same && sig.out == Some(sig.result),
        C::length | C::distance | C::fast_length | C::fast_distance => {
            narrow && n == 1 && sig.ins.iter().all(|&(s, _)| s == rs)
        }
        C::normalize | C::fast_normalize => narrow && same,
        C::cross => float(rs) && same && matches!(n, 3 | 4),
        C::fma => float(rs) && same && sig.ins.len() == 3,
        C::floor | C::ceil | C::trunc | C::rint => width(rs) == 64 && float(rs) && same,
        _ => false,
    }
}

pub(super) fn body(f: &Fx<'_, '_>, sig: &Sig, a: &[Word]) -> Option<Body> {
    let (rs, _) = sig.result;
    let x = *a.first()?;
    let y = a.get(1).copied();
    let one = |r: Word| {
        Some(Body {
            result: r,
            out: None,
        })
    };
    match sig.op {
        C::round => {
            let t = f.trunc(x);
            let d = f.abs(f.sub(x, t));
            let half = f.cf(rs, 0.5);
            let away = f.ge(d, half);
            let unit = f.copysign(f.cf(rs, 1.0), x);
            let up = f.add(t, unit);
            // The sign of x, also on a zero result (round(−0.4) is −0.0).
            one(f.copysign(f.sel(away, up, t), x))
        }
        // Doubles only (see `supported`), from the bits: drivers' instructions are not exact.
        C::floor | C::ceil | C::trunc | C::rint => one(match sig.op {
            C::floor => floor_d(f, x),
            C::ceil => ceil_d(f, x),
            C::trunc => trunc_d(f, x),
            _ => rint_d(f, x),
        }),
        C::copysign => one(f.copysign(x, y?)),
        C::sign => {
            // ±1, ±0 for ±0, 0 for NaN.
            let z = f.cf(rs, 0.0);
            let r = f.sel(f.gt(x, z), f.cf(rs, 1.0), x);
            let r = f.sel(f.lt(x, z), f.cf(rs, -1.0), r);
            one(f.sel(f.isnan(x), z, r))
        }
        // max: y if x < y, else x (min likewise); NaN operands give undefined results.
        C::fmax_common => one(f.sel(f.lt(x, y?), y?, x)),
        C::fmin_common => one(f.sel(f.lt(y?, x), y?, x)),
        C::fdim => {
            let y = y?;
            let d = f.sub(x, y);
            let gt = f.gt(x, y);
            let z = f.cf(rs, 0.0);
            let r = f.sel(gt, d, z);
            let nan = f.or(f.isnan(x), f.isnan(y));
            one(f.sel(nan, f.add(x, y), r))
        }
        C::maxmag | C::minmag => {
            let y = y?;
            let (ax, ay) = (f.abs(x), f.abs(y));
            let (big, small) = if sig.op == C::maxmag {
                (f.gt(ax, ay), f.gt(ay, ax))
            } else {
                (f.lt(ax, ay), f.lt(ay, ax))
            };
            let tie = if sig.op == C::maxmag {
                f.fmax(x, y)
            } else {
                f.fmin(x, y)
            };
            let r = f.sel(small, y, tie);
            one(f.sel(big, x, r))
        }
        C::nextafter => one(nextafter(f, x, y?)),
        C::fmod | C::remainder => {
            let (r, _) = remainders(f, x, y?, sig.op == C::remainder);
            one(r)
        }
        C::remquo => {
            let (r, q) = remainders(f, x, y?, true);
            Some(Body {
                result: r,
                out: Some(q),
            })
        }
        C::frexp => {
            let (m, e) = frexp(f, x);
            Some(Body {
                result: m,
                out: Some(e),
            })
        }
        C::logb | C::ilogb => {
            let (_, e) = frexp(f, x);
            let e1 = f.sub(e, f.ci(I32, 1));
            let zero = f.eq(x, f.cf(f.kind(x), 0.0));
            let (inf, nan) = (f.isinf(x), f.isnan(x));
            if sig.op == C::ilogb {
                let r = f.sel(zero, f.ci(I32, i64::from(i32::MIN)), e1);
                let big = f.or(inf, nan);
                one(f.sel(big, f.ci(I32, i64::from(i32::MAX)), r))
            } else {
                let r = f.conv(e1, rs);
                let r = f.sel(zero, f.cf(rs, f64::NEG_INFINITY), r);
                let r = f.sel(inf, f.cf(rs, f64::INFINITY), r);
                one(f.sel(nan, x, r))
            }
        }
        C::modf => {
            let ip = f.trunc(x);
            let fr = f.sub(x, ip);
            let fr = f.sel(f.isinf(x), f.cf(rs, 0.0), fr);
            Some(Body {
                result: f.copysign(fr, x),
                out: Some(ip),
            })
        }
        C::fract => {
            let fl = f.floor(x);
            let fr = f.sub(x, fl);
            let below_one = f.cf(rs, 1.0 - f64::EPSILON / 2.0 * below_one_scale(rs));
            let fr = f.fmin(fr, below_one);
            let fr = f.sel(f.isinf(x), f.copysign(f.cf(rs, 0.0), x), fr);
            let fr = f.sel(f.isnan(x), x, fr);
            let fr = f.sel(f.eq(x, f.cf(rs, 0.0)), x, fr);
            Some(Body {
                result: fr,
                out: Some(fl),
            })
        }
        C::mix => {
            let (y, t) = (y?, *a.get(2)?);
            let d = f.sub(y, x);
            one(f.mad(d, t, x))
        }
        C::smoothstep => {
            let (e1, v) = (y?, *a.get(2)?);
            let w = if width(rs) < 64 { F64 } else { rs };
            let (e0, e1, v) = (f.conv(x, w), f.conv(e1, w), f.conv(v, w));
            let t = f.div(f.sub(v, e0), f.sub(e1, e0));
            let t = f.glsl(GLOp::FClamp, &[t, f.cf(w, 0.0), f.cf(w, 1.0)]);
            let three = f.sub(f.cf(w, 3.0), f.mul(f.cf(w, 2.0), t));
            let r = f.mul(f.mul(t, t), three);
            one(f.conv(r, rs))
        }
        C::fma => one(fma(f, x, y?, *a.get(2)?)),
        C::cross => {
            // (a.y b.z − a.z b.y, a.z b.x − a.x b.z, a.x b.y − a.y b.x[, 0])
            let b = y?;
            let n = f.lanes();
            let sh = |v: Word, idx: [u32; 4]| f.shuffle(v, &idx[..usize::from(n)]);
            let (a1, b2) = (sh(x, [1, 2, 0, 3]), sh(b, [2, 0, 1, 3]));
            let (a2, b1) = (sh(x, [2, 0, 1, 3]), sh(b, [1, 2, 0, 3]));
            let r = f.sub(f.mul(a1, b2), f.mul(a2, b1));
            if n == 4 {
                let z = f.cf(rs, 0.0);
                one(f.shuffle2(r, z, &[0, 1, 2, 4]))
            } else {
                one(r)
            }
        }
        C::half_recip | C::native_recip => one(f.div(f.cf(rs, 1.0), x)),
        // `native_divide` of doubles, which OpenCL C does not have, is how the `/` operator
        // of doubles reaches this helper (`Writer::arith`).
        C::native_divide if width(rs) == 64 => one(divide(f, x, y?)),
        C::half_divide | C::native_divide => one(f.div(x, y?)),
        C::half_exp10 | C::native_exp10 => {
            let s = f.mul(x, f.cf(rs, std::f64::consts::LOG2_10));
            one(f.glsl(GLOp::Exp2, &[s]))
        }
        C::half_log10 | C::native_log10 => {
            let l = f.glsl(GLOp::Log2, &[x]);
            one(f.mul(l, f.cf(rs, std::f64::consts::LOG10_2)))
        }
        C::length | C::distance | C::fast_length | C::fast_distance => {
            let m = sig.ins[0].1;
            let fast = matches!(sig.op, C::fast_length | C::fast_distance);
            let v = if matches!(sig.op, C::distance | C::fast_distance) {
                let y = y?;
                f.with_lanes(m, |g| g.sub(x, y))
            } else {
                x
            };
            let r = if fast {
                let s = f.dot(v, v, m);
                f.glsl(GLOp::Sqrt, &[s])
            } else {
                let vd = f.with_lanes(m, |g| g.conv(v, F64));
                let s = f.dot(vd, vd, m);
                let r = super::transc::sqrt_d(f, s);
                f.conv(r, rs)
            };
            one(r)
        }
        C::normalize | C::fast_normalize => {
            let m = f.lanes();
            let r = f.with_lanes(1, |g| {
                if sig.op == C::fast_normalize {
                    let s = g.dot(x, x, m);
                    let z = g.eq(s, g.cf(rs, 0.0));
                    let inv = g.glsl(GLOp::InverseSqrt, &[s]);
                    (z, inv, None)
                } else {
                    let vd = g.with_lanes(m, |h| h.conv(x, F64));
                    let s = g.dot(vd, vd, m);
                    let z = g.eq(s, g.cf(F64, 0.0));
                    let l = super::transc::sqrt_d(g, s);
                    (z, l, Some(vd))
                }
            });
            let (zero, scale, vd) = r;
            let zero = f.splat(zero, m);
            let scale = f.splat(scale, m);
            let r = match vd {
                None => f.mul(x, scale),
                Some(vd) => {
                    // Infinite components: normalize their signs alone.
                    let inf = f.isinf(vd);
                    let any = f.any(inf);
                    let unit = f.copysign(f.cf(F64, 1.0), vd);
                    let zs = f.copysign(f.cf(F64, 0.0), vd);
                    let w = f.sel(inf, unit, zs);
                    let wl = f.with_lanes(1, |g| {
                        let s = g.dot(w, w, m);
                        super::transc::sqrt_d(g, s)
                    });
                    let wn = f.div(w, f.splat(wl, m));
                    let q = f.div(vd, scale);
                    let q = f.sel(f.splat(any, m), wn, q);
                    f.conv(q, rs)
                }
            };
            one(f.sel(zero, x, r))
        }
        _ => None,
    }
}

/// 1 for double, the factor turning `double`'s half-epsilon into the kind's otherwise.
/// `trunc` of doubles by clearing the fraction's bits. GLSL.std.450's `Trunc`, `Floor`,
/// `Ceil` and `RoundEven` of doubles are not exact on every driver: lavapipe's leave the
/// fraction of values above 2^31 in place, and its `RoundEven` rounds halves toward zero.
/// |x| < 1 gives ±0; integers, infinities and NaN come back unchanged.
pub(super) fn trunc_d(f: &Fx<'_, '_>, x: Word) -> Word {
    let b = f.cast(x, U64);
    let e = f.andi(f.shri(b, 52), 0x7ff);
    let sign = f.andi(b, i64::MIN);
    // 1075 − e fraction bits below the point, for 1023 ≤ e ≤ 1075.
    let (lo, hi) = (f.ci(U64, 1023), f.ci(U64, 1075));
    let ec = f.sel(f.lt(e, lo), lo, f.sel(f.lt(hi, e), hi, e));
    let mask = f.sub(f.shl(f.ci(U64, 1), f.sub(hi, ec)), f.ci(U64, 1));
    let r = f.and(b, f.not(mask));
    f.cast(f.sel(f.lt(e, lo), sign, r), F64)
}

/// `floor` of doubles: `trunc`, one less where that rounded a negative value up. Exact:
/// below 2^52 in magnitude an integer minus one is representable.
fn floor_d(f: &Fx<'_, '_>, x: Word) -> Word {
    let t = trunc_d(f, x);
    f.sel(f.lt(x, t), f.sub(t, f.d(1.0)), t)
}

fn ceil_d(f: &Fx<'_, '_>, x: Word) -> Word {
    let t = trunc_d(f, x);
    f.sel(f.gt(x, t), f.add(t, f.d(1.0)), t)
}

/// `rint` of doubles: `trunc`, then one step away from zero where the dropped fraction is
/// above one half, or exactly one half and the integer odd.
pub(super) fn rint_d(f: &Fx<'_, '_>, x: Word) -> Word {
    let t = trunc_d(f, x);
    let d = f.abs(f.sub(x, t));
    let h = f.mul(t, f.d(0.5));
    let odd = f.ne(trunc_d(f, h), h);
    let half = f.d(0.5);
    let up = f.or(f.gt(d, half), f.and(f.eq(d, half), odd));
    let r = f.sel(up, f.add(t, f.copysign(f.d(1.0), x)), t);
    // rint(−0.4) is −0.0.
    f.copysign(r, x)
}

fn below_one_scale(s: Scalar) -> f64 {
    match width(s) {
        16 => 2f64.powi(42),
        32 => 2f64.powi(29),
        _ => 1.0,
    }
}

fn nextafter(f: &Fx<'_, '_>, x: Word, y: Word) -> Word {
    let s = f.kind(x);
    let u = int_of(s, false);
    let xb = f.cast(x, u);
    let zero = f.cf(s, 0.0);
    let up = f.eq(f.lt(x, y), f.gt(x, zero));
    let one = f.ci(u, 1);
    let next = f.sel(up, f.add(xb, one), f.sub(xb, one));
    let sign = f.andi(f.cast(y, u), 1i64 << (width(s) - 1));
    let tiny = f.or(sign, one);
    let next = f.sel(f.eq(x, zero), tiny, next);
    let r = f.cast(next, s);
    let r = f.sel(f.eq(x, y), y, r);
    let nan = f.or(f.isnan(x), f.isnan(y));
    f.sel(nan, f.add(x, y), r)
}

/// The significand in [0.5, 1) with `x`'s sign and the exponent (`int`); zero, infinite
/// and NaN values come back unchanged with exponent 0.
pub(super) fn frexp(f: &Fx<'_, '_>, x: Word) -> (Word, Word) {
    let s = f.kind(x);
    let d = f.conv(x, F64);
    let a = f.abs(d);
    let sub = f.lt(a, f.d(f64::MIN_POSITIVE));
    let scaled = f.sel(sub, f.mul(a, f.d(2f64.powi(54))), a);
    let bits = f.cast(scaled, U64);
    let ex = f.andi(f.shri(bits, 52), 0x7ff);
    let ex = f.conv(ex, U32);
    let ex = f.cast(ex, I32);
    let adj = f.sel(sub, f.ci(I32, 1022 + 54), f.ci(I32, 1022));
    let e = f.sub(ex, adj);
    let mbits = f.or(f.andi(bits, (1i64 << 52) - 1), f.ci(U64, 1022i64 << 52));
    let m = f.copysign(f.cast(mbits, F64), d);
    let special = f.or(f.eq(d, f.d(0.0)), f.or(f.isinf(d), f.isnan(d)));
    let m = f.sel(special, d, m);
    let e = f.sel(special, f.ci(I32, 0), e);
    (f.conv(m, s), e)
}

/// Integer significand (with the hidden bit) and biased exponent (at least 1) of a
/// positive finite `double`: the value is `m · 2^(e - 1075)`.
fn parts(f: &Fx<'_, '_>, a: Word) -> (Word, Word) {
    let bits = f.cast(a, U64);
    let e = f.andi(f.shri(bits, 52), 0x7ff);
    let m = f.andi(bits, (1i64 << 52) - 1);
    let normal = f.ne(e, f.ci(U64, 0));
    let m = f.sel(normal, f.or(m, f.ci(U64, 1i64 << 52)), m);
    let e = f.sel(normal, e, f.ci(U64, 1));
    (m, f.cast(e, I64))
}

/// `fmod` (or `remainder` when `nearest`) and the low 7 bits of the quotient with its sign.
fn remainders(f: &Fx<'_, '_>, x: Word, y: Word, nearest: bool) -> (Word, Word) {
    let s = f.kind(x);
    let (xd, yd) = (f.conv(x, F64), f.conv(y, F64));
    let (ax, ay) = (f.abs(xd), f.abs(yd));
    let (mx, ex) = parts(f, ax);
    let (my, ey) = (parts(f, ay).0, parts(f, ay).1);
    let reduce = f.ge(ex, ey);
    // r = mx mod my, then r = (r << k) mod my while the exponents differ.
    let q0 = f.div(mx, my);
    let r0 = f.urem(mx, my);
    let d0 = f.sel(reduce, f.sub(ex, ey), f.ci(I64, 0));
    let out = f.loop_while(&[r0, q0, d0], |g, v| {
        let (r, q, d) = (v[0], v[1], v[2]);
        let zero = g.ci(I64, 0);
        let active = g.gt(d, zero);
        let k = g.glsl(GLOp::SMin, &[d, g.ci(I64, 11)]);
        let ku = g.cast(k, U64);
        let rs = g.shl(r, ku);
        let (nr, nq) = (g.urem(rs, my), g.div(rs, my));
        let nq = g.add(g.shl(q, ku), nq);
        let nd = g.sub(d, k);
        let r = g.sel(active, nr, r);
        let q = g.sel(active, nq, q);
        let d = g.sel(active, nd, d);
        let more = g.any(g.gt(d, zero));
        (more, vec![r, q, d])
    });
    let (r, q) = (out[0], out[1]);
    let scale = f.sub(ey, f.ci(I64, 1075));
    let scale = f.conv(scale, I32);
    let rd = f.glsl(GLOp::Ldexp, &[f.conv(r, F64), scale]);
    let rd = f.sel(reduce, rd, ax);
    let q = f.sel(reduce, q, f.ci(U64, 0));
    let (rd, q) = if nearest {
        // Past half of |y|, or at half with an odd quotient: one more |y| off.
        let two_r = f.shli(r, 1);
        let lt = f.sel(reduce, f.lt(my, two_r), f.lt(ay, f.add(ax, ax)));
        let eq = f.sel(reduce, f.eq(two_r, my), f.eq(f.add(ax, ax), ay));
        let odd = f.eq(f.andi(q, 1), f.ci(U64, 1));
        let up = f.or(lt, f.and(eq, odd));
        (
            f.sel(up, f.sub(rd, ay), rd),
            f.sel(up, f.add(q, f.ci(U64, 1)), q),
        )
    } else {
        (rd, q)
    };
    let r = f.sel(f.lt(xd, f.d(0.0)), f.neg(rd), rd);
    let r = f.sel(f.eq(xd, f.d(0.0)), xd, r);
    let bad = f.or(
        f.or(f.isnan(xd), f.isnan(yd)),
        f.or(f.isinf(xd), f.eq(yd, f.d(0.0))),
    );
    let r = f.sel(bad, f.d(f64::NAN), r);
    let r = f.sel(
        f.and(f.isinf(yd), f.not(f.or(f.isinf(xd), f.isnan(xd)))),
        xd,
        r,
    );
    let q = f.conv(f.andi(q, 0x7f), I32);
    let neg = f.ne(f.lt(xd, f.d(0.0)), f.lt(yd, f.d(0.0)));
    let q = f.sel(neg, f.neg(q), q);
    let q = f.sel(bad, f.ci(I32, 0), q);
    (f.conv(r, s), q)
}

/// `fma(a, b, c)` correctly rounded, in the operands' precision: the exact product as a
/// sum of two (Dekker's product with Veltkamp's split), added to `c` with Boldo and
/// Melquiond's algorithm, whose middle sum rounds to odd (RN, then its last bit forced
/// where the sum was inexact) so that the final rounding is the only one that counts.
/// Where a step overflows (operands within a factor 2^(p/2) of the largest finite value)
/// and where the result is zero (its sign), the plain `a * b + c` is taken.
fn fma(f: &Fx<'_, '_>, a: Word, b: Word, c: Word) -> Word {
    let s = f.kind(a);
    if width(s) == 16 {
        return fma_half(f, a, b, c);
    }
    let k = if width(s) == 64 {
        134_217_729.0 // 2^27 + 1
    } else {
        4097.0 // 2^12 + 1
    };
    let split = |x: Word| {
        let t = f.mul(f.cf(s, k), x);
        let hi = f.sub(t, f.sub(t, x));
        (hi, f.sub(x, hi))
    };
    let two_sum = |x: Word, y: Word| {
        let sum = f.add(x, y);
        let bb = f.sub(sum, x);
        let err = f.add(f.sub(x, f.sub(sum, bb)), f.sub(y, bb));
        (sum, err)
    };
    let p = f.mul(a, b);
    let ((ah, al), (bh, bl)) = (split(a), split(b));
    let err = f.add(f.sub(f.mul(ah, bh), p), f.mul(ah, bl));
    let err = f.add(f.add(err, f.mul(al, bh)), f.mul(al, bl));
    let (th, tl) = two_sum(c, p);
    let (v, e) = two_sum(tl, err);
    // Round v to odd: toward zero where it was rounded away from it, then the last bit set.
    let zero = f.cf(s, 0.0);
    let inexact = f.or(f.lt(e, zero), f.gt(e, zero));
    let away = f.ne(f.lt(e, zero), f.lt(v, zero));
    let u = int_of(s, false);
    let bits = f.cast(v, u);
    let one = f.ci(u, 1);
    let bits = f.sel(f.and(inexact, away), f.sub(bits, one), bits);
    let bits = f.sel(inexact, f.or(bits, one), bits);
    let r = f.add(th, f.cast(bits, s));
    let plain = f.add(p, c);
    let finite = f.lt(f.abs(r), f.cf(s, f64::INFINITY));
    let usable = f.and(finite, f.ne(r, zero));
    f.sel(usable, r, plain)
}

/// `fma` of halfs: in `double` the product is exact (22 bits) and the sum, whose error
/// TwoSum finds, rounds to odd; rounding that to half (through `float`, to odd again) is then
/// the one rounding that counts. Zeros, infinities and NaNs come out of the plain sum.
fn fma_half(f: &Fx<'_, '_>, a: Word, b: Word, c: Word) -> Word {
    let (a, b, c) = (f.conv(a, F64), f.conv(b, F64), f.conv(c, F64));
    let p = f.mul(a, b);
    let sum = f.add(p, c);
    let bb = f.sub(sum, p);
    let e = f.add(f.sub(p, f.sub(sum, bb)), f.sub(c, bb));
    let zero = f.d(0.0);
    let inexact = f.or(f.lt(e, zero), f.gt(e, zero));
    let away = f.ne(f.lt(e, zero), f.lt(sum, zero));
    let bits = f.cast(sum, U64);
    let one = f.ci(U64, 1);
    let bits = f.sel(f.and(inexact, away), f.sub(bits, one), bits);
    let bits = f.sel(inexact, f.or(bits, one), bits);
    super::convert::double_to_half(f, f.cast(bits, F64))
}

/// `x / y` of `double`s, correctly rounded as OpenCL requires of `/`, whatever the device's
/// `OpFDiv` gives: Vulkan asks less of it, and NVIDIA's compiler multiplies by the reciprocal
/// of a constant divisor (an ulp off for about a third of quotients;
/// `kernels/builtins/vk_double_divide`).
///
/// With |x| = mx·2^ex and |y| = my·2^ey (mx, my in [0.5, 1)), Q = mx/my lies in (0.5, 2) and
/// k = ex − ey:
/// 1. q0 = mx·(1/my) with the device's reciprocal, a few ulps off, and one correction,
///    q1 = q0 + (mx − q0·my)·(1/my), is within 0.51 ulp of Q: a faithful quotient.
/// 2. The residual of a faithful quotient, r = mx − q1·my, is exact. The correctly rounded
///    quotient is q1 or its neighbour n toward Q, whichever side of their midpoint Q lies:
///    the sign of r − (n − q1)/2·my, a difference of exact values.
/// 3. Below 2^−1022 the grid is the subnormal one: with t = Q·2^(k+1074), the candidates are
///    ⌊t⌋ and ⌊t⌋ + 1 units of 2^−1074, and the sign of mx − (⌊t⌋ + ½)·2^(−1074−k)·my, one
///    `Fma` of exact operands, picks one.
///
/// A quotient that rounds (with unbounded exponent) to 2^1024 or more is ±∞. Zero, infinite
/// and NaN operands take the device's quotient, which IEEE 754 fixes exactly. The `Fma`s are
/// the device's where the host says it rounds once, [`fma`] otherwise.
pub(super) fn divide(f: &Fx<'_, '_>, x: Word, y: Word) -> Word {
    let q = f.div(x, y);
    let fused = f.fma_fused();
    let fma3 = |a: Word, b: Word, c: Word| {
        let hw = f.glsl(GLOp::Fma, &[a, b, c]);
        f.sel(fused, hw, fma(f, a, b, c))
    };
    let ldexp = |v: Word, e: Word| f.glsl(GLOp::Ldexp, &[v, e]);
    let (zero, one) = (f.d(0.0), f.d(1.0));
    let (u0, u1) = (f.ci(U64, 0), f.ci(U64, 1));
    let (mx, ex) = frexp(f, f.abs(x));
    let (my, ey) = frexp(f, f.abs(y));
    let k = f.sub(ex, ey);
    // 1. A faithful quotient of the significands.
    let rcp = f.div(one, my);
    let q0 = f.mul(mx, rcp);
    let r0 = fma3(f.neg(q0), my, mx);
    let q1 = fma3(r0, rcp, q0);
    // 2. Rounded to 53 bits.
    let r1 = fma3(f.neg(q1), my, mx);
    let bits = f.cast(q1, U64);
    let up = f.gt(r1, zero);
    let nb = f.sel(up, f.add(bits, u1), f.sub(bits, u1));
    let n = f.cast(nb, F64);
    let half_gap = f.mul(f.sub(n, q1), f.d(0.5));
    let past = f.sub(r1, f.mul(half_gap, my));
    let beyond = f.sel(up, f.gt(past, zero), f.lt(past, zero));
    let tie = f.and(f.eq(past, zero), f.eq(f.andi(nb, 1), u0));
    let take = f.and(f.ne(r1, zero), f.or(beyond, tie));
    let qs = f.sel(take, n, q1);
    let k_min = f.eq(k, f.ci(I32, -1022));
    // At k = −1022 a q1 of 1 means Q > 1 − 2^−53, which rounds to 2^−1022 on the final grid.
    let qs = f.sel(f.and(k_min, f.ge(q1, one)), f.fmax(qs, one), qs);
    let big = f.ge(k, f.ci(I32, 1023));
    let limit = ldexp(
        one,
        f.sub(f.ci(I32, 1024), f.glsl(GLOp::SMax, &[k, f.ci(I32, 1023)])),
    );
    let overflow = f.and(big, f.ge(qs, limit));
    let scaled = ldexp(qs, f.glsl(GLOp::SMin, &[k, f.ci(I32, 1024)]));
    let normal = f.sel(overflow, f.d(f64::INFINITY), scaled);
    // 3. Results on the subnormal grid (and the lowest normal binade, whose spacing is the
    // same): k < −1022, or k = −1022 with Q < 1.
    let sub = f.or(f.lt(k, f.ci(I32, -1022)), f.and(k_min, f.lt(q1, one)));
    let shift = f.add(k, f.ci(I32, 1074));
    let shift = f.glsl(GLOp::SClamp, &[shift, f.ci(I32, -2), f.ci(I32, 52)]);
    // t < 2^52 here: its integer part is exact, and so is 2⌊t⌋ + 1.
    let fb = f.conv(ldexp(q1, shift), U64);
    let fl = f.conv(fb, F64);
    let mid = ldexp(f.add(f.add(fl, fl), one), f.sub(f.ci(I32, -1075), k));
    let side = fma3(f.neg(mid), my, mx);
    let odd = f.eq(f.andi(fb, 1), u1);
    let round_up = f.or(f.gt(side, zero), f.and(f.eq(side, zero), odd));
    let subnormal = f.cast(f.sel(round_up, f.add(fb, u1), fb), F64);
    let mag = f.sel(sub, subnormal, normal);
    let sign = f.andi(f.xor(f.cast(x, U64), f.cast(y, U64)), i64::MIN);
    let r = f.cast(f.or(f.cast(mag, U64), sign), F64);
    let finite = |v: Word| f.lt(f.abs(v), f.d(f64::INFINITY));
    let ordinary = f.and(
        f.and(finite(x), finite(y)),
        f.and(f.ne(x, zero), f.ne(y, zero)),
    );
    f.sel(ordinary, r, q)
}
