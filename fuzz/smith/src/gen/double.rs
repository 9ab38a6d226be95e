//! `double` expressions and statements (generated with [`super::Options::doubles`]).
//!
//! OpenCL C rounds `double` `+ - * /`, `sqrt`, `fma`, `fmod`, `remainder` and the conversions
//! correctly, so every correct compiler computes the same bits for them, as long as nothing
//! is left to the implementation:
//! * **Contraction.** `a * b + c` may become `fma(a, b, c)`, in the source (`FP_CONTRACT`
//!   is on by default) and on Vulkan drivers, which fuse across statements. So a product
//!   is only ever formed of *exact* values (below), where fusing cannot change the result;
//!   *rounded* values are never multiplied (only `fma` written out, with exact factors).
//! * **Exact values** hold multiples of 1/16 far below 2^53: level 0 |x| ≤ 2^10 in halves,
//!   level 1 (what exact variables hold) ≤ 2^20 in quarters, level 2 ≤ 2^41.
//! * **Rounded values** come from division, `sqrt`, `fmod`… of bounded operands: never
//!   NaN, infinite or subnormal (every divisor is at least 1 or a constant of at least 0.1,
//!   rounded variables are clamped to ±10^12).
//! * **Signed zeros.** `fmin(-0.0, 0.0)` may give either zero, so hashes see a zero as
//!   `0` ([`DOUBLE_PRELUDE`]'s `smith_dbits`) and `copysign` takes its sign from an integer.
//! * **Float results** of conversions are made 0 below 1e-30, so that no float is subnormal
//!   (float denormals are optional).

use rand::seq::SliceRandom;
use rand::Rng;

use super::{Gen, Ty};
use crate::types::{comp, It};

/// What a program with `double` code adds to [`super::PRELUDE`].
pub const DOUBLE_PRELUDE: &str = r#"#pragma OPENCL EXTENSION cl_khr_fp64 : enable
ulong smith_dbits(double x) { return isnan(x) ? 0x7ff8000000000000UL : x == 0.0 ? 0UL : as_ulong(x); }
uint smith_fbits(float x) { return isnan(x) ? 0x7fc00000u : x == 0.0f ? 0u : as_uint(x); }
"#;

/// Bound of rounded variables.
const CLAMP: &str = "1.0e12";
/// The rounding-mode suffixes of conversions.
const MODES: [&str; 5] = ["", "_rte", "_rtz", "_rtp", "_rtn"];
/// Constant divisors (|c| ≥ 0.1): drivers may divide by a constant as a multiplication.
const DIVISORS: [&str; 8] = ["3.0", "-7.0", "10.0", "0.1", "1.5", "-0.3", "49.0", "6.25"];

impl Gen {
    fn vars_of(&self, pred: impl Fn(&Ty) -> bool) -> Vec<String> {
        self.vars()
            .filter(|v| pred(&v.ty))
            .map(|v| v.name.clone())
            .collect()
    }

    /// An exact double expression of `level` (see the module's rules).
    pub(super) fn dexact(&mut self, level: u32, d: u32) -> String {
        if level == 0 || d == 0 || self.chance(0.3) {
            return self.dexact_leaf(level);
        }
        match self.rng.gen_range(0..7) {
            0..=2 => {
                let op = *["+", "-", "*"].choose(&mut self.rng).unwrap_or(&"*");
                let (a, b) = (self.dexact(level - 1, d - 1), self.dexact(level - 1, d - 1));
                format!("({a} {op} {b})")
            }
            3 => {
                let f = *["fmin", "fmax", "maxmag", "minmag", "fdim"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"fmin");
                let (a, b) = (self.dexact(level, d - 1), self.dexact(level, d - 1));
                format!("{f}({a}, {b})")
            }
            4 => {
                let f = *["fabs", "floor", "ceil", "trunc", "rint", "round", "-"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"fabs");
                let a = self.dexact(level, d - 1);
                format!("{f}({a})")
            }
            5 if level >= 1 => {
                // A rounded value made exact again: an integer of at most 2^20.
                let r = self.dround(d - 1);
                let f = *["floor", "ceil", "trunc", "rint", "round"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"floor");
                format!("clamp({f}({r}), -1048576.0, 1048576.0)")
            }
            _ => {
                let c = self.int(It::Int, d - 1);
                let (a, b) = (self.dexact(level, d - 1), self.dexact(level, d - 1));
                format!("({c} ? {a} : {b})")
            }
        }
    }

    /// Level 0: |x| ≤ 2^10 in halves; above it also an exact variable.
    fn dexact_leaf(&mut self, level: u32) -> String {
        let vs = self.vars_of(|t| matches!(t, Ty::D));
        if level >= 1 && !vs.is_empty() && self.chance(0.5) {
            return self.pick(&vs).unwrap_or_default();
        }
        match self.rng.gen_range(0..4) {
            0 => ["1.0", "-2.0", "0.5", "-0.0", "0.0", "1024.0", "-7.5", "3.0"]
                .choose(&mut self.rng)
                .unwrap_or(&"1.0")
                .to_string(),
            1 => {
                let t = self.int_type();
                let e = self.int(t, 1);
                format!("((double)(((int){e} & 4095) - 2048) * 0.5)")
            }
            _ => {
                let t = self.int_type();
                let e = self.int(t, 1);
                format!("((double)(((int){e} & 2047) - 1024))")
            }
        }
    }

