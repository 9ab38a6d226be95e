//! `float` versions of `exp`, `exp2`, `log`, `log2`, `sin`, `cos`, `tan` and `sincos`
//! computed in `float` (the other transcendentals widen to `double`, [`super::transc`]).
//! GPUs run `double` at a fraction of the `float` rate, and these are the ones hot loops
//! call (Black–Scholes, softmax, entropy, FFT twiddles): the `double` versions made
//! `black_scholes` 2.2× and `fft256` 7× slower than CUDA on the H100.
//!
//! Each result is within about one ulp (OpenCL's bound is 3 ulp for these, 4 for sin and
//! cos), using only additions, multiplications and one division. They may be fused into
//! multiply-adds (`Fx::contracting`, so that GPUs run FMAs): the reduction steps are exact
//! either way, and the bounds hold either way. `kernels/builtins/vk_float_math_sweep` measures the
//! error over millions of arguments against the `double` versions. `sin` and `cos` reduce
//! with `Fma` where the host says it rounds once, and in `double` elsewhere ([`sin_cos`]).
//!
//! - `exp`: k = rint(x·log₂e), r = x − k·ln2 with ln2 in two parts (Cody–Waite: k·C₁ is
//!   exact, C₁ having 16 significant bits and |k| ≤ 150), eʳ = 1 + (r + r²·P(r)) with P the
//!   Taylor polynomial to r⁷ (|r| ≤ 0.35: truncation below 2^-27), then 2ᵏ in two exact
//!   scalings; a subnormal result is made from its bits (devices that flush subnormal
//!   arithmetic still return it, as the `double` versions did). `exp2`: k = rint(x), r =
//!   (x − k)·ln2.
//! - `log`: x = 2ᵉ·m with m in [√½, √2), f = m − 1 (exact), s = f/(2 + f), z = s²,
//!   log m = f − s·(f − T) with T = z·(2/3 + 2z/5 + 2z²/7 + 2z³/9 + 2z⁴/11) (|s| ≤ 0.172:
//!   truncation below 2^-33), plus e·ln2 in two parts. `log2`: e + log m · log₂e.

use super::{Body, Fx, F64, I32};
use clc_passes::ast::Scalar;
use rspirv::spirv::{GlslStd450Op as GLOp, OpenclStd100Op as C, Word};
use std::f64::consts::{LN_2, LOG2_E};

const F32: Scalar = Scalar::Float { width: 32 };
const U32: Scalar = Scalar::Int {
    width: 32,
    signed: false,
};

/// ln2 = LN2_HI + LN2_LO, LN2_HI with 16 significant bits (k·LN2_HI is exact for |k| < 256).
const LN2_HI: f64 = 0.693_145_751_953_125;
const LN2_LO: f64 = 1.428_606_820_309_417_2e-6;

/// log₂e to 12 significant bits.
const LOG2E_HI: f64 = 1.442_382_812_5;

/// The value of `op` on `float` operand `x` (and the value its out-pointer receives), or
/// `None` where this module has no version.
pub(super) fn body(f: &Fx<'_, '_>, op: C, x: Word) -> Option<Body> {
    if f.kind(x) != F32 {
        return None;
    }
    f.contracting(|| float_body(f, op, x))
}

