//! Expressions of the generator: every one side-effect free and of a known type (see the
//! rules in the parent module).

use rand::seq::SliceRandom;
use rand::Rng;

use super::{Field, Gen, Ptr, Ty, INT_CONSTS};
use crate::types::{comp, vname, Elem, It, Space};

impl Gen {
    /// A side-effect-free expression of type `t` (always a parenthesized cast or call).
    pub(super) fn int(&mut self, t: It, depth: u32) -> String {
        let tn = t.name();
        if depth == 0 || self.chance(0.25) {
            return self.int_leaf(t);
        }
        let d = depth - 1;
        if self.doubles && self.chance(0.05) {
            return self.int_from_double(t, d);
        }
        match self.rng.gen_range(0..20) {
            0..=3 => {
                let op = *["+", "-", "*"].choose(&mut self.rng).unwrap_or(&"+");
                let (a, b) = (self.int(t, d), self.int(t, d));
                let u = t.wide_unsigned();
                format!("(({tn})(({u}){a} {op} ({u}){b}))")
            }
            4 => {
                let f = if self.chance(0.5) { "div" } else { "mod" };
                let (a, b) = (self.int(t, d), self.int(t, d));
                format!("smith_{f}_{tn}({a}, {b})")
            }
            5 | 6 => {
                let op = *["&", "|", "^"].choose(&mut self.rng).unwrap_or(&"^");
                let (a, b) = (self.int(t, d), self.int(t, d));
                format!("(({tn})({a} {op} {b}))")
            }
            7 => {
                let (a, b) = (self.int(t, d), self.int(t, d));
                let m = t.bits() - 1;
                if self.chance(0.5) {
                    let u = t.wide_unsigned();
                    format!("(({tn})(({u}){a} << ({b} & {m})))")
                } else {
                    format!("(({tn})({a} >> ({b} & {m})))")
                }
            }
            8 => {
                let op = *["<", "<=", ">", ">=", "==", "!="]
                    .choose(&mut self.rng)
                    .unwrap_or(&"<");
                let t2 = self.int_type();
                let (a, b) = (self.int(t, d), self.int(t2, d));
                format!("(({tn})({a} {op} {b}))")
            }
            9 => {
                let ct = self.int_type();
                let c = self.int(ct, d);
                let (a, b) = (self.int(t, d), self.int(t, d));
                // `?:` promotes char and short operands to int.
                format!("(({tn})({c} ? {a} : {b}))")
            }
            10 => {
                let a = self.int(t, d);
                match self.rng.gen_range(0..3) {
                    0 => format!("(({tn})~{a})"),
                    1 => format!("(({tn})(({u})0 - ({u}){a}))", u = t.wide_unsigned()),
                    _ => format!("(({tn})!{a})"),
                }
            }
            11 => {
                let op = if self.chance(0.5) { "&&" } else { "||" };
                let (a, b) = (self.int(t, d), self.int(t, d));
                format!("(({tn})({a} {op} {b}))")
            }
            12 | 13 => self.int_builtin(t, d),
            14 => {
                let from = self.int_type();
                let a = self.int(from, d);
                format!("(({tn}){a})")
            }
            15 => {
                // A component of a vector expression.
                let n = self.width();
                let e = self.int_type();
                let v = self.vec(Elem::I(e), n, d.min(2));
                let i = self.rng.gen_range(0..n);
                format!("(({tn})({v}).s{})", comp(i))
            }
            16 => {
                let f = self.float(2, d.min(2));
                if t.signed() || self.chance(0.5) {
                    format!("(({tn})(int){f})")
                } else {
                    format!("convert_{tn}_sat({f})")
                }
            }
            17 => self.ptr_read(t, d),
            18 => self.ptr_compare(t).unwrap_or_else(|| self.int_leaf(t)),
            _ => {
                let e = self.int(t, d);
                let s = format!("(({tn})sizeof({}))", self.any_type_name());
                format!("(({tn})({e} ^ {s}))")
            }
        }
    }

    pub(super) fn any_type_name(&mut self) -> String {
        if self.chance(0.5) {
            let t = self.int_type();
            t.name().to_string()
        } else {
            let (t, n) = (self.int_type(), self.width());
            vname(Elem::I(t), n)
        }
    }

