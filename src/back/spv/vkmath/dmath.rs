//! `double` versions of the transcendental functions that [`super::transc`] computes for
//! `float` and `half` by widening: there the widened computation is not enough, so these
//! work in double-double (hi + lo pairs from Knuth's two-sum and Dekker's product, which
//! need no fused multiply-add) where a plain `double` step would lose the last bits. Each is
//! within OpenCL's `double` bound; the coefficients come from `make_dmath_coeffs.py`
//! (mpmath) in `dmath_coeffs.rs`. The algorithms:
//!
//! - `exp2`, `exp10`: x·ln2 or x·ln10 as a double-double, then `exp`'s reduction.
//! - `expm1`: x = k·ln2 + r, eʳ − 1 = r + r²/2 + r³·P(r) with r²/2 exact, then
//!   2ᵏ·(eʳ − 1) + (2ᵏ − 1) with the last sum compensated.
//! - `log2`, `log10`, `log1p`: the double-double log times log₂e or log₁₀e; log1p takes the
//!   rounding error of 1 + x as a first-order correction.
//! - `sinh`, `cosh`: a Taylor polynomial below 1 (sinh), else h ± ¼/h with h = eˣ/2
//!   computed as e^(x − ln2) (no early overflow); `tanh`: e/(e + 2) with e = expm1(2x).
//! - `asinh`, `acosh`, `atanh`: log1p of well-conditioned arguments; log 2x beyond 2^28.
//! - `atan2` (and `atan` = atan2(x, 1), `asin`/`acos` through √((1−|x|)(1+|x|))): the
//!   smaller of |x|, |y| over the larger is b ≤ 1, c = b rounded to eighths, and
//!   atan b = atan c + atan t with t = (n − c·d)/(d + c·n) (the product exact), |t| ≤ 1/16,
//!   Taylor to t²³; atan c and the quadrant's multiple of π/2 as double-doubles. The `…pi`
//!   versions multiply the double-double by 1/π.
//! - `erf`: the Maclaurin series below 1, else 1 − erfc; `erfc`: 1 − erf below ½, else
//!   e^(−x²)·g(x) with x² exact and g fitted on [½, 1½], [1½, 3], [3, 5], and as u·h(u),
//!   u = 1/x, beyond 5.
//! - `tgamma`, `lgamma`: the argument (1 − x below ½, as a double-double) shifted up to
//!   z ≥ 12 with the double-double product of the steps, Stirling's series to B₂₀/z¹⁹ in
//!   double-double, e^(±·) and the reflection π/(sin πx·Γ(1 − x)) scaled by 2^512 to stay
//!   normal. `lgamma` uses the Taylor series of lgamma(2 + t) on [½, 2½), exact near its
//!   zeros 1 and 2.
//! - `rootn`: e^(log|x|/n) with the quotient in double-double.

use super::transc::{
    exp_d, exp_dd, is_int, log_d, log_dd, pow2, scale, sin_cos_pi, sqrt_d, two_prod, two_sum,
    LN2_HI, LN2_LO,
};
use super::{Fx, I32, I64};
use rspirv::spirv::{GlslStd450Op as GLOp, OpenclStd100Op as C, Word};
use std::f64::consts::PI;

include!("dmath_coeffs.rs");

/// A double-double: hi + lo with |lo| ≤ ulp(hi)/2.
type DD = (Word, Word);

