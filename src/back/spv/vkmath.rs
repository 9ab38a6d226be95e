//! Vulkan: OpenCL.std functions that GLSL.std.450 has no instruction precise enough for,
//! emulated with core instructions (and the GLSL.std.450 ones that are exact).
//!
//! Each emulated function becomes a helper `OpFunction` per (function, operand types),
//! emitted once and called where needed, so that its body may have its own control flow
//! without disturbing the blocks of the caller. Outputs through pointers (`frexp`,
//! `modf`, `sincos`, …) come back as the second member of a returned struct and are stored
//! by the caller.
//!
//! The algorithms are branch-free over the lanes of a vector: every step is a component-wise
//! instruction and special cases are merged with `OpSelect`. `float` and `half` functions
//! are computed in `double` (with care for cancellation) and rounded once; `double`
//! functions have their own double-accurate algorithms ([`transc`], and [`dmath`] in
//! double-double where widening is not available) and stay `unsupported:` where there is
//! none. The modules: [`int`] (integer functions, exact), [`exact`] (exact floating-point
//! functions), [`transc`] (transcendental functions), [`dmath`] (their `double` versions).

mod convert;
mod dmath;
mod exact;
mod fmath;
mod int;
mod transc;

use super::types::ConstScalar;
use super::{Error, Result, Writer};
use clc_passes::ast::Scalar;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{
    Decoration, FunctionControl, GlslStd450Op as GLOp, Op, OpenclStd100Op, StorageClass, Word,
};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// A value's shape as far as the emulations care.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Shape {
    /// A scalar or vector of `.1` components of `.0` (integers signless, taken as unsigned).
    Num(Scalar, u8),
    /// A pointer into `.0` to the SPIR-V type `.1`.
    Ptr(StorageClass, Word),
}

pub(super) const F64: Scalar = Scalar::Float { width: 64 };
pub(super) const I32: Scalar = Scalar::Int {
    width: 32,
    signed: true,
};
pub(super) const U32: Scalar = Scalar::Int {
    width: 32,
    signed: false,
};
pub(super) const I64: Scalar = Scalar::Int {
    width: 64,
    signed: true,
};
pub(super) const U64: Scalar = Scalar::Int {
    width: 64,
    signed: false,
};

/// The width of a numeric scalar kind (1 for `bool`).
pub(super) fn width(s: Scalar) -> u8 {
    match s {
        Scalar::Int { width, .. } | Scalar::Float { width } => width,
        Scalar::Bool => 1,
    }
}

/// `s` with the given signedness (integers only).
pub(super) fn signed(s: Scalar, signed: bool) -> Scalar {
    match s {
        Scalar::Int { width, .. } => Scalar::Int { width, signed },
        other => other,
    }
}

/// The integer kind of `s`'s width.
pub(super) fn int_of(s: Scalar, signed: bool) -> Scalar {
    Scalar::Int {
        width: width(s),
        signed,
    }
}

/// A helper function's body: its parameters in, its result (and the value to store through
/// the pointer operand, if any) out.
pub(super) struct Body {
    pub(super) result: Word,
    pub(super) out: Option<Word>,
}