    pub(super) fn int_builtin(&mut self, t: It, d: u32) -> String {
        let tn = t.name();
        let (a, b) = (self.int(t, d), self.int(t, d));
        match self.rng.gen_range(0..12) {
            0 => format!("(({tn})abs({a}))"),
            1 => format!("min({a}, {b})"),
            2 => format!("max({a}, {b})"),
            3 => format!("rotate({a}, {b})"),
            4 => format!("popcount({a})"),
            5 => format!("clz({a})"),
            6 => format!("add_sat({a}, {b})"),
            7 => format!("sub_sat({a}, {b})"),
            8 => format!("hadd({a}, {b})"),
            9 => format!("rhadd({a}, {b})"),
            10 => format!("(({tn})abs_diff({a}, {b}))"),
            _ => {
                let x = t.wrap(self.rng.gen_range(-300i128..300));
                let y = t.wrap(self.rng.gen_range(-300i128..300));
                let (lo, hi) = (x.min(y), x.max(y));
                format!(
                    "clamp({a}, ({tn}){}, ({tn}){})",
                    t.literal(lo),
                    t.literal(hi)
                )
            }
        }
    }

    pub(super) fn int_leaf(&mut self, t: It) -> String {
        let tn = t.name();
        let ints: Vec<String> = self
            .vars()
            .filter(|v| matches!(v.ty, Ty::I(_)))
            .map(|v| v.name.clone())
            .collect();
        match self.rng.gen_range(0..10) {
            0..=4 if !ints.is_empty() => {
                let v = self.pick(&ints).unwrap_or_default();
                format!("(({tn}){v})")
            }
            5 => {
                let c = if self.chance(0.5) {
                    self.pick(&INT_CONSTS).unwrap_or(0)
                } else {
                    match self.rng.gen_range(0..3) {
                        0 => (1i128 << (t.bits() - 1)) - 1,
                        1 => -(1i128 << (t.bits() - 1)),
                        _ => self.rng.gen::<i64>() as i128,
                    }
                };
                format!("(({tn}){})", t.literal(c))
            }
            6 if !self.in_helper => {
                let f = ["get_local_id(0)", "get_group_id(0)", "get_global_id(0)"]
                    .choose(&mut self.rng)
                    .copied()
                    .unwrap_or("get_local_id(0)");
                format!("(({tn}){f})")
            }
            7 => {
                let vecs: Vec<(String, Elem, u8)> = self
                    .vars()
                    .filter_map(|v| match v.ty {
                        Ty::V(e @ Elem::I(_), n) => Some((v.name.clone(), e, n)),
                        _ => None,
                    })
                    .collect();
                match self.pick(&vecs) {
                    Some((v, _, n)) => {
                        let i = self.rng.gen_range(0..n);
                        format!("(({tn}){v}.s{})", comp(i))
                    }
                    None => format!("(({tn}){})", t.literal(self.rng.gen_range(-9..9))),
                }
            }
            8 => {
                let fl: Vec<String> = self
                    .vars()
                    .filter(|v| matches!(v.ty, Ty::F))
                    .map(|v| v.name.clone())
                    .collect();
                match self.pick(&fl) {
                    Some(f) if t.signed() => format!("(({tn})(int){f})"),
                    Some(f) => format!("convert_{tn}_sat({f})"),
                    None => self.field_read(t),
                }
            }
            _ => self.field_read(t),
        }
    }

    /// A struct field (through the variable or a pointer to it) or a private-array element.
    pub(super) fn field_read(&mut self, t: It) -> String {
        let tn = t.name();
        let structs: Vec<(String, usize)> = self
            .vars()
            .filter_map(|v| match v.ty {
                Ty::S(i) => Some((v.name.clone(), i)),
                _ => None,
            })
            .collect();
        if let Some((v, si)) = self.pick(&structs) {
            let st = self.structs[si].clone();
            // A union's other members overlap bytes its initializer left unspecified.
            let fi = if st.union {
                0
            } else {
                self.rng.gen_range(0..st.fields.len())
            };
            let (f, ft) = &st.fields[fi];
            return match ft {
                Field::I(_) => format!("(({tn}){v}.{f})"),
                Field::V(_, n) => {
                    let i = self.rng.gen_range(0..*n);
                    format!("(({tn}){v}.{f}.s{})", comp(i))
                }
                Field::P(p) => {
                    let i = self.rng.gen_range(0..p.len);
                    format!("(({tn}){v}.{f}[{i}])")
                }
            };
        }
        format!("(({tn}){})", t.literal(self.rng.gen_range(-300..300)))
    }