/// The `double` function `op` of x (and y, an `int` operand already converted): its value
/// and second result, `None` where this module has no version of `op`.
pub(super) fn eval(
    f: &Fx<'_, '_>,
    op: C,
    x: Word,
    y: Option<Word>,
) -> Option<(Word, Option<Word>)> {
    let one = f.d(1.0);
    let r = match op {
        C::exp2 => exp_scaled(f, x, DD_LN2, 1100.0),
        C::exp10 => exp_scaled(f, x, DD_LN10, 350.0),
        C::expm1 => expm1(f, x),
        C::log2 => log_scaled(f, x, DD_LOG2_E),
        C::log10 => log_scaled(f, x, DD_LOG10_E),
        C::log1p => log1p(f, x),
        C::sinh | C::cosh | C::tanh => hyperbolic(f, op, x),
        C::asinh | C::acosh | C::atanh => inverse_hyperbolic(f, op, x),
        C::atan => atan2(f, x, one, false),
        C::atanpi => atan2(f, x, one, true),
        C::atan2 => atan2(f, x, y?, false),
        C::atan2pi => atan2(f, x, y?, true),
        C::asin | C::acos | C::asinpi | C::acospi => {
            let a = f.abs(x);
            let c = sqrt_d(f, f.mul(f.sub(one, a), f.add(one, a)));
            let pi = matches!(op, C::asinpi | C::acospi);
            let r = if matches!(op, C::asin | C::asinpi) {
                atan2(f, x, c, pi)
            } else {
                atan2(f, c, x, pi)
            };
            f.sel(f.gt(a, one), f.d(f64::NAN), r)
        }
        C::erf => erf(f, x, false),
        C::erfc => erf(f, x, true),
        C::tgamma => tgamma(f, x),
        C::lgamma => lgamma(f, x).0,
        C::lgamma_r => {
            let (r, sign) = lgamma(f, x);
            return Some((r, Some(sign)));
        }
        C::rootn => rootn(f, x, y?),
        _ => return None,
    };
    Some((r, None))
}

fn cdd(f: &Fx<'_, '_>, c: (f64, f64)) -> DD {
    (f.d(c.0), f.d(c.1))
}

/// s + e = a + b exactly where |a| ≥ |b|.
fn fast_two_sum(f: &Fx<'_, '_>, a: Word, b: Word) -> DD {
    let s = f.add(a, b);
    (s, f.sub(b, f.sub(s, a)))
}

fn dd_mul(f: &Fx<'_, '_>, a: DD, b: DD) -> DD {
    let (p, e) = two_prod(f, a.0, b.0);
    let e = f.add(e, f.add(f.mul(a.0, b.1), f.mul(a.1, b.0)));
    fast_two_sum(f, p, e)
}

fn dd_add(f: &Fx<'_, '_>, a: DD, b: DD) -> DD {
    let (s, e) = two_sum(f, a.0, b.0);
    let e = f.add(e, f.add(a.1, b.1));
    fast_two_sum(f, s, e)
}

fn dd_neg(f: &Fx<'_, '_>, a: DD) -> DD {
    (f.neg(a.0), f.neg(a.1))
}

fn dd_sel(f: &Fx<'_, '_>, c: Word, a: DD, b: DD) -> DD {
    (f.sel(c, a.0, b.0), f.sel(c, a.1, b.1))
}

/// The double-double rounded to `double`.
fn round(f: &Fx<'_, '_>, a: DD) -> Word {
    f.add(a.0, a.1)
}

/// e^(x·c), c a double-double (ln2 or ln10); |x| beyond `lim` gives 0 or ∞ either way.
fn exp_scaled(f: &Fx<'_, '_>, x: Word, c: (f64, f64), lim: f64) -> Word {
    let xc = f.glsl(GLOp::FClamp, &[x, f.d(-lim), f.d(lim)]);
    let (p, pl) = dd_mul(f, (xc, f.d(0.0)), cdd(f, c));
    let r = exp_dd(f, p, pl);
    f.sel(f.isnan(x), x, r)
}

/// The special values of a logarithm: −∞ at 0, NaN below, ∞ at ∞, NaN for NaN.
fn log_special(f: &Fx<'_, '_>, x: Word, r: Word) -> Word {
    let r = f.sel(f.eq(x, f.d(0.0)), f.d(f64::NEG_INFINITY), r);
    let r = f.sel(f.lt(x, f.d(0.0)), f.d(f64::NAN), r);
    let r = f.sel(f.eq(x, f.d(f64::INFINITY)), x, r);
    f.sel(f.isnan(x), x, r)
}

/// log(x)·c, c a double-double (log₂e or log₁₀e).
fn log_scaled(f: &Fx<'_, '_>, x: Word, c: (f64, f64)) -> Word {
    let l = log_dd(f, x);
    let r = round(f, dd_mul(f, l, cdd(f, c)));
    log_special(f, x, r)
}

/// log(1 + x) as a double-double for x > −1 finite: 1 + x = u + e exactly, and
/// log(u + e) = log u + e/u to the precision needed.
fn log1p_dd(f: &Fx<'_, '_>, x: Word) -> DD {
    let (u, e) = two_sum(f, f.d(1.0), x);
    let (h, l) = log_dd(f, u);
    fast_two_sum(f, h, f.add(l, f.div(e, u)))
}