impl Writer<'_> {
    /// OpenCL.std's `op` on the Vulkan target by emulation: `None` where there is none.
    pub(super) fn vk_math(
        &mut self,
        op: OpenclStd100Op,
        ty: Word,
        operands: &[Operand],
    ) -> Result<Option<Word>> {
        let Some(Shape::Num(rs, n)) = self.shape_of_type(ty) else {
            return Ok(None);
        };
        let mut ids = Vec::new();
        let mut shapes = Vec::new();
        for o in operands {
            let Operand::IdRef(id) = o else {
                return Ok(None);
            };
            let Some(shape) = self.value_type(*id).and_then(|t| self.shape_of_type(t)) else {
                return Ok(None);
            };
            ids.push(*id);
            shapes.push(shape);
        }
        // Value operands become parameters; one pointer operand receives the second result.
        let ptr = shapes.iter().position(|s| matches!(s, Shape::Ptr(..)));
        let ins: Vec<(Scalar, u8)> = shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Num(s, n) => Some((*s, *n)),
                Shape::Ptr(..) => None,
            })
            .collect();
        let out_ty = match ptr.map(|p| shapes[p]) {
            Some(Shape::Ptr(_, pointee)) => match self.shape_of_type(pointee) {
                Some(Shape::Num(s, n)) => Some((s, n)),
                _ => return Ok(None),
            },
            _ => None,
        };
        let sig = Sig {
            op,
            result: (rs, n),
            ins: ins.clone(),
            out: out_ty,
        };
        if !supported(&sig) {
            return Ok(None);
        }
        let name = sig.name();
        let found = self.helper_named(&name);
        let Some((fid, ret_ty)) = (match found {
            Some(f) => Some(f),
            None => self.vk_helper(&sig, name)?,
        }) else {
            return Ok(None);
        };
        let args: Vec<Word> = ids
            .iter()
            .zip(&shapes)
            .filter(|(_, s)| matches!(s, Shape::Num(..)))
            .map(|(id, _)| *id)
            .collect();
        let r = self.b.function_call(ret_ty, None, fid, args)?;
        let (Some(p), Some(out)) = (ptr, out_ty) else {
            return Ok(Some(r));
        };
        let value = self.b.composite_extract(ty, None, r, [0])?;
        let out_t = self.numeric_ty(out);
        let second = self.b.composite_extract(out_t, None, r, [1])?;
        let (sc, size) = match shapes[p] {
            Shape::Ptr(sc, pointee) => (sc, self.sizes.get(&pointee).copied().unwrap_or(4)),
            Shape::Num(..) => return Ok(None),
        };
        let (access, extra) = match sc {
            StorageClass::PhysicalStorageBuffer => (
                Some(
                    rspirv::spirv::MemoryAccess::ALIGNED
                        | rspirv::spirv::MemoryAccess::NON_PRIVATE_POINTER,
                ),
                vec![Operand::LiteralBit32(size.max(1) as u32)],
            ),
            StorageClass::Workgroup => (
                Some(rspirv::spirv::MemoryAccess::NON_PRIVATE_POINTER),
                vec![],
            ),
            _ => (None, vec![]),
        };
        self.b.store(ids[p], second, access, extra)?;
        Ok(Some(value))
    }

    /// Vulkan: the relational functions whose SPIR-V instructions need the Kernel
    /// capability (`OpIsFinite`, `OpIsNormal`, `OpSignBitSet`, `OpOrdered`, `OpUnordered`),
    /// from core comparisons; `None` for the others and for OpenCL.
    pub(super) fn vk_relational(
        &mut self,
        r: clc_passes::ast::builtin::Relational,
        (s, n): (Scalar, u8),
        x: Word,
        y: Option<Word>,
    ) -> Result<Option<Word>> {
        use clc_passes::ast::builtin::Relational as R;
        if !self.opts.flavor.is_vulkan() || !matches!(s, Scalar::Float { .. }) {
            return Ok(None);
        }
        let fx = Fx::new(self, n);
        fx.reg(x, s);
        let v = match (r, y) {
            (R::IsFinite, _) => Some(fx.lt(fx.abs(x), fx.cf(s, f64::INFINITY))),
            (R::IsNormal, _) => {
                let min = match width(s) {
                    16 => 2f64.powi(-14),
                    32 => 2f64.powi(-126),
                    _ => f64::MIN_POSITIVE,
                };
                let a = fx.abs(x);
                let lo = fx.ge(a, fx.cf(s, min));
                Some(fx.and(lo, fx.lt(a, fx.cf(s, f64::INFINITY))))
            }
            (R::SignBit, _) => {
                let i = fx.cast(x, int_of(s, true));
                Some(fx.lt(i, fx.ci(int_of(s, true), 0)))
            }
            (R::IsOrdered | R::IsUnordered, Some(y)) => {
                fx.reg(y, s);
                let o = fx.and(fx.eq(x, x), fx.eq(y, y));
                Some(if r == R::IsOrdered { o } else { fx.not(o) })
            }
            _ => None,
        };
        let err = fx.err.borrow_mut().take();
        match err {
            Some(e) => Err(e),
            None => Ok(v),
        }
    }

    /// A helper emitted before, found by its `OpName`: its id and return type.
    fn helper_named(&self, name: &str) -> Option<(Word, Word)> {
        let m = self.b.module_ref();
        let id = m
            .debug_names
            .iter()
            .find_map(|i| match i.operands.as_slice() {
                [Operand::IdRef(id), Operand::LiteralString(s)] if s == name => Some(*id),
                _ => None,
            })?;
        m.functions
            .iter()
            .filter_map(|f| f.def.as_ref())
            .find(|d| d.result_id == Some(id))
            .and_then(|d| Some((id, d.result_type?)))
    }

    /// Emits the helper function for `sig`: its id and return type, `None` where the body
    /// declines the types.
    fn vk_helper(&mut self, sig: &Sig, name: String) -> Result<Option<(Word, Word)>> {
        let (f, blk) = (self.b.selected_function(), self.b.selected_block());
        let rt = self.numeric_ty(sig.result);
        let ret = match sig.out {
            Some(o) => {
                let ot = self.numeric_ty(o);
                self.b.type_struct([rt, ot])
            }
            None => rt,
        };
        let params: Vec<Word> = sig.ins.iter().map(|&s| self.numeric_ty(s)).collect();
        let fty = self.b.type_function(ret, params.clone());
        self.b.select_function(None)?;
        let id = self
            .b
            .begin_function(ret, None, FunctionControl::NONE, fty)?;
        let mut args = Vec::new();
        for &p in &params {
            args.push(self.b.function_parameter(p)?);
        }
        self.b.begin_block(None)?;
        let fx = Fx::new(self, sig.result.1);
        for (&a, &(s, _)) in args.iter().zip(&sig.ins) {
            fx.reg(a, s);
        }
        let body = fx.body(sig, &args);
        let err = fx.err.borrow_mut().take();
        drop(fx);
        let outcome = match (err, body) {
            (Some(e), _) => Err(e),
            (None, None) => Ok(None),
            (None, Some(body)) => {
                let v = match body.out {
                    Some(o) => self.b.composite_construct(ret, None, [body.result, o])?,
                    None => body.result,
                };
                self.b.ret_value(v)?;
                self.b.end_function()?;
                self.b.name(id, name);
                Ok(Some((id, ret)))
            }
        };
        if !matches!(outcome, Ok(Some(_))) {
            // Drop the unfinished helper.
            self.b.select_function(None)?;
            let fs = &mut self.b.module_mut().functions;
            if fs
                .last()
                .and_then(|f| f.def.as_ref())
                .and_then(|d| d.result_id)
                == Some(id)
            {
                fs.pop();
            }
        }
        self.b.select_function(f)?;
        self.b.select_block(blk)?;
        outcome
    }

    /// The SPIR-V type of the value `id`, looked up in the module.
    pub(super) fn value_type(&self, id: Word) -> Option<Word> {
        let m = self.b.module_ref();
        let find = |i: &Instruction| (i.result_id == Some(id)).then_some(i.result_type).flatten();
        if let Some(t) = m.types_global_values.iter().find_map(find) {
            return Some(t);
        }
        let f = &m.functions[self.b.selected_function()?];
        f.parameters.iter().find_map(find).or_else(|| {
            f.blocks
                .iter()
                .rev()
                .flat_map(|b| &b.instructions)
                .find_map(find)
        })
    }

    /// The shape of a SPIR-V type.
    pub(super) fn shape_of_type(&self, ty: Word) -> Option<Shape> {
        let m = self.b.module_ref();
        let inst = m
            .types_global_values
            .iter()
            .find(|i| i.result_id == Some(ty))?;
        let lit = |k: usize| match inst.operands.get(k) {
            Some(Operand::LiteralBit32(v)) => Some(*v),
            _ => None,
        };
        match inst.class.opcode {
            Op::TypeBool => Some(Shape::Num(Scalar::Bool, 1)),
            Op::TypeInt => Some(Shape::Num(
                Scalar::Int {
                    width: lit(0)? as u8,
                    signed: false,
                },
                1,
            )),
            Op::TypeFloat => Some(Shape::Num(
                Scalar::Float {
                    width: lit(0)? as u8,
                },
                1,
            )),
            Op::TypeVector => {
                let Some(Operand::IdRef(e)) = inst.operands.first() else {
                    return None;
                };
                match self.shape_of_type(*e)? {
                    Shape::Num(s, 1) => Some(Shape::Num(s, lit(1)? as u8)),
                    _ => None,
                }
            }
            Op::TypePointer => match (inst.operands.first(), inst.operands.get(1)) {
                (Some(Operand::StorageClass(sc)), Some(Operand::IdRef(p))) => {
                    Some(Shape::Ptr(*sc, *p))
                }
                _ => None,
            },
            _ => None,
        }
    }
}