    /// A divisor of at least 1 in magnitude, or a constant one.
    fn ddivisor(&mut self, d: u32) -> String {
        if self.chance(0.35) {
            return self.pick(&DIVISORS).unwrap_or("3.0").to_string();
        }
        let e = self.dexact(1, d);
        format!("(fabs({e}) + 1.0)")
    }

    /// A rounded double expression: finite, |x| < 2^70, never subnormal.
    pub(super) fn dround(&mut self, d: u32) -> String {
        if d == 0 || self.chance(0.25) {
            let vs = self.vars_of(|t| matches!(t, Ty::DR));
            if !vs.is_empty() && self.chance(0.6) {
                return self.pick(&vs).unwrap_or_default();
            }
            return self.dexact(2, d.min(2));
        }
        let d1 = d - 1;
        match self.rng.gen_range(0..14) {
            0..=2 => {
                let a = self.dround(d1);
                let b = self.ddivisor(d1);
                format!("({a} / {b})")
            }
            3 => {
                let a = self.dround(d1);
                format!("sqrt(fabs({a}))")
            }
            4 | 5 => {
                let op = if self.chance(0.5) { "+" } else { "-" };
                let (a, b) = (self.dround(d1), self.dround(d1));
                format!("({a} {op} {b})")
            }
            6 => {
                let (a, b) = (self.dexact(1, d1), self.dexact(1, d1));
                let c = self.dround(d1);
                format!("fma({a}, {b}, {c})")
            }
            7 => {
                let f = if self.chance(0.5) {
                    "fmod"
                } else {
                    "remainder"
                };
                let a = self.dround(d1);
                let b = self.ddivisor(d1);
                format!("{f}({a}, {b})")
            }
            8 => {
                let f = *["fmin", "fmax", "maxmag", "minmag", "fdim"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"fmax");
                let (a, b) = (self.dround(d1), self.dround(d1));
                format!("{f}({a}, {b})")
            }
            9 => {
                let f = *["fabs", "floor", "ceil", "trunc", "rint", "round", "-"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"floor");
                let a = self.dround(d1);
                format!("{f}({a})")
            }
            10 => {
                // An integer of any type, rounded to double where it has more than 53 bits.
                let t = self.int_type();
                let e = self.int(t, d1.min(2));
                if self.chance(0.5) {
                    format!("((double){e})")
                } else {
                    format!("convert_double({e})")
                }
            }
            11 => {
                // Through float and back, or exact scaling.
                let a = self.dround(d1);
                if self.chance(0.5) {
                    let m = self.pick(&MODES).unwrap_or("");
                    format!("((double)convert_float{m}(clamp({a}, -1.0e30, 1.0e30)))")
                } else {
                    let k = self.rng.gen_range(-20..=20);
                    format!("ldexp({a}, {k})")
                }
            }
            12 => {
                let a = self.dround(d1);
                let s = self.int(It::Int, d1.min(1));
                format!("copysign({a}, (double){s})")
            }
            _ => {
                let c = self.int(It::Int, d1.min(2));
                let (a, b) = (self.dround(d1), self.dround(d1));
                format!("({c} ? {a} : {b})")
            }
        }
    }

    /// A rounded value clamped to what rounded variables hold.
    fn dround_clamped(&mut self, d: u32) -> String {
        let e = self.dround(d);
        format!("clamp({e}, -{CLAMP}, {CLAMP})")
    }

    /// An integer of type `t` computed from doubles: a comparison or a saturating conversion.
    pub(super) fn int_from_double(&mut self, t: It, d: u32) -> String {
        let tn = t.name();
        let a = self.dround(d.min(3));
        if self.chance(0.3) {
            let op = *["<", "<=", ">", ">=", "==", "!="]
                .choose(&mut self.rng)
                .unwrap_or(&"<");
            let b = self.dround(d.min(2));
            format!("(({tn})({a} {op} {b}))")
        } else {
            let m = self.pick(&MODES).unwrap_or("");
            format!("convert_{tn}_sat{m}({a})")
        }
    }