fn log1p(f: &Fx<'_, '_>, x: Word) -> Word {
    let r = round(f, log1p_dd(f, x));
    let r = f.sel(f.eq(x, f.d(0.0)), x, r);
    let r = f.sel(f.eq(x, f.d(-1.0)), f.d(f64::NEG_INFINITY), r);
    let r = f.sel(f.lt(x, f.d(-1.0)), f.d(f64::NAN), r);
    let r = f.sel(f.eq(x, f.d(f64::INFINITY)), x, r);
    f.sel(f.isnan(x), x, r)
}

/// 1/k! for k in `from..=to`.
fn inv_factorials(from: u32, to: u32) -> Vec<f64> {
    let mut t = 1.0f64;
    let mut c = Vec::new();
    for k in 1..=to {
        t /= f64::from(k);
        if k >= from {
            c.push(t);
        }
    }
    c
}

fn expm1(f: &Fx<'_, '_>, x: Word) -> Word {
    let xc = f.glsl(GLOp::FClamp, &[x, f.d(-64.0), f.d(710.0)]);
    let k = f.rint(f.mul(xc, f.d(1.0 / std::f64::consts::LN_2)));
    // x − k·ln2 = r + rl exactly (k·LN2_HI is exact, so is the first difference).
    let hi = f.sub(xc, f.mul(k, f.d(LN2_HI)));
    let (r, rl) = two_sum(f, hi, f.neg(f.mul(k, f.d(LN2_LO))));
    // eʳ − 1 = r + r²/2 + r³·(1/6 + r/24 + …), plus rl·(1 + r) for the low part of r.
    let (h2, l2) = two_prod(f, r, r);
    let (h2, l2) = (f.mul(h2, f.d(0.5)), f.mul(l2, f.d(0.5)));
    let t = f.mul(f.mul(h2, r), f.poly(r, &inv_factorials(3, 16)));
    let t = f.add(f.add(t, t), f.add(l2, f.mul(rl, f.add(f.d(1.0), r))));
    let (s, e) = two_sum(f, r, h2);
    let (ph, pl) = fast_two_sum(f, s, f.add(e, t));
    // 2ᵏ·p + (2ᵏ − 1), the sum compensated; beyond 2^53 just 2ᵏ·(1 + p).
    let ki = f.conv(k, I32);
    let m = pow2(
        f,
        f.glsl(GLOp::SClamp, &[ki, f.ci(I32, -1022), f.ci(I32, 60)]),
    );
    let (a, b) = two_sum(f, f.sub(m, f.d(1.0)), f.mul(m, ph));
    let mid = f.add(a, f.add(b, f.mul(m, pl)));
    let big = scale(f, f.add(f.d(1.0), f.add(ph, pl)), ki);
    let r = f.sel(f.gt(k, f.d(53.0)), big, mid);
    let r = f.sel(f.eq(x, f.d(0.0)), x, r);
    f.sel(f.isnan(x), x, r)
}

fn hyperbolic(f: &Fx<'_, '_>, op: C, x: Word) -> Word {
    let a = f.abs(x);
    // h = eᵃ/2 = e^(a − ln2); a − LN2_HI is exact for 1 ≤ a < 2^20.
    let h = exp_dd(f, f.sub(a, f.d(LN2_HI)), f.d(-LN2_LO));
    let q = f.div(f.d(0.25), h);
    match op {
        C::cosh => f.add(h, q),
        C::sinh => {
            // a + a³/3! + a⁵/5! + … to a²⁵ below 1.
            let c: Vec<f64> = inv_factorials(3, 25).into_iter().step_by(2).collect();
            let z = f.mul(a, a);
            let small = f.add(a, f.mul(f.mul(z, a), f.poly(z, &c)));
            let r = f.sel(f.lt(a, f.d(1.0)), small, f.sub(h, q));
            f.copysign(r, x)
        }
        _ => {
            let e = expm1(f, f.add(a, a));
            let r = f.div(e, f.add(e, f.d(2.0)));
            let r = f.sel(f.gt(a, f.d(22.0)), f.d(1.0), r);
            let r = f.sel(f.isnan(a), a, r);
            f.copysign(r, x)
        }
    }
}