fn float_body(f: &Fx<'_, '_>, op: C, x: Word) -> Option<Body> {
    if let C::sin | C::cos | C::tan | C::sincos = op {
        let (s, c) = sin_cos(f, x);
        let (result, out) = match op {
            C::sin => (s, None),
            C::cos => (c, None),
            C::tan => (f.div(s, c), None),
            _ => (s, Some(c)),
        };
        return Some(Body {
            result: f.conv(result, F32),
            out,
        });
    }
    let result = match op {
        C::exp => {
            let xc = f.glsl(GLOp::FClamp, &[x, f.cf(F32, -104.0), f.cf(F32, 89.0)]);
            let k = f.rint(f.mul(xc, f.cf(F32, LOG2_E)));
            let hi = f.sub(xc, f.mul(k, f.cf(F32, LN2_HI)));
            let r = f.sub(hi, f.mul(k, f.cf(F32, LN2_LO)));
            let y = scaled_exp(f, r, k);
            f.sel(f.isnan(x), x, y)
        }
        C::exp2 => {
            let xc = f.glsl(GLOp::FClamp, &[x, f.cf(F32, -151.0), f.cf(F32, 129.0)]);
            let k = f.rint(xc);
            let r = f.mul(f.sub(xc, k), f.cf(F32, LN_2));
            let y = scaled_exp(f, r, k);
            f.sel(f.isnan(x), x, y)
        }
        C::log | C::log2 => {
            let (e, fm, corr) = log_parts(f, x);
            let r = if op == C::log {
                let lo = f.add(f.sub(fm, corr), f.mul(e, f.cf(F32, LN2_LO)));
                f.add(f.mul(e, f.cf(F32, LN2_HI)), lo)
            } else {
                // (f − corr)·log₂e without rounding f − corr first: f = fₕ + fₗ with fₕ of
                // 12 bits, log₂e = Cₕ + Cₗ likewise, so fₕ·Cₕ is exact and the rest is
                // small.
                let f_hi = f.cast(f.andi(f.cast(fm, U32), 0xffff_f000), F32);
                let f_lo = f.sub(fm, f_hi);
                let c_hi = f.cf(F32, LOG2E_HI);
                let lo = f.add(
                    f.mul(f_lo, c_hi),
                    f.sub(
                        f.mul(fm, f.cf(F32, LOG2_E - LOG2E_HI)),
                        f.mul(corr, f.cf(F32, LOG2_E)),
                    ),
                );
                f.add(e, f.add(f.mul(f_hi, c_hi), lo))
            };
            let r = f.sel(f.eq(x, f.cf(F32, 0.0)), f.cf(F32, f64::NEG_INFINITY), r);
            let r = f.sel(f.lt(x, f.cf(F32, 0.0)), f.cf(F32, f64::NAN), r);
            let r = f.sel(f.eq(x, f.cf(F32, f64::INFINITY)), x, r);
            f.sel(f.isnan(x), x, r)
        }
        _ => return None,
    };
    Some(Body { result, out: None })
}

/// (sin x, cos x) for a `float` x, in two versions of which the specialization constant
/// `fma_fused` keeps one (the other is dead code once the pipeline is specialized):
///
/// - Where the device's `Fma` rounds once (GPUs): everything in `float`, below 2^17.
///   k = rint(x·2/π) and r = x − k·π/2 with π/2 = P₁ + P₂ + P₃ in three `float`s, one `Fma`
///   each. x − k·P₁ is exact (both are multiples of 2⁻²⁴ and the difference is below 1), and
///   so is the next step whenever its result is below 2⁻²⁴; so the only rounding that
///   matters when r is small is the last one, relative to r itself. Then Taylor
///   polynomials to r⁹ and r¹⁰, with cos r = w + (e + r⁴·C(z)) where w = 1 − z/2 and e
///   holds the rounding errors of z = r² and of w (an `Fma` and a Fast2Sum). 1 ulp over
///   every `float` below 2^17 in a model of these steps with `f32::mul_add`, fused or
///   not where they may be (`kernels/builtins/vk_float_math_sweep` measures the module).
/// - Elsewhere (lavapipe, whose `Fma` rounds twice): below 2^20 a Cody–Waite reduction in
///   `double`, k·π/2 with π/2 in three parts, the first two of 33 bits (k·P₁ and k·P₂
///   exact), then Taylor polynomials: r and 1 − r²/2 in `double`, the rest (below 0.09 of
///   the result) in `float`.
///
/// Larger arguments, infinities and NaN take the `double` Payne–Hanek path of
/// [`super::transc`], in a branch of its own, so that its cost is paid only by groups of
/// lanes that need it.
fn sin_cos(f: &Fx<'_, '_>, x: Word) -> (Word, Word) {
    let fused = f.fma_fused();
    let limit = f.sel(fused, f.cf(F32, 131_072.0), f.cf(F32, 1_048_576.0));
    let small = f.lt(f.abs(x), limit);
    // Large arguments become 0 here, and their lanes are replaced below.
    let xs = f.sel(small, x, f.cf(F32, 0.0));
    let (fs, fc, fk) = reduced_with_fma(f, xs);
    let (ds, dc, dk) = reduced_in_double(f, xs);
    let (sin, cos) = (f.sel(fused, fs, ds), f.sel(fused, fc, dc));
    // The quadrant: k mod 4.
    let q = f.andi(f.cast(f.sel(fused, fk, dk), U32), 3);
    let is = |n: i64| f.eq(q, f.ci(U32, n));
    let (ns, nc) = (f.neg(sin), f.neg(cos));
    let s = f.sel(is(0), sin, f.sel(is(1), cos, f.sel(is(2), ns, nc)));
    let c = f.sel(is(0), cos, f.sel(is(1), ns, f.sel(is(2), nc, sin)));
    // sin(±0) = ±0: the reduction's x − k·π/2 turns −0 into +0.
    let s = f.sel(f.eq(x, f.cf(F32, 0.0)), x, s);
    let big = f.any(f.not(small));
    let v = f.if_then(big, &[s, c], |f| {
        f.exactly(|| {
            let (bs, bc) = super::transc::sin_cos(f, f.conv(x, F64), false);
            let (bs, bc) = (f.conv(bs, F32), f.conv(bc, F32));
            vec![f.sel(small, s, bs), f.sel(small, c, bc)]
        })
    });
    (v[0], v[1])
}