    pub(super) fn ptrs(&self, pred: impl Fn(&Ptr) -> bool) -> Vec<(String, Ptr)> {
        self.vars()
            .filter_map(|v| match &v.ty {
                Ty::P(p) if pred(p) => Some((v.name.clone(), p.clone())),
                _ => None,
            })
            .collect()
    }

    /// An in-bounds index of a region of `len` elements.
    pub(super) fn index(&mut self, len: u32, d: u32) -> String {
        if self.chance(0.3) {
            return format!("{}", self.rng.gen_range(0..len));
        }
        let t = self.int_type();
        let e = self.int(t, d.min(2));
        format!("((uint){e} % {len}u)")
    }

    /// How to read through the pointer variable `v`: generic pointers are sometimes cast back
    /// to their real space first (explicitly or with `to_*`, which cannot return NULL here).
    pub(super) fn deref_base(&mut self, v: &str, p: &Ptr) -> String {
        if p.decl == Space::Generic && self.chance(0.4) {
            if let Some(f) = p.real.to_fn() {
                if self.chance(0.5) {
                    return format!("{f}({v})");
                }
                return format!("(({}){v})", p.ty_in(p.real));
            }
        }
        v.to_string()
    }

    pub(super) fn ptr_read(&mut self, t: It, d: u32) -> String {
        let tn = t.name();
        let ps = self.ptrs(|_| true);
        let Some((v, p)) = self.pick(&ps) else {
            return self.int_leaf(t);
        };
        let base = self.deref_base(&v, &p);
        let i = self.index(p.len, d);
        match self.rng.gen_range(0..3) {
            0 => format!("(({tn})*({base} + {i}))"),
            // Not from `__constant`: the runtime lacks clang-22's vloadN of constant pointers.
            1 if p.len >= 4 && p.real != Space::Constant && p.decl != Space::Constant => {
                let n = *[2u8, 3, 4].choose(&mut self.rng).unwrap_or(&2);
                let k = self.rng.gen_range(0..n);
                let j = self.index(p.len / n as u32, d);
                format!("(({tn})vload{n}({j}, {base}).s{})", comp(k))
            }
            _ => format!("(({tn}){base}[{i}])"),
        }
    }

    pub(super) fn ptr_compare(&mut self, t: It) -> Option<String> {
        let tn = t.name();
        let ps = self.ptrs(|_| true);
        let (a, pa) = self.pick(&ps)?;
        let same: Vec<(String, Ptr)> = ps
            .iter()
            .filter(|(_, p)| p.region == pa.region && p.decl == pa.decl)
            .cloned()
            .collect();
        let (b, _) = self.pick(&same)?;
        Some(match self.rng.gen_range(0..4) {
            0 => format!("(({tn})({a} - {b}))"),
            1 => format!("(({tn})({a} < {b}))"),
            2 => format!("(({tn})({a} >= {b}))"),
            _ => {
                let any: Vec<(String, Ptr)> = ps
                    .iter()
                    .filter(|(_, p)| p.decl == pa.decl)
                    .cloned()
                    .collect();
                let (c, _) = self.pick(&any)?;
                format!("(({tn})({a} == {c}))")
            }
        })
    }

    /// A float expression. Level 1: |x| ≤ 2^12 (what float variables hold); level 2: ≤ 2^24.
    pub(super) fn float(&mut self, level: u32, d: u32) -> String {
        if level == 0 || d == 0 || self.chance(0.3) {
            return self.float_leaf(level);
        }
        match self.rng.gen_range(0..6) {
            0..=2 => {
                let op = *["+", "-", "*"].choose(&mut self.rng).unwrap_or(&"+");
                let (a, b) = (self.float(level - 1, d - 1), self.float(level - 1, d - 1));
                format!("({a} {op} {b})")
            }
            3 => {
                let f = *["fmin", "fmax", "copysign"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"fmin");
                let (a, b) = (self.float(level, d - 1), self.float(level, d - 1));
                if f == "copysign" {
                    // fmin/fmax may return either zero for (-0, +0): `+ 0.0f` makes the sign
                    // of a zero defined before it is copied.
                    format!("copysign({a}, {b} + 0.0f)")
                } else {
                    format!("{f}({a}, {b})")
                }
            }
            4 => {
                let f = *["fabs", "floor", "ceil", "trunc", "rint", "round"]
                    .choose(&mut self.rng)
                    .unwrap_or(&"fabs");
                let a = self.float(level, d - 1);
                format!("{f}({a})")
            }
            _ => {
                let c = self.int(It::Int, d - 1);
                let (a, b) = (self.float(level, d - 1), self.float(level, d - 1));
                format!("({c} ? {a} : {b})")
            }
        }
    }