fn inverse_hyperbolic(f: &Fx<'_, '_>, op: C, x: Word) -> Word {
    let one = f.d(1.0);
    let a = f.abs(x);
    // log 2a for large a.
    let big_of = |v: Word| round(f, dd_add(f, log_dd(f, v), cdd(f, DD_LN2)));
    let r = match op {
        C::asinh => {
            // log1p(a + a²/(1 + √(1 + a²))).
            let s = f.mul(a, a);
            let d = f.add(one, sqrt_d(f, f.add(one, s)));
            let r = round(f, log1p_dd(f, f.add(a, f.div(s, d))));
            let r = f.sel(f.gt(a, f.d(2f64.powi(28))), big_of(a), r);
            let r = f.sel(f.isinf(a), a, r);
            let r = f.sel(f.eq(a, f.d(0.0)), a, r);
            f.copysign(r, x)
        }
        C::acosh => {
            // log1p(t + √(t(x + 1))), t = x − 1.
            let t = f.sub(x, one);
            let s = sqrt_d(f, f.mul(t, f.add(x, one)));
            let r = round(f, log1p_dd(f, f.add(t, s)));
            let r = f.sel(f.gt(x, f.d(2f64.powi(28))), big_of(x), r);
            let r = f.sel(f.eq(x, one), f.d(0.0), r);
            let r = f.sel(f.isinf(x), x, r);
            f.sel(f.lt(x, one), f.d(f64::NAN), r)
        }
        _ => {
            // ½·log1p(2a/(1 − a)).
            let z = f.div(f.add(a, a), f.sub(one, a));
            let r = f.mul(round(f, log1p_dd(f, z)), f.d(0.5));
            let r = f.sel(f.eq(a, one), f.d(f64::INFINITY), r);
            let r = f.sel(f.eq(a, f.d(0.0)), a, r);
            let r = f.sel(f.gt(a, one), f.d(f64::NAN), r);
            f.copysign(r, x)
        }
    };
    f.sel(f.isnan(x), x, r)
}

/// atan2(|y|, x) as a double-double (the caller gives it y's sign).
fn atan2_abs(f: &Fx<'_, '_>, y: Word, x: Word) -> DD {
    let zero = f.d(0.0);
    let (ay, ax) = (f.abs(y), f.abs(x));
    // Bring the larger between 2^-500 and 2^500 (the ratio stays exact).
    let m = f.fmax(ay, ax);
    let s = f.sel(
        f.gt(m, f.d(2f64.powi(500))),
        f.d(2f64.powi(-600)),
        f.sel(f.lt(m, f.d(2f64.powi(-500))), f.d(2f64.powi(600)), f.d(1.0)),
    );
    let (ay, ax) = (f.mul(ay, s), f.mul(ax, s));
    let swap = f.gt(ay, ax);
    let n = f.sel(swap, ax, ay);
    let d = f.sel(swap, ay, ax);
    // atan(n/d) = atan c + atan t, c = n/d rounded to eighths.
    let flat = f.or(f.eq(n, zero), f.isinf(d));
    let both_inf = f.isinf(n);
    let c = f.mul(f.rint(f.mul(f.div(n, d), f.d(8.0))), f.d(0.125));
    let c = f.sel(flat, zero, c);
    let (p, pe) = two_prod(f, c, d);
    let num = f.sub(f.sub(n, p), pe);
    let den = f.add(d, f.mul(c, n));
    let t = f.sel(flat, zero, f.div(num, den));
    let c = f.sel(both_inf, f.d(1.0), c);
    let z = f.mul(t, t);
    let coef: Vec<f64> = (1..=11)
        .map(|k| {
            let v = 1.0 / f64::from(2 * k + 1);
            if k % 2 == 1 {
                -v
            } else {
                v
            }
        })
        .collect();
    let pt = f.add(t, f.mul(f.mul(z, t), f.poly(z, &coef)));
    let (mut ah, mut al) = (zero, zero);
    for (k, &(h, l)) in ATAN_K8.iter().enumerate().skip(1) {
        let is = f.eq(c, f.d(k as f64 / 8.0));
        ah = f.sel(is, f.d(h), ah);
        al = f.sel(is, f.d(l), al);
    }
    let rest = f.add(al, pt);
    // The quadrant: 0 + a, π/2 − a (swapped), π/2 + a (swapped, x < 0), π − a (x < 0).
    let xneg = f.lt(f.cast(x, I64), f.ci(I64, 0));
    let neg = f.ne(swap, xneg);
    let base = dd_sel(
        f,
        swap,
        cdd(f, DD_PI_2),
        dd_sel(f, xneg, cdd(f, DD_PI), (zero, zero)),
    );
    let ah = f.sel(neg, f.neg(ah), ah);
    let rest = f.sel(neg, f.neg(rest), rest);
    let (s, e) = two_sum(f, base.0, ah);
    fast_two_sum(f, s, f.add(e, f.add(base.1, rest)))
}