/// (sin r, cos r, k) with x = k·π/2 + r, for |x| < 2^17, in `float` with one-rounding
/// `Fma`s (see [`sin_cos`]).
fn reduced_with_fma(f: &Fx<'_, '_>, x: Word) -> (Word, Word, Word) {
    use super::transc::{PIO2_1, PIO2_2, PIO2_3};
    use std::f64::consts::FRAC_PI_2;
    // π/2 = P₁ + P₂ + P₃ to about 72 bits (π/2 itself from the 33-bit parts of transc).
    let p1 = FRAC_PI_2 as f32;
    let p2 = ((PIO2_1 - f64::from(p1)) + PIO2_2) as f32;
    let p3 = (((PIO2_1 - f64::from(p1)) - f64::from(p2)) + PIO2_2 + PIO2_3) as f32;
    let c = |v: f32| f.cf(F32, f64::from(v));
    let (a, z, zlo, w, ew, k) = f.exactly(|| {
        let k = f.rint(f.mul(x, c(std::f32::consts::FRAC_2_PI)));
        let nk = f.neg(k);
        let r = f.glsl(GLOp::Fma, &[nk, c(p1), x]);
        let r = f.glsl(GLOp::Fma, &[nk, c(p2), r]);
        let a = f.glsl(GLOp::Fma, &[nk, c(p3), r]);
        // z = r² + zₗ exactly; w = 1 − z/2 + e_w exactly (Fast2Sum, 1 ≥ z/2).
        let z = f.mul(a, a);
        let zlo = f.glsl(GLOp::Fma, &[a, a, f.neg(z)]);
        let hz = f.mul(z, c(0.5));
        let w = f.sub(c(1.0), hz);
        let ew = f.sub(f.sub(c(1.0), w), hz);
        (a, z, zlo, w, ew, k)
    });
    // sin r = r + r·z·S(z); cos r = w + (e_w − zₗ/2 + z²·C(z)).
    let sin = f.add(a, f.mul(f.mul(a, z), f.poly(z, &taylor(3, -1.0))));
    let err = f.sub(ew, f.mul(zlo, c(0.5)));
    let cos = f.add(
        w,
        f.add(f.mul(f.mul(z, z), f.poly(z, &taylor(4, 1.0))), err),
    );
    (sin, cos, f.conv(k, I32))
}

/// (sin r, cos r, k) with x = k·π/2 + r, for |x| < 2^20, reduced in `double` (see
/// [`sin_cos`]).
fn reduced_in_double(f: &Fx<'_, '_>, x: Word) -> (Word, Word, Word) {
    use super::transc::{PIO2_1, PIO2_2, PIO2_3};
    let xd = f.conv(x, F64);
    let k = f.rint(f.mul(xd, f.d(2.0 / std::f64::consts::PI)));
    let r = f.sub(xd, f.mul(k, f.d(PIO2_1)));
    let r = f.sub(r, f.mul(k, f.d(PIO2_2)));
    let r = f.sub(r, f.mul(k, f.d(PIO2_3)));
    // The leading terms in `double`, the small tails in `float`.
    let z = f.mul(r, r);
    let (rf, zf) = (f.conv(r, F32), f.conv(z, F32));
    // sin r = r + r³·S(z), cos r = 1 − z/2 + z²·C(z).
    let sin_tail = f.mul(f.mul(zf, rf), f.poly(zf, &taylor(3, -1.0)));
    let sin = f.conv(f.add(r, f.conv(sin_tail, F64)), F32);
    let cos_tail = f.mul(f.mul(zf, zf), f.poly(zf, &taylor(4, 1.0)));
    let cos = f.add(f.sub(f.d(1.0), f.mul(z, f.d(0.5))), f.conv(cos_tail, F64));
    (sin, f.conv(cos, F32), f.conv(k, I32))
}