/// What a helper computes: the function and its operand and result types.
#[derive(Debug, Clone)]
pub(super) struct Sig {
    pub(super) op: OpenclStd100Op,
    pub(super) result: (Scalar, u8),
    pub(super) ins: Vec<(Scalar, u8)>,
    pub(super) out: Option<(Scalar, u8)>,
}

impl Sig {
    /// The helper's name, `clc.vk.<function>.<result>.<operands>`, which also finds it again.
    fn name(&self) -> String {
        fn t((s, n): (Scalar, u8)) -> String {
            let k = match s {
                Scalar::Float { width } => format!("f{width}"),
                Scalar::Int { width, signed } => {
                    format!("{}{width}", if signed { 'i' } else { 'u' })
                }
                Scalar::Bool => "b".into(),
            };
            if n > 1 {
                format!("{k}x{n}")
            } else {
                k
            }
        }
        let ins: Vec<String> = self.ins.iter().map(|&i| t(i)).collect();
        let out = self.out.map(|o| format!(".{}", t(o))).unwrap_or_default();
        // The `/` of doubles (see `exact::divide`).
        let op = match (self.op, self.result.0) {
            (OpenclStd100Op::native_divide, F64) => "divide".to_string(),
            // The 64-bit integer `/` and `%` (`int::div64`).
            (OpenclStd100Op::native_divide, Scalar::Int { .. }) => "udiv".to_string(),
            (OpenclStd100Op::half_divide, Scalar::Int { .. }) => "sdiv".to_string(),
            (OpenclStd100Op::fmod, Scalar::Int { .. }) => "urem".to_string(),
            (OpenclStd100Op::remainder, Scalar::Int { .. }) => "srem".to_string(),
            (op, _) => format!("{op:?}"),
        };
        format!("clc.vk.{op}.{}.{}{out}", t(self.result), ins.join("_"))
    }
}

/// Whether an emulation exists for these types (checked before anything is emitted).
fn supported(sig: &Sig) -> bool {
    int::supported(sig) || exact::supported(sig) || transc::supported(sig)
}

/// An emitter of component-wise instructions into a helper's body. Values are SPIR-V ids
/// whose scalar kind the emitter remembers; all have the helper's component count. The
/// first error is kept and the rest of the emission becomes harmless (ids 0).
pub(super) struct Fx<'a, 'm> {
    w: RefCell<&'a mut Writer<'m>>,
    n: u8,
    kinds: RefCell<FxHashMap<Word, Scalar>>,
    err: RefCell<Option<Error>>,
    /// Float additions, subtractions and multiplications may be fused (see `contracting`).
    contract: std::cell::Cell<bool>,
}