/// atan2(y, x), or atan2(y, x)/π when `pi`.
fn atan2(f: &Fx<'_, '_>, y: Word, x: Word, pi: bool) -> Word {
    let a = atan2_abs(f, y, x);
    let r = if pi {
        round(f, dd_mul(f, a, cdd(f, DD_1_PI)))
    } else {
        round(f, a)
    };
    let r = f.copysign(r, y);
    f.sel(f.or(f.isnan(x), f.isnan(y)), f.add(x, y), r)
}

/// erf x, or erfc x when `complement`.
fn erf(f: &Fx<'_, '_>, x: Word, complement: bool) -> Word {
    let one = f.d(1.0);
    let a = f.abs(x);
    // erf a = 2/√π · a · Σ (−a²)ⁿ/(n!(2n + 1)), for a < 1.
    let mut c = Vec::new();
    let mut fact = 1.0;
    for n in 0..26 {
        if n > 0 {
            fact *= f64::from(n);
        }
        let v = 1.0 / (fact * f64::from(2 * n + 1));
        c.push(if n % 2 == 1 { -v } else { v });
    }
    let am = f.fmin(a, one);
    let series = f.mul(f.mul(am, f.d(2.0 / PI.sqrt())), f.poly(f.mul(am, am), &c));
    // erfc a = e^(−a²)·g(a) for a ≥ ½.
    let ac = f.glsl(GLOp::FClamp, &[a, f.d(0.5), f.d(28.0)]);
    let g1 = f.poly(f.sub(ac, f.d(ERFC_G1_MID)), &ERFC_G1);
    let g2 = f.poly(f.sub(ac, f.d(ERFC_G2_MID)), &ERFC_G2);
    let g3 = f.poly(f.sub(ac, f.d(ERFC_G3_MID)), &ERFC_G3);
    let u = f.div(one, ac);
    let g4 = f.mul(u, f.poly(f.sub(u, f.d(ERFC_H4_MID)), &ERFC_H4));
    let g = f.sel(
        f.lt(ac, f.d(1.5)),
        g1,
        f.sel(f.lt(ac, f.d(3.0)), g2, f.sel(f.lt(ac, f.d(5.0)), g3, g4)),
    );
    let (h, l) = two_prod(f, ac, ac);
    let e = exp_dd(f, f.neg(h), f.neg(l));
    let ec = f.mul(e, g);
    let ec = f.sel(f.gt(a, f.d(27.5)), f.d(0.0), ec);
    let r = if complement {
        let small = f.sub(one, f.copysign(series, x));
        let big = f.sel(f.lt(x, f.d(0.0)), f.sub(f.d(2.0), ec), ec);
        f.sel(f.lt(a, f.d(0.5)), small, big)
    } else {
        let r = f.sel(f.lt(a, one), series, f.sub(one, ec));
        f.copysign(r, x)
    };
    f.sel(f.isnan(x), x, r)
}

/// Stirling's series for log Γ(z), z = zh + zl ≥ 12, as a double-double.
fn stirling(f: &Fx<'_, '_>, z: DD) -> DD {
    let (lh, ll) = log_dd(f, z.0);
    let l = fast_two_sum(f, lh, f.add(ll, f.div(z.1, z.0)));
    let a = dd_mul(f, (f.sub(z.0, f.d(0.5)), z.1), l);
    let a = dd_add(f, a, dd_neg(f, z));
    let a = dd_add(f, a, cdd(f, DD_HALF_LN_2PI));
    // Σ B₂ₖ/(2k(2k − 1)·z^(2k−1)), k = 1..10.
    let b = [
        1.0 / 6.0,
        -1.0 / 30.0,
        1.0 / 42.0,
        -1.0 / 30.0,
        5.0 / 66.0,
        -691.0 / 2730.0,
        7.0 / 6.0,
        -3617.0 / 510.0,
        43867.0 / 798.0,
        -174_611.0 / 330.0,
    ];
    let c: Vec<f64> = b
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let k = (i + 1) as f64;
            v / (2.0 * k * (2.0 * k - 1.0))
        })
        .collect();
    let iz = f.div(f.d(1.0), z.0);
    let series = f.mul(iz, f.poly(f.mul(iz, iz), &c));
    fast_two_sum(f, a.0, f.add(a.1, series))
}