/// sign·(−1)ⁱ/(first + 2i)! for i = 0…3: with (3, −1) the coefficients of S, with (4, 1)
/// those of C in sin r = r + r³·S(r²) and cos r = 1 − r²/2 + r⁴·C(r²).
fn taylor(first: u32, sign: f64) -> Vec<f64> {
    let mut t = 1.0;
    for n in 1..=first {
        t /= f64::from(n);
    }
    let mut s = sign;
    let mut c = Vec::new();
    for i in 0..4 {
        c.push(s * t);
        let n = first + 2 * i;
        t /= f64::from((n + 1) * (n + 2));
        s = -s;
    }
    c
}

/// eʳ·2ᵏ for |r| ≤ ln2/2 and an integral `float` k in [−150, 129].
fn scaled_exp(f: &Fx<'_, '_>, r: Word, k: Word) -> Word {
    let c: Vec<f64> = [2.0, 6.0, 24.0, 120.0, 720.0, 5040.0]
        .iter()
        .map(|d| 1.0 / d)
        .collect();
    let q = f.mul(f.mul(r, r), f.poly(r, &c));
    let e = f.add(f.cf(F32, 1.0), f.add(r, q));
    // 2ᵏ = 2ʰ·2ᵏ⁻ʰ, both normal: e·2ʰ is exact, the second product rounds once.
    let ki = f.conv(k, I32);
    let h = f.shri(ki, 1);
    let rest = f.sub(ki, h);
    let normal = f.mul(f.mul(e, pow2(f, h)), pow2(f, rest));
    // From k ≤ −126 on the result may be subnormal, which devices that flush subnormals
    // would turn into 0 (NVIDIA's do): its bits are the integer e·2ᵏ⁺¹⁴⁹, rounded to even
    // (k ≥ −150, so the exponent is at least −1 and e·2ᵏ⁺¹⁴⁹ is a normal float).
    let j = f.add(ki, f.ci(I32, 149));
    let units = f.rint(f.mul(e, pow2(f, j)));
    let tiny = f.cast(f.conv(units, U32), F32);
    f.sel(f.le(ki, f.ci(I32, -126)), tiny, normal)
}

/// 2ⁿ as a `float`, for an `int` n in [−126, 127].
fn pow2(f: &Fx<'_, '_>, n: Word) -> Word {
    let bits = f.cast(f.add(n, f.ci(I32, 127)), U32);
    f.cast(f.shli(bits, 23), F32)
}

/// x = 2ᵉ·m, m in [√½, √2): e (as a `float`), f = m − 1 and c with log m = f − c, for
/// x > 0 (other values give garbage the caller replaces).
fn log_parts(f: &Fx<'_, '_>, x: Word) -> (Word, Word, Word) {
    // Subnormals are scaled into the normal range first.
    let sub = f.lt(x, f.cf(F32, f64::from(f32::MIN_POSITIVE)));
    let xs = f.sel(sub, f.mul(x, f.cf(F32, 2f64.powi(23))), x);
    let bits = f.cast(xs, U32);
    let e = f.sub(f.cast(f.andi(f.shri(bits, 23), 0xff), I32), f.ci(I32, 127));
    let m = f.cast(f.or(f.andi(bits, (1 << 23) - 1), f.ci(U32, 127 << 23)), F32);
    let big = f.gt(m, f.cf(F32, std::f64::consts::SQRT_2));
    let m = f.sel(big, f.mul(m, f.cf(F32, 0.5)), m);
    let e = f.add(e, f.sel(big, f.ci(I32, 1), f.ci(I32, 0)));
    let e = f.sub(e, f.sel(sub, f.ci(I32, 23), f.ci(I32, 0)));
    let fm = f.sub(m, f.cf(F32, 1.0));
    let s = f.div(fm, f.add(f.cf(F32, 2.0), fm));
    let z = f.mul(s, s);
    let c: Vec<f64> = (1..=5).map(|k| 2.0 / f64::from(2 * k + 1)).collect();
    let t = f.mul(z, f.poly(z, &c));
    let corr = f.mul(s, f.sub(fm, t));
    (f.conv(e, F32), fm, corr)
}