    /// |x| ≤ 64 at level 0, a float variable (≤ 2^12) above.
    pub(super) fn float_leaf(&mut self, level: u32) -> String {
        let fl: Vec<String> = self
            .vars()
            .filter(|v| matches!(v.ty, Ty::F))
            .map(|v| v.name.clone())
            .collect();
        if level >= 1 && !fl.is_empty() && self.chance(0.5) {
            return self.pick(&fl).unwrap_or_default();
        }
        match self.rng.gen_range(0..3) {
            0 => ["1.0f", "-2.0f", "3.0f", "-0.0f", "0.0f", "64.0f", "-7.0f"]
                .choose(&mut self.rng)
                .unwrap_or(&"1.0f")
                .to_string(),
            _ => {
                let t = self.int_type();
                let e = self.int(t, 1);
                format!("((float)(((int){e} & 127) - 64))")
            }
        }
    }

    /// A vector expression of `e`×`n`.
    pub(super) fn vec(&mut self, e: Elem, n: u8, depth: u32) -> String {
        let ty = vname(e, n);
        let Elem::I(t) = e else {
            return self.fvec(n, depth);
        };
        if depth == 0 || self.chance(0.25) {
            return self.vec_leaf(t, n);
        }
        let d = depth - 1;
        let u = vname(Elem::I(t.unsigned()), n);
        match self.rng.gen_range(0..12) {
            0..=2 => {
                let op = *["+", "-", "*"].choose(&mut self.rng).unwrap_or(&"+");
                let (a, b) = (self.vec(e, n, d), self.vec(e, n, d));
                if t.signed() {
                    format!("convert_{ty}(convert_{u}({a}) {op} convert_{u}({b}))")
                } else {
                    format!("({a} {op} {b})")
                }
            }
            3 => {
                let op = *["&", "|", "^"].choose(&mut self.rng).unwrap_or(&"^");
                let (a, b) = (self.vec(e, n, d), self.vec(e, n, d));
                format!("({a} {op} {b})")
            }
            4 => {
                let (a, b) = (self.vec(e, n, d), self.vec(e, n, d));
                let m = t.bits() - 1;
                if self.chance(0.5) {
                    format!("convert_{ty}(convert_{u}({a}) << (convert_{u}({b}) & ({u})({m})))")
                } else {
                    format!("({a} >> ({b} & ({ty})({m})))")
                }
            }
            5 => {
                let op = *["<", "<=", ">", ">=", "==", "!="]
                    .choose(&mut self.rng)
                    .unwrap_or(&"<");
                let (a, b) = (self.vec(e, n, d), self.vec(e, n, d));
                format!("convert_{ty}({a} {op} {b})")
            }
            6 => {
                let (a, b) = (self.vec(e, n, d), self.vec(e, n, d));
                let (x, y) = (self.vec(e, n, d), self.vec(e, n, d));
                if self.chance(0.5) {
                    format!("select({a}, {b}, {x} < {y})")
                } else {
                    format!("(({x} > {y}) ? {a} : {b})")
                }
            }
            7 => {
                let c = self.int(It::Int, d.min(1));
                let (a, b) = (self.vec(e, n, d), self.vec(e, n, d));
                format!("({c} ? {a} : {b})")
            }
            8 => {
                let (a, b) = (self.vec(e, n, d), self.vec(e, n, d));
                // `as_T` (a macro of clang's OpenCL header) or `convert_T`: the same value
                // here, since the unsigned result has the signed type's size.
                let re = if self.chance(0.5) { "as" } else { "convert" };
                match self.rng.gen_range(0..9) {
                    0 => format!("{re}_{ty}(abs({a}))"),
                    1 => format!("min({a}, {b})"),
                    2 => format!("max({a}, {b})"),
                    3 => format!("rotate({a}, {b})"),
                    4 => format!("popcount({a})"),
                    5 => format!("add_sat({a}, {b})"),
                    6 => format!("hadd({a}, {b})"),
                    7 => format!("{re}_{ty}(abs_diff({a}, {b}))"),
                    _ => format!("clz({a})"),
                }
            }
            9 => {
                let a = self.vec(e, n, d);
                if self.chance(0.5) {
                    format!("(~{a})")
                } else if self.chance(0.5) {
                    format!("convert_{ty}(({u})(0) - convert_{u}({a}))")
                } else {
                    format!("as_{ty}(({u})(0) - as_{u}({a}))")
                }
            }
            10 => {
                // A swizzle of a vector of another width.
                let m = self.width();
                let src = self.vec(e, m, d);
                self.swizzle(&src, m, n)
            }
            _ => {
                let from = self.int_type();
                let a = self.vec(Elem::I(from), n, d);
                format!("convert_{ty}({a})")
            }
        }
    }