/// w (≥ ½, at most 2^40) shifted up to z ≥ 12: z and w(w + 1)…(z − 1), double-doubles.
fn shift12(f: &Fx<'_, '_>, w: DD) -> (DD, DD) {
    let mut z = w;
    let mut p = (f.d(1.0), f.d(0.0));
    for _ in 0..12 {
        let low = f.lt(z.0, f.d(12.0));
        let np = dd_mul(f, p, z);
        let (s, e) = two_sum(f, z.0, f.d(1.0));
        let nz = fast_two_sum(f, s, f.add(e, z.1));
        p = dd_sel(f, low, np, p);
        z = dd_sel(f, low, nz, z);
    }
    (z, p)
}

/// The argument of the positive side: x itself, or 1 − x (exactly) where x < ½.
fn gamma_arg(f: &Fx<'_, '_>, x: Word, lim: f64) -> (Word, DD) {
    let refl = f.lt(x, f.d(0.5));
    let (mh, ml) = two_sum(f, f.d(1.0), f.neg(x));
    let w = dd_sel(f, refl, (mh, ml), (x, f.d(0.0)));
    let over = f.gt(w.0, f.d(lim));
    let w = dd_sel(f, over, (f.d(lim), f.d(0.0)), w);
    (refl, w)
}

fn tgamma(f: &Fx<'_, '_>, x: Word) -> Word {
    let zero = f.d(0.0);
    let (refl, w) = gamma_arg(f, x, 200.0);
    let (z, p) = shift12(f, w);
    let s = stirling(f, z);
    // Γ(w) = e^S / p.
    let q = f.div(exp_dd(f, s.0, s.1), p.0);
    let pos = f.sub(q, f.mul(q, f.div(p.1, p.0)));
    let pos = f.sel(f.isinf(q), q, pos);
    // Γ(x) = π·p·e^(−S)/sin πx, with e^(−S) scaled by 2^512.
    let k = 512.0;
    let (u, ue) = two_sum(f, f.neg(s.0), f.d(k * LN2_HI));
    let ul = f.add(f.sub(ue, s.1), f.d(k * LN2_LO));
    let e = exp_dd(f, u, ul);
    let (sn, _) = sin_cos_pi(f, x);
    let v = f.mul(f.mul(f.d(PI), f.add(p.0, p.1)), e);
    let v = f.mul(f.div(v, sn), f.d(2f64.powi(-512)));
    let v = f.sel(f.lt(x, f.d(-190.0)), f.copysign(zero, sn), v);
    let r = f.sel(refl, v, pos);
    let r = f.sel(f.lt(f.abs(x), f.d(2f64.powi(-54))), f.div(f.d(1.0), x), r);
    let r = f.sel(f.gt(x, f.d(172.0)), f.d(f64::INFINITY), r);
    let bad = f.or(
        f.and(f.lt(x, zero), is_int(f, x)),
        f.eq(x, f.d(f64::NEG_INFINITY)),
    );
    let r = f.sel(bad, f.d(f64::NAN), r);
    f.sel(f.isnan(x), x, r)
}