    /// A `doubleN` expression whose components follow the rounded values' rules.
    pub(super) fn dvec(&mut self, n: u8, d: u32) -> String {
        let ty = format!("double{n}");
        let small = |g: &mut Gen| {
            let t = g.int_type();
            let v = g.vec(crate::types::Elem::I(t), n, 1);
            let i = format!("int{n}");
            format!("convert_{ty}((convert_{i}({v}) & ({i})(2047)) - ({i})(1024))")
        };
        if d == 0 || self.chance(0.3) {
            let vs = self.vars_of(|t| matches!(t, Ty::DV(m) if *m == n));
            if !vs.is_empty() && self.chance(0.5) {
                return self.pick(&vs).unwrap_or_default();
            }
            if self.chance(0.3) {
                // Any integer vector, rounded where it has more than 53 bits.
                let t = self.int_type();
                let v = self.vec(crate::types::Elem::I(t), n, 1);
                return format!("convert_{ty}({v})");
            }
            return small(self);
        }
        let d1 = d - 1;
        match self.rng.gen_range(0..8) {
            0 | 1 => {
                let a = self.dvec(n, d1);
                let b = small(self);
                format!("({a} / (fabs({b}) + ({ty})(1.0)))")
            }
            2 => {
                let a = self.dvec(n, d1);
                let c = self.pick(&DIVISORS).unwrap_or("3.0");
                format!("({a} / {c})")
            }
            3 => {
                let op = if self.chance(0.5) { "+" } else { "-" };
                let (a, b) = (self.dvec(n, d1), self.dvec(n, d1));
                format!("({a} {op} {b})")
            }
            4 => {
                let a = self.dvec(n, d1);
                format!("sqrt(fabs({a}))")
            }
            5 => {
                let (a, b) = (small(self), small(self));
                let c = self.dvec(n, d1);
                format!("fma({a}, {b}, {c})")
            }
            6 => {
                let (a, b) = (self.dvec(n, d1), self.dvec(n, d1));
                if self.chance(0.5) {
                    format!("select({a}, {b}, {a} < {b})")
                } else {
                    let f = *["fmin", "fmax", "fmod"]
                        .choose(&mut self.rng)
                        .unwrap_or(&"fmin");
                    if f == "fmod" {
                        format!("fmod({a}, fabs({b}) + ({ty})(1.0))")
                    } else {
                        format!("{f}({a}, {b})")
                    }
                }
            }
            _ => {
                let f = *["floor", "ceil", "rint", "trunc", "round"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"floor");
                let a = self.dvec(n, d1);
                format!("{f}({a})")
            }
        }
    }

    /// Hashes a double expression's bits.
    fn hash_double(&mut self, e: &str) {
        self.line(&format!("h = smith_mix(h, smith_dbits({e}));"));
    }

    /// Hashes what a `double` variable holds (block ends).
    pub(super) fn hash_double_var(&mut self, name: &str, ty: &Ty) {
        match ty {
            Ty::DV(n) => {
                for i in 0..*n {
                    self.hash_double(&format!("{name}.s{}", comp(i)));
                }
            }
            _ => self.hash_double(name),
        }
    }

    /// A statement of `double` code.
    pub(super) fn double_stmt(&mut self) {
        match self.rng.gen_range(0..9) {
            0 => {
                let e = self.dexact(1, 2);
                let v = self.fresh("d");
                self.line(&format!("double {v} = {e};"));
                self.declare(&v, Ty::D, true);
            }
            1 | 2 => {
                let e = self.dround_clamped(3);
                let v = self.fresh("r");
                self.line(&format!("double {v} = {e};"));
                self.declare(&v, Ty::DR, true);
            }
            3 => {
                let n = *[2u8, 3, 4, 8, 16].choose(&mut self.rng).unwrap_or(&2);
                let e = self.dvec(n, 2);
                let v = self.fresh("dv");
                self.line(&format!("double{n} {v} = clamp({e}, -{CLAMP}, {CLAMP});"));
                self.declare(&v, Ty::DV(n), true);
            }
            4 => {
                let e = self.dround(3);
                self.hash_double(&e);
            }
            5 => {
                let e = self.dround(3);
                let m = self.pick(&MODES).unwrap_or("");
                self.line(&format!(
                    "h = smith_mix(h, (ulong)smith_fbits(convert_float{m}(fabs({e}) < 1.0e-30 ? 0.0 : clamp({e}, -1.0e30, 1.0e30))));"
                ));
            }
            6 => {
                let t = self.int_type();
                let e = self.int_from_double(t, 3);
                self.hash(&e);
            }
            _ => {
                // Assign to a double variable of this scope or an enclosing one.
                let vs: Vec<(String, Ty)> = self
                    .vars()
                    .filter(|v| v.mutable && matches!(v.ty, Ty::D | Ty::DR | Ty::DV(_)))
                    .map(|v| (v.name.clone(), v.ty.clone()))
                    .collect();
                match self.pick(&vs) {
                    Some((v, Ty::D)) => {
                        let e = self.dexact(1, 2);
                        self.line(&format!("{v} = {e};"));
                    }
                    Some((v, Ty::DV(n))) => {
                        let e = self.dvec(n, 2);
                        self.line(&format!("{v} = clamp({v} + {e}, -{CLAMP}, {CLAMP});"));
                    }
                    Some((v, _)) => {
                        let e = self.dround(2);
                        let op = if self.chance(0.5) { "+" } else { "-" };
                        self.line(&format!("{v} = clamp({v} {op} {e}, -{CLAMP}, {CLAMP});"));
                    }
                    None => {
                        let e = self.dround(3);
                        self.hash_double(&e);
                    }
                }
            }
        }
    }
}