    /// `src` (of `m` components) swizzled to `n` components.
    pub(super) fn swizzle(&mut self, src: &str, m: u8, n: u8) -> String {
        if m == 2 * n && m != 6 && self.chance(0.4) {
            let s = *["lo", "hi", "even", "odd"]
                .choose(&mut self.rng)
                .unwrap_or(&"lo");
            return format!("({src}).{s}");
        }
        if m <= 4 && n <= 4 && self.chance(0.4) {
            let xyzw = ['x', 'y', 'z', 'w'];
            let s: String = (0..n)
                .map(|_| xyzw[self.rng.gen_range(0..m) as usize])
                .collect();
            return format!("({src}).{s}");
        }
        let s: String = (0..n).map(|_| comp(self.rng.gen_range(0..m))).collect();
        format!("({src}).s{s}")
    }

    pub(super) fn vec_leaf(&mut self, t: It, n: u8) -> String {
        let e = Elem::I(t);
        let ty = vname(e, n);
        let same: Vec<String> = self
            .vars()
            .filter(|v| matches!(v.ty, Ty::V(ve, vn) if ve == e && vn == n))
            .map(|v| v.name.clone())
            .collect();
        match self.rng.gen_range(0..7) {
            0..=2 if !same.is_empty() => self.pick(&same).unwrap_or_default(),
            3 => {
                let s = self.int(t, 1);
                format!("(({ty}){s})")
            }
            4 => {
                // Any vector variable of that element type, swizzled.
                let other: Vec<(String, u8)> = self
                    .vars()
                    .filter_map(|v| match v.ty {
                        Ty::V(ve, vn) if ve == e => Some((v.name.clone(), vn)),
                        _ => None,
                    })
                    .collect();
                match self.pick(&other) {
                    Some((v, m)) => self.swizzle(&v, m, n),
                    None => self.vec_literal(t, n),
                }
            }
            5 => {
                let ps = self.ptrs(|p| {
                    p.elem == t
                        && p.len >= n as u32
                        && p.real != Space::Constant
                        && p.decl != Space::Constant
                });
                match self.pick(&ps) {
                    Some((v, p)) => {
                        let base = self.deref_base(&v, &p);
                        let j = self.index(p.len / n as u32, 1);
                        format!("vload{n}({j}, {base})")
                    }
                    None => self.vec_literal(t, n),
                }
            }
            _ => self.vec_literal(t, n),
        }
    }

    /// `(int4)(a, b, c, d)`, sometimes from smaller vectors.
    pub(super) fn vec_literal(&mut self, t: It, n: u8) -> String {
        let ty = vname(Elem::I(t), n);
        let mut parts = Vec::new();
        let mut left = n;
        while left > 0 {
            if left >= 2 && left != 3 && self.chance(0.3) {
                let k = if left >= 4 && self.chance(0.5) { 4 } else { 2 };
                let k = k.min(left);
                let s = self.int(t, 0);
                parts.push(format!("({})({s})", vname(Elem::I(t), k)));
                left -= k;
            } else {
                parts.push(self.int(t, 0));
                left -= 1;
            }
        }
        format!("(({ty})({}))", parts.join(", "))
    }

    /// A float vector expression with exact components (|x| ≤ 2^12).
    pub(super) fn fvec(&mut self, n: u8, depth: u32) -> String {
        let ty = vname(Elem::F, n);
        let small = |g: &mut Gen| {
            let t = g.int_type();
            let v = g.vec(Elem::I(t), n, 1);
            let i = vname(Elem::I(It::Int), n);
            format!("convert_{ty}((convert_{i}({v}) & ({i})(127)) - ({i})(64))")
        };
        if depth == 0 || self.chance(0.4) {
            return small(self);
        }
        let (a, b) = (small(self), small(self));
        match self.rng.gen_range(0..4) {
            0 => {
                let op = *["+", "-", "*"].choose(&mut self.rng).unwrap_or(&"*");
                format!("({a} {op} {b})")
            }
            1 => format!("fmax({a}, {b})"),
            2 => format!("fabs({a})"),
            _ => format!("select({a}, {b}, {a} < {b})"),
        }
    }
}