/// (log |Γ(x)|, the sign of Γ(x) as an `int`: 0 at the poles and NaN).
fn lgamma(f: &Fx<'_, '_>, x: Word) -> (Word, Word) {
    let (zero, one) = (f.d(0.0), f.d(1.0));
    let lim = 2f64.powi(40);
    let (refl, w) = gamma_arg(f, x, lim);
    let (z, p) = shift12(f, w);
    let s = stirling(f, z);
    let (lph, lpl) = log_dd(f, p.0);
    let lp = fast_two_sum(f, lph, f.add(lpl, f.div(p.1, p.0)));
    let lw = dd_add(f, s, dd_neg(f, lp));
    // Beyond 2^40: (w − ½)(log w − 1) − ½ + ½log 2π, the rest below an ulp.
    let wb = f.sel(refl, f.sub(one, x), x);
    let big = f.gt(wb, f.d(lim));
    let lb = log_d(f, wb);
    let lbig = f.mul(f.sub(wb, f.d(0.5)), f.sub(lb, one));
    let lbig = f.add(lbig, f.d(DD_HALF_LN_2PI.0 - 0.5));
    let lw = dd_sel(f, big, (lbig, zero), lw);
    // Near 1 and 2: lgamma(2 + t) by its Taylor series; lgamma(1 + t) = that − log1p t.
    let t1 = f.sub(x, one);
    let t2 = f.sub(x, f.d(2.0));
    let near2 = f.ge(x, f.d(1.5));
    let t = f.sel(near2, t2, t1);
    let ser = f.poly(t, &LGAMMA2);
    let ser = f.sel(near2, ser, f.sub(ser, round(f, log1p_dd(f, t1))));
    let pos = f.sel(
        f.and(f.ge(x, f.d(0.5)), f.lt(x, f.d(2.5))),
        ser,
        round(f, lw),
    );
    // x < ½: log(π/|sin πx|) − lgamma(1 − x).
    let (sn, _) = sin_cos_pi(f, x);
    let ls = log_dd(f, f.abs(sn));
    let neg = dd_add(f, cdd(f, DD_LN_PI), dd_neg(f, ls));
    let neg = round(f, dd_add(f, neg, dd_neg(f, lw)));
    let r = f.sel(refl, neg, pos);
    // Below 2^-60, −log|x| (Γ(x) = 1/x − γ + …).
    let ax = f.abs(x);
    let tiny = f.neg(round(f, log_dd(f, ax)));
    let r = f.sel(f.lt(ax, f.d(2f64.powi(-60))), tiny, r);
    let pole = f.and(f.le(x, zero), is_int(f, x));
    let r = f.sel(f.or(pole, f.isinf(x)), f.d(f64::INFINITY), r);
    let r = f.sel(f.isnan(x), x, r);
    let sign = f.sel(f.and(refl, f.lt(sn, zero)), f.ci(I32, -1), f.ci(I32, 1));
    let sign = f.sel(f.or(pole, f.isnan(x)), f.ci(I32, 0), sign);
    (r, sign)
}

/// rootn(x, n), n converted to `double`.
fn rootn(f: &Fx<'_, '_>, x: Word, n: Word) -> Word {
    let ax = f.abs(x);
    let (lh, ll) = log_dd(f, ax);
    // 1/n as a double-double, then (lh + ll)/n as in pow.
    let ih = f.div(f.d(1.0), n);
    let (p, pe) = two_prod(f, ih, n);
    let il = f.div(f.sub(f.sub(f.d(1.0), p), pe), n);
    let (q, qe) = two_prod(f, lh, ih);
    let ql = f.add(qe, f.add(f.mul(lh, il), f.mul(ll, ih)));
    let r = exp_dd(f, q, ql);
    let lim = exp_d(f, f.div(log_d(f, ax), n));
    let finite = f.and(f.gt(ax, f.d(0.0)), f.lt(ax, f.d(f64::INFINITY)));
    let r = f.sel(finite, r, lim);
    // Odd n keeps the sign; even n of a negative x and n = 0 give NaN.
    let h = f.mul(n, f.d(0.5));
    let odd = f.ne(f.trunc(h), h);
    let xneg = f.lt(f.cast(x, I64), f.ci(I64, 0));
    let r = f.sel(f.and(odd, xneg), f.neg(r), r);
    let bad = f.or(f.eq(n, f.d(0.0)), f.and(f.lt(x, f.d(0.0)), f.not(odd)));
    let r = f.sel(bad, f.d(f64::NAN), r);
    f.sel(f.isnan(x), x, r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_split() {
        // Each double-double's parts do not overlap.
        for (h, l) in [DD_LN2, DD_LN10, DD_PI, DD_PI_2, DD_1_PI, DD_LN_PI] {
            assert_eq!(h + l, h);
        }
        assert_eq!(ATAN_K8[8].0, std::f64::consts::FRAC_PI_4);
    }
}