impl<'a, 'm> Fx<'a, 'm> {
    pub(super) fn new(w: &'a mut Writer<'m>, n: u8) -> Self {
        Fx {
            w: RefCell::new(w),
            n,
            kinds: RefCell::new(FxHashMap::default()),
            err: RefCell::new(None),
            contract: std::cell::Cell::new(false),
        }
    }

    fn body(&self, sig: &Sig, args: &[Word]) -> Option<Body> {
        int::body(self, sig, args)
            .or_else(|| exact::body(self, sig, args))
            .or_else(|| transc::body(self, sig, args))
    }

    /// Records the kind of `id`.
    pub(super) fn reg(&self, id: Word, s: Scalar) -> Word {
        self.kinds.borrow_mut().insert(id, s);
        id
    }

    /// The kind of a value.
    pub(super) fn kind(&self, v: Word) -> Scalar {
        self.kinds.borrow().get(&v).copied().unwrap_or(F64)
    }

    /// A value of kind `s` made by `f` with the writer (instructions the emitter has no
    /// method for); an error is kept as the emitter's first.
    pub(super) fn raw(&self, s: Scalar, f: impl FnOnce(&mut Writer<'m>) -> Result<Word>) -> Word {
        let r = f(&mut self.w.borrow_mut());
        let id = match r {
            Ok(id) => id,
            Err(e) => {
                self.err.borrow_mut().get_or_insert(e);
                0
            }
        };
        self.reg(id, s)
    }

    /// `v`, or the first error met while emitting it.
    pub(super) fn finish(self, v: Word) -> Result<Word> {
        match self.err.into_inner() {
            Some(e) => Err(e),
            None => Ok(v),
        }
    }

    fn keep<T: Default>(&self, r: std::result::Result<T, rspirv::dr::Error>) -> T {
        match r {
            Ok(v) => v,
            Err(e) => {
                self.err.borrow_mut().get_or_insert(e.into());
                T::default()
            }
        }
    }

    /// The SPIR-V type of kind `s` at the helper's component count.
    pub(super) fn t(&self, s: Scalar) -> Word {
        let n = self.n;
        self.w.borrow_mut().numeric_ty((s, n))
    }

    /// A float constant of kind `s`.
    pub(super) fn cf(&self, s: Scalar, v: f64) -> Word {
        let n = self.n;
        let id = self.w.borrow_mut().const_n((s, n), ConstScalar::Float(v));
        self.reg(id, s)
    }

    /// A `double` constant.
    pub(super) fn d(&self, v: f64) -> Word {
        self.cf(F64, v)
    }

    /// An integer constant of kind `s` (bits, truncated to its width).
    pub(super) fn ci(&self, s: Scalar, v: i64) -> Word {
        let n = self.n;
        let id = self
            .w
            .borrow_mut()
            .const_n((s, n), ConstScalar::Int(v as u64));
        self.reg(id, s)
    }

    fn un(&self, s: Scalar, f: impl FnOnce(&mut rspirv::dr::Builder, Word) -> BR) -> Word {
        let t = self.t(s);
        let mut w = self.w.borrow_mut();
        let id = self.keep(f(&mut w.b, t));
        drop(w);
        self.reg(id, s)
    }

    /// `body`'s values with the float arithmetic it emits left free to be fused into
    /// multiply-adds (no `NoContraction`): for algorithms whose error bounds hold either
    /// way, so that GPUs run them as FMAs. Arithmetic that needs every rounding (two-sum,
    /// two-product) must run outside, or inside `exactly`.
    pub(super) fn contracting<T>(&self, body: impl FnOnce() -> T) -> T {
        let before = self.contract.replace(true);
        let r = body();
        self.contract.set(before);
        r
    }

    /// `body`'s values with every float operation rounded on its own (the default).
    pub(super) fn exactly<T>(&self, body: impl FnOnce() -> T) -> T {
        let before = self.contract.replace(false);
        let r = body();
        self.contract.set(before);
        r
    }

    fn exact_float(&self, id: Word) -> Word {
        if !self.contract.get() && matches!(self.kind(id), Scalar::Float { .. }) {
            self.w
                .borrow_mut()
                .b
                .decorate(id, Decoration::NoContraction, []);
        }
        id
    }

    pub(super) fn add(&self, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        let id = match s {
            Scalar::Float { .. } => self.un(s, |b_, t| b_.f_add(t, None, a, b)),
            _ => self.un(s, |b_, t| b_.i_add(t, None, a, b)),
        };
        self.exact_float(id)
    }

    pub(super) fn sub(&self, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        let id = match s {
            Scalar::Float { .. } => self.un(s, |b_, t| b_.f_sub(t, None, a, b)),
            _ => self.un(s, |b_, t| b_.i_sub(t, None, a, b)),
        };
        self.exact_float(id)
    }

    pub(super) fn mul(&self, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        let id = match s {
            Scalar::Float { .. } => self.un(s, |b_, t| b_.f_mul(t, None, a, b)),
            _ => self.un(s, |b_, t| b_.i_mul(t, None, a, b)),
        };
        self.exact_float(id)
    }

    pub(super) fn div(&self, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        match s {
            Scalar::Float { .. } => self.un(s, |b_, t| b_.f_div(t, None, a, b)),
            Scalar::Int { signed: true, .. } => self.un(s, |b_, t| b_.s_div(t, None, a, b)),
            _ => self.un(s, |b_, t| b_.u_div(t, None, a, b)),
        }
    }

    /// Unsigned remainder.
    pub(super) fn urem(&self, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        self.un(s, |b_, t| b_.u_mod(t, None, a, b))
    }

    pub(super) fn neg(&self, a: Word) -> Word {
        let s = self.kind(a);
        match s {
            Scalar::Float { .. } => self.un(s, |b_, t| b_.f_negate(t, None, a)),
            _ => self.un(s, |b_, t| b_.s_negate(t, None, a)),
        }
    }

    /// `a * b + c`, rounded twice.
    pub(super) fn mad(&self, a: Word, b: Word, c: Word) -> Word {
        let p = self.mul(a, b);
        self.add(p, c)
    }

    /// Horner evaluation of `c[0] + c[1] x + c[2] x² + …` in `x`'s kind.
    pub(super) fn poly(&self, x: Word, c: &[f64]) -> Word {
        let s = self.kind(x);
        let Some((&last, rest)) = c.split_last() else {
            return self.cf(s, 0.0);
        };
        let mut acc = self.cf(s, last);
        for &k in rest.iter().rev() {
            let kc = self.cf(s, k);
            acc = self.mad(acc, x, kc);
        }
        acc
    }

    fn cmp(&self, a: Word, b: Word, fo: CmpF, si: CmpI, ui: CmpI) -> Word {
        let s = self.kind(a);
        let f = match s {
            Scalar::Float { .. } => fo,
            Scalar::Int { signed: true, .. } => si,
            _ => ui,
        };
        self.un(Scalar::Bool, |b_, t| f(b_, t, a, b))
    }

    pub(super) fn lt(&self, a: Word, b: Word) -> Word {
        self.cmp(
            a,
            b,
            |b_, t, x, y| b_.f_ord_less_than(t, None, x, y),
            |b_, t, x, y| b_.s_less_than(t, None, x, y),
            |b_, t, x, y| b_.u_less_than(t, None, x, y),
        )
    }

    pub(super) fn le(&self, a: Word, b: Word) -> Word {
        self.cmp(
            a,
            b,
            |b_, t, x, y| b_.f_ord_less_than_equal(t, None, x, y),
            |b_, t, x, y| b_.s_less_than_equal(t, None, x, y),
            |b_, t, x, y| b_.u_less_than_equal(t, None, x, y),
        )
    }

    pub(super) fn gt(&self, a: Word, b: Word) -> Word {
        self.lt(b, a)
    }

    pub(super) fn ge(&self, a: Word, b: Word) -> Word {
        self.le(b, a)
    }

    pub(super) fn eq(&self, a: Word, b: Word) -> Word {
        if self.kind(a) == Scalar::Bool {
            return self.un(Scalar::Bool, |b_, t| b_.logical_equal(t, None, a, b));
        }
        self.cmp(
            a,
            b,
            |b_, t, x, y| b_.f_ord_equal(t, None, x, y),
            |b_, t, x, y| b_.i_equal(t, None, x, y),
            |b_, t, x, y| b_.i_equal(t, None, x, y),
        )
    }

    pub(super) fn ne(&self, a: Word, b: Word) -> Word {
        if self.kind(a) == Scalar::Bool {
            return self.un(Scalar::Bool, |b_, t| b_.logical_not_equal(t, None, a, b));
        }
        self.cmp(
            a,
            b,
            |b_, t, x, y| b_.f_unord_not_equal(t, None, x, y),
            |b_, t, x, y| b_.i_not_equal(t, None, x, y),
            |b_, t, x, y| b_.i_not_equal(t, None, x, y),
        )
    }

    pub(super) fn isnan(&self, a: Word) -> Word {
        self.un(Scalar::Bool, |b_, t| b_.is_nan(t, None, a))
    }

    pub(super) fn isinf(&self, a: Word) -> Word {
        self.un(Scalar::Bool, |b_, t| b_.is_inf(t, None, a))
    }

    /// `c ? a : b`.
    pub(super) fn sel(&self, c: Word, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        self.un(s, |b_, t| b_.select(t, None, c, a, b))
    }

    pub(super) fn and(&self, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        match s {
            Scalar::Bool => self.un(s, |b_, t| b_.logical_and(t, None, a, b)),
            _ => self.un(s, |b_, t| b_.bitwise_and(t, None, a, b)),
        }
    }

    pub(super) fn or(&self, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        match s {
            Scalar::Bool => self.un(s, |b_, t| b_.logical_or(t, None, a, b)),
            _ => self.un(s, |b_, t| b_.bitwise_or(t, None, a, b)),
        }
    }

    pub(super) fn xor(&self, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        self.un(s, |b_, t| b_.bitwise_xor(t, None, a, b))
    }

    pub(super) fn not(&self, a: Word) -> Word {
        let s = self.kind(a);
        match s {
            Scalar::Bool => self.un(s, |b_, t| b_.logical_not(t, None, a)),
            _ => self.un(s, |b_, t| b_.not(t, None, a)),
        }
    }

    /// Shift left by `c` (same kind, less than the width).
    pub(super) fn shl(&self, a: Word, c: Word) -> Word {
        let s = self.kind(a);
        self.un(s, |b_, t| b_.shift_left_logical(t, None, a, c))
    }

    /// Shift right: arithmetic for signed kinds, logical otherwise.
    pub(super) fn shr(&self, a: Word, c: Word) -> Word {
        let s = self.kind(a);
        match s {
            Scalar::Int { signed: true, .. } => {
                self.un(s, |b_, t| b_.shift_right_arithmetic(t, None, a, c))
            }
            _ => self.un(s, |b_, t| b_.shift_right_logical(t, None, a, c)),
        }
    }

    /// Shifts by a constant amount.
    pub(super) fn shli(&self, a: Word, c: i64) -> Word {
        let k = self.ci(self.kind(a), c);
        self.shl(a, k)
    }

    pub(super) fn shri(&self, a: Word, c: i64) -> Word {
        let k = self.ci(self.kind(a), c);
        self.shr(a, k)
    }

    pub(super) fn andi(&self, a: Word, c: i64) -> Word {
        let k = self.ci(self.kind(a), c);
        self.and(a, k)
    }

    /// The same bits as kind `to` (same width), or a change of signedness.
    pub(super) fn cast(&self, a: Word, to: Scalar) -> Word {
        let from = self.kind(a);
        if from == to {
            return a;
        }
        if matches!((from, to), (Scalar::Int { width: x, .. }, Scalar::Int { width: y, .. }) if x == y)
        {
            return self.copy(a, to);
        }
        self.un(to, |b_, t| b_.bitcast(t, None, a))
    }

    /// The same value under a new id, recorded as kind `to` (a change of signedness).
    fn copy(&self, a: Word, to: Scalar) -> Word {
        self.un(to, |b_, t| b_.copy_object(t, None, a))
    }

    /// Value conversion to kind `to` (integers by their recorded signedness).
    pub(super) fn conv(&self, a: Word, to: Scalar) -> Word {
        let from = self.kind(a);
        if from == to {
            return a;
        }
        match (from, to) {
            (Scalar::Int { width: x, signed }, Scalar::Int { width: y, .. }) => {
                if x == y {
                    self.copy(a, to)
                } else if x < y && signed {
                    self.un(to, |b_, t| b_.s_convert(t, None, a))
                } else {
                    self.un(to, |b_, t| b_.u_convert(t, None, a))
                }
            }
            (Scalar::Int { signed: true, .. }, Scalar::Float { .. }) => {
                self.un(to, |b_, t| b_.convert_s_to_f(t, None, a))
            }
            (Scalar::Int { .. }, Scalar::Float { .. }) => {
                self.un(to, |b_, t| b_.convert_u_to_f(t, None, a))
            }
            (Scalar::Float { .. }, Scalar::Int { signed: true, .. }) => {
                self.un(to, |b_, t| b_.convert_f_to_s(t, None, a))
            }
            (Scalar::Float { .. }, Scalar::Int { .. }) => {
                self.un(to, |b_, t| b_.convert_f_to_u(t, None, a))
            }
            // A half widened from its bits (see `Writer::float_convert`).
            (Scalar::Float { width: 16 }, Scalar::Float { .. }) => {
                let bits = self.cast(a, int_of(from, false));
                let f = convert::half_to_float(self, bits);
                self.conv(f, to)
            }
            (Scalar::Float { .. }, Scalar::Float { .. }) => {
                self.un(to, |b_, t| b_.f_convert(t, None, a))
            }
            (Scalar::Bool, _) => {
                let one = self.ci(to, 1);
                let zero = self.ci(to, 0);
                self.sel(a, one, zero)
            }
            (_, Scalar::Bool) => {
                let z = self.ci(from, 0);
                self.ne(a, z)
            }
        }
    }

    /// A GLSL.std.450 instruction on values of `a`'s kind, with result kind `s`.
    pub(super) fn glsl_to(&self, s: Scalar, op: GLOp, args: &[Word]) -> Word {
        let t = self.t(s);
        let mut w = self.w.borrow_mut();
        let set = w.ext;
        let ops: Vec<Operand> = args.iter().map(|&a| Operand::IdRef(a)).collect();
        let id = self.keep(w.b.ext_inst(t, None, set, op as u32, ops));
        drop(w);
        self.reg(id, s)
    }

    pub(super) fn glsl(&self, op: GLOp, args: &[Word]) -> Word {
        let s = args.first().map_or(F64, |&a| self.kind(a));
        self.glsl_to(s, op, args)
    }

    pub(super) fn abs(&self, a: Word) -> Word {
        self.glsl(GLOp::FAbs, &[a])
    }

    pub(super) fn floor(&self, a: Word) -> Word {
        self.glsl(GLOp::Floor, &[a])
    }

    /// Toward zero; doubles from the bits (`exact::trunc_d`: drivers' `Trunc` of doubles is
    /// not exact everywhere).
    pub(super) fn trunc(&self, a: Word) -> Word {
        if self.kind(a) == F64 {
            return exact::trunc_d(self, a);
        }
        self.glsl(GLOp::Trunc, &[a])
    }

    /// Round to nearest even; doubles from the bits, as `trunc`.
    pub(super) fn rint(&self, a: Word) -> Word {
        if self.kind(a) == F64 {
            return exact::rint_d(self, a);
        }
        self.glsl(GLOp::RoundEven, &[a])
    }

    /// The larger of two, the non-NaN one where one is NaN.
    pub(super) fn fmax(&self, a: Word, b: Word) -> Word {
        self.glsl(GLOp::NMax, &[a, b])
    }

    pub(super) fn fmin(&self, a: Word, b: Word) -> Word {
        self.glsl(GLOp::NMin, &[a, b])
    }

    /// `|a|` with the sign of `b` (floats, by their bits).
    pub(super) fn copysign(&self, a: Word, b: Word) -> Word {
        let s = self.kind(a);
        let u = int_of(s, false);
        let (ab, bb) = (self.cast(a, u), self.cast(b, u));
        let sign = 1i64 << (width(s) - 1);
        let mag = self.andi(ab, !sign);
        let sg = self.andi(bb, sign);
        let r = self.or(mag, sg);
        self.cast(r, s)
    }

    /// A scalar-valued computation over `n`-component values: the dot product.
    pub(super) fn dot(&self, a: Word, b: Word, n: u8) -> Word {
        let s = self.kind(a);
        if n == 1 {
            return self.mul(a, b);
        }
        let t = {
            let mut w = self.w.borrow_mut();
            w.numeric_ty((s, 1))
        };
        let mut w = self.w.borrow_mut();
        let id = self.keep(w.b.dot(t, None, a, b));
        drop(w);
        self.reg(id, s)
    }

    /// Components of `a` then `b` picked by `idx` (a vector of the helper's component count).
    pub(super) fn shuffle2(&self, a: Word, b: Word, idx: &[u32]) -> Word {
        let s = self.kind(a);
        let idx = idx.to_vec();
        self.un(s, |b_, t| b_.vector_shuffle(t, None, a, b, idx))
    }

    pub(super) fn shuffle(&self, a: Word, idx: &[u32]) -> Word {
        self.shuffle2(a, a, idx)
    }

    /// Converts `a` to another component count: a scalar replicated (`to` > 1, from 1).
    pub(super) fn splat(&self, a: Word, to: u8) -> Word {
        if to == 1 {
            return a;
        }
        let s = self.kind(a);
        let t = {
            let mut w = self.w.borrow_mut();
            w.numeric_ty((s, to))
        };
        let mut w = self.w.borrow_mut();
        let id = self.keep(w.b.composite_construct(t, None, vec![a; usize::from(to)]));
        drop(w);
        self.reg(id, s)
    }

    /// Whether any component of a `bool` value is true (a scalar `bool`).
    pub(super) fn any(&self, c: Word) -> Word {
        if self.n == 1 {
            return c;
        }
        let t = {
            let mut w = self.w.borrow_mut();
            w.numeric_ty((Scalar::Bool, 1))
        };
        let mut w = self.w.borrow_mut();
        let id = self.keep(w.b.any(t, None, c));
        drop(w);
        self.reg(id, Scalar::Bool)
    }

    /// The label of the block being filled.
    fn label(&self) -> Word {
        let w = self.w.borrow();
        let m = w.b.module_ref();
        let (Some(fi), Some(bi)) = (w.b.selected_function(), w.b.selected_block()) else {
            return 0;
        };
        m.functions
            .get(fi)
            .and_then(|f| f.blocks.get(bi))
            .and_then(|b| b.label.as_ref())
            .and_then(|l| l.result_id)
            .unwrap_or(0)
    }

    /// A loop over the values `init`: `step` gets the current values and returns whether to
    /// go on (a scalar `bool`) and the next values; the values after the last step come
    /// back. The body runs at least once, so `step` must leave finished values unchanged.
    pub(super) fn loop_while(
        &self,
        init: &[Word],
        step: impl FnOnce(&Self, &[Word]) -> (Word, Vec<Word>),
    ) -> Vec<Word> {
        let pre = self.label();
        let (header, body, cont, merge) = {
            let mut w = self.w.borrow_mut();
            (w.b.id(), w.b.id(), w.b.id(), w.b.id())
        };
        let kinds: Vec<Scalar> = init.iter().map(|&v| self.kind(v)).collect();
        let phis: Vec<Word> = {
            let mut w = self.w.borrow_mut();
            let r = w.b.branch(header);
            self.keep(r.map(|_| 0));
            let r = w.b.begin_block(Some(header));
            self.keep(r);
            let ids: Vec<Word> = init.iter().map(|_| w.b.id()).collect();
            ids
        };
        // Phis are filled in once the next values are known.
        let types: Vec<Word> = kinds.iter().map(|&k| self.t(k)).collect();
        for (&p, &k) in phis.iter().zip(&kinds) {
            self.reg(p, k);
        }
        {
            let mut w = self.w.borrow_mut();
            let r =
                w.b.loop_merge(merge, cont, rspirv::spirv::LoopControl::NONE, []);
            self.keep(r.map(|_| 0));
            let r = w.b.branch(body);
            self.keep(r.map(|_| 0));
            let r = w.b.begin_block(Some(body));
            self.keep(r);
        }
        let (more, next) = step(self, &phis);
        {
            let mut w = self.w.borrow_mut();
            let r = w.b.branch(cont);
            self.keep(r.map(|_| 0));
            let r = w.b.begin_block(Some(cont));
            self.keep(r);
            let r = w.b.branch_conditional(more, header, merge, []);
            self.keep(r.map(|_| 0));
            let r = w.b.begin_block(Some(merge));
            self.keep(r);
            // Insert the phis at the top of the header block.
            let fi = w.b.selected_function();
            if let Some(func) = fi.and_then(|fi| w.b.module_mut().functions.get_mut(fi)) {
                if let Some(hb) = func
                    .blocks
                    .iter_mut()
                    .find(|b| b.label.as_ref().and_then(|l| l.result_id) == Some(header))
                {
                    for (i, (&p, &t)) in phis.iter().zip(&types).enumerate().rev() {
                        let ops = vec![
                            Operand::IdRef(init[i]),
                            Operand::IdRef(pre),
                            Operand::IdRef(next.get(i).copied().unwrap_or(init[i])),
                            Operand::IdRef(cont),
                        ];
                        hb.instructions
                            .insert(0, Instruction::new(Op::Phi, Some(t), Some(p), ops));
                    }
                }
            }
        }
        for (&v, &k) in next.iter().zip(&kinds) {
            self.reg(v, k);
        }
        next
    }

    /// `then`'s values where scalar `cond` holds, `otherwise` where it does not: `then`
    /// runs in a selection construct of its own, so its instructions cost nothing when
    /// `cond` is false.
    pub(super) fn if_then(
        &self,
        cond: Word,
        otherwise: &[Word],
        then: impl FnOnce(&Self) -> Vec<Word>,
    ) -> Vec<Word> {
        let pre = self.label();
        let (then_label, merge) = {
            let mut w = self.w.borrow_mut();
            (w.b.id(), w.b.id())
        };
        {
            let mut w = self.w.borrow_mut();
            let r =
                w.b.selection_merge(merge, rspirv::spirv::SelectionControl::NONE);
            self.keep(r.map(|_| 0));
            let r = w.b.branch_conditional(cond, then_label, merge, []);
            self.keep(r.map(|_| 0));
            let r = w.b.begin_block(Some(then_label));
            self.keep(r);
        }
        let values = then(self);
        let end = self.label();
        let kinds: Vec<Scalar> = otherwise.iter().map(|&v| self.kind(v)).collect();
        let types: Vec<Word> = kinds.iter().map(|&k| self.t(k)).collect();
        let mut out = Vec::new();
        {
            let mut w = self.w.borrow_mut();
            let r = w.b.branch(merge);
            self.keep(r.map(|_| 0));
            let r = w.b.begin_block(Some(merge));
            self.keep(r);
            for (i, &t) in types.iter().enumerate() {
                let v = values.get(i).copied().unwrap_or(otherwise[i]);
                let r = w.b.phi(t, None, [(v, end), (otherwise[i], pre)]);
                out.push(self.keep(r));
            }
        }
        for (&v, &k) in out.iter().zip(&kinds) {
            self.reg(v, k);
        }
        out
    }

    /// Whether the device's GLSL.std.450 `Fma` rounds once: the specialization constant
    /// the host sets (false unless it does), at the helper's component count.
    pub(super) fn fma_fused(&self) -> Word {
        let c = self.raw(Scalar::Bool, |w| Ok(w.fma_fused_constant()));
        self.splat(c, self.n)
    }

    /// The helper's component count.
    pub(super) fn lanes(&self) -> u8 {
        self.n
    }

    /// A nested emitter over `n` components (for functions whose result and operands differ
    /// in component count, such as `length`), sharing the writer.
    pub(super) fn with_lanes<T>(&self, n: u8, f: impl FnOnce(&Fx<'_, 'm>) -> T) -> T {
        let mut w = self.w.borrow_mut();
        let inner = Fx {
            w: RefCell::new(&mut **w),
            n,
            kinds: RefCell::new(self.kinds.borrow().clone()),
            err: RefCell::new(None),
            contract: std::cell::Cell::new(self.contract.get()),
        };
        let r = f(&inner);
        let kinds = inner.kinds.into_inner();
        let err = inner.err.into_inner();
        drop(w);
        self.kinds.borrow_mut().extend(kinds);
        if let Some(e) = err {
            self.err.borrow_mut().get_or_insert(e);
        }
        r
    }
}

type BR = std::result::Result<Word, rspirv::dr::Error>;
type CmpF = fn(&mut rspirv::dr::Builder, Word, Word, Word) -> BR;
type CmpI = CmpF;
