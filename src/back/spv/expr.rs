//! Expressions: places lower to pointers, values to SSA ids. Signedness lives in the AST
//! types (SPIR-V integers are signless under `Kernel`), so every operation picks its
//! signed or unsigned instruction from the operand's AST type.

use super::function::FnState;
use super::types::ConstScalar;
use super::{bug, Result, Writer};
use clc_passes::ast::{
    AddressSpace, BinaryOp, CastKind, Category, Expr, ExprKind, Handle, LogicalOp, Scalar, Type, UnaryOp,
};
use rspirv::spirv::{SelectionControl, Word};

impl Writer<'_> {
    pub(super) fn u32_const(&mut self, v: u32) -> Word {
        self.scalar_const(Scalar::Int { width: 32, signed: false }, ConstScalar::Int(u64::from(v)))
    }

    fn u64_const(&mut self, v: u64) -> Word {
        self.scalar_const(Scalar::Int { width: 64, signed: false }, ConstScalar::Int(v))
    }

    fn bool_ty(&mut self) -> Word {
        self.scalar(Scalar::Bool)
    }

    /// Evaluates an expression for its side effects only.
    pub(super) fn effect(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<()> {
        match st.f.exprs[e].category {
            Category::Place { .. } => self.place(st, e).map(|_| ()),
            Category::Value => self.value(st, e).map(|_| ()),
        }
    }

    /// A scalar or pointer condition as a `bool` (non-zero is true).
    pub(super) fn condition(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Word> {
        let v = self.value(st, e)?;
        self.truthy(st, e, v)
    }

    fn truthy(&mut self, st: &FnState<'_>, e: Handle<Expr>, v: Word) -> Result<Word> {
        let x = &st.f.exprs[e];
        let bool_ty = self.bool_ty();
        Ok(match self.m.types.get(x.ty).clone() {
            Type::Scalar(Scalar::Bool) => v,
            Type::Scalar(s @ Scalar::Int { .. }) => {
                let z = self.scalar_const(s, ConstScalar::Int(0));
                self.b.i_not_equal(bool_ty, None, v, z)?
            }
            Type::Scalar(s @ Scalar::Float { .. }) => {
                let z = self.scalar_const(s, ConstScalar::Float(0.0));
                self.b.f_unord_not_equal(bool_ty, None, v, z)?
            }
            Type::Pointer { .. } => {
                let ulong = self.scalar(Scalar::Int { width: 64, signed: false });
                let i = self.b.convert_ptr_to_u(ulong, None, v)?;
                let z = self.u64_const(0);
                self.b.i_not_equal(bool_ty, None, i, z)?
            }
            _ => return bug(x.span, "condition of a non-scalar type"),
        })
    }

    /// A `bool` as the `int` 1 or 0 that C comparisons produce.
    fn bool_to(&mut self, ty: Handle<Type>, b: Word, span: clc_passes::diag::Span) -> Result<Word> {
        let Type::Scalar(s) = self.m.types.get(ty).clone() else { return bug(span, "bool converted to a non-scalar") };
        if s == Scalar::Bool {
            return Ok(b);
        }
        let t = self.scalar(s);
        let one = self.scalar_const(s, ConstScalar::Int(1));
        let zero = self.scalar_const(s, ConstScalar::Int(0));
        Ok(self.b.select(t, None, b, one, zero)?)
    }

    /// The pointer to the object a place expression designates.
    pub(super) fn place(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Word> {
        let x = &st.f.exprs[e];
        let span = x.span;
        let Category::Place { space, .. } = x.category else { return bug(span, "value used as a place") };
        let space = space.unwrap_or(AddressSpace::Private);
        match x.kind.clone() {
            ExprKind::Local(l) => match st.locals.get(&l) {
                Some(&p) => Ok(p),
                None => bug(span, "local without storage"),
            },
            ExprKind::Global(g) => match self.globals.get(&g) {
                Some(&p) => {
                    st.used.insert(p);
                    Ok(p)
                }
                None => bug(span, "global without storage"),
            },
            ExprKind::Deref(p) => self.value(st, p),
            ExprKind::Index { base, index } => {
                let ty = self.ty(x.ty, span)?;
                let ptr_ty = self.pointer(space, ty);
                let base = self.value(st, base)?;
                let idx = self.index64(st, index)?;
                Ok(self.b.in_bounds_ptr_access_chain(ptr_ty, None, base, idx, [])?)
            }
            ExprKind::Member { base, field } => {
                let ty = self.ty(x.ty, span)?;
                let ptr_ty = self.pointer(space, ty);
                let base = self.place(st, base)?;
                let idx = self.u32_const(field);
                Ok(self.b.in_bounds_access_chain(ptr_ty, None, base, [idx])?)
            }
            _ => bug(span, "this expression is not a place"),
        }
    }

    /// An integer index widened to 64 bits by its signedness.
    fn index64(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Word> {
        let v = self.value(st, e)?;
        let x = &st.f.exprs[e];
        match self.m.types.as_scalar(x.ty) {
            Some(Scalar::Int { width: 64, .. }) => Ok(v),
            Some(Scalar::Int { signed, .. }) => {
                let ulong = self.scalar(Scalar::Int { width: 64, signed: false });
                Ok(if signed { self.b.s_convert(ulong, None, v)? } else { self.b.u_convert(ulong, None, v)? })
            }
            _ => bug(x.span, "non-integer index"),
        }
    }

    /// The value of an expression.
    pub(super) fn value(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Word> {
        let x = st.f.exprs[e].clone();
        let span = x.span;
        if let Category::Place { .. } = x.category {
            return bug(span, "place used as a value without a load");
        }
        let ty = self.ty(x.ty, span)?;
        let scalar = self.m.types.as_scalar(x.ty);
        Ok(match x.kind {
            ExprKind::IntConst(v) => match scalar {
                Some(s) => self.scalar_const(s, ConstScalar::Int(v)),
                None => return bug(span, "integer constant of a non-scalar type"),
            },
            ExprKind::FloatConst(v) => match scalar {
                Some(s) => self.scalar_const(s, ConstScalar::Float(v)),
                None => return bug(span, "float constant of a non-scalar type"),
            },
            ExprKind::BoolConst(v) => self.scalar_const(Scalar::Bool, ConstScalar::Int(u64::from(v))),
            ExprKind::Local(_) | ExprKind::Global(_) | ExprKind::Deref(_) | ExprKind::Index { .. }
            | ExprKind::Member { .. } => return bug(span, "place kind in a value"),
            ExprKind::Load(p) => {
                let ptr = self.place(st, p)?;
                self.b.load(ty, None, ptr, None, [])?
            }
            ExprKind::AddrOf(p) => self.place(st, p)?,
            ExprKind::Unary(op, a) => {
                let v = self.value(st, a)?;
                let at = st.f.exprs[a].ty;
                match op {
                    UnaryOp::Neg => match self.m.types.as_scalar(at) {
                        Some(Scalar::Float { .. }) => self.b.f_negate(ty, None, v)?,
                        _ => self.b.s_negate(ty, None, v)?,
                    },
                    UnaryOp::BitNot => self.b.not(ty, None, v)?,
                    UnaryOp::LogicalNot => {
                        let t = self.truthy(st, a, v)?;
                        let bool_ty = self.bool_ty();
                        let n = self.b.logical_not(bool_ty, None, t)?;
                        self.bool_to(x.ty, n, span)?
                    }
                }
            }
            ExprKind::Binary(op, a, b) => self.binary(st, op, a, b, x.ty, span)?,
            ExprKind::Logical(op, a, b) => {
                let bool_ty = self.bool_ty();
                let av = self.condition(st, a)?;
                let from = st.label;
                let (rhs, merge) = (self.b.id(), self.b.id());
                self.b.selection_merge(merge, SelectionControl::NONE)?;
                let short = match op {
                    LogicalOp::And => {
                        self.b.branch_conditional(av, rhs, merge, [])?;
                        self.scalar_const(Scalar::Bool, ConstScalar::Int(0))
                    }
                    LogicalOp::Or => {
                        self.b.branch_conditional(av, merge, rhs, [])?;
                        self.scalar_const(Scalar::Bool, ConstScalar::Int(1))
                    }
                };
                self.begin(st, rhs)?;
                let bv = self.condition(st, b)?;
                let rhs_end = st.label;
                self.b.branch(merge)?;
                self.begin(st, merge)?;
                let r = self.b.phi(bool_ty, None, [(short, from), (bv, rhs_end)])?;
                self.bool_to(x.ty, r, span)?
            }
            ExprKind::Assign { place, value } => {
                let v = self.value(st, value)?;
                let p = self.place(st, place)?;
                self.b.store(p, v, None, [])?;
                v
            }
            ExprKind::CompoundAssign { op, place, value, compute } => {
                let p = self.place(st, place)?;
                let pty = st.f.exprs[place].ty;
                let old = self.b.load(ty, None, p, None, [])?;
                let rhs = self.value(st, value)?;
                let vty = st.f.exprs[value].ty;
                let new = if self.m.types.as_pointer(pty).is_some() {
                    self.pointer_offset(st, old, pty, rhs, vty, op == BinaryOp::Sub, span)?
                } else {
                    let l = self.convert_value(old, pty, compute, span)?;
                    let r = if matches!(op, BinaryOp::Shl | BinaryOp::Shr) { rhs } else { self.convert_value(rhs, vty, compute, span)? };
                    let rty = if matches!(op, BinaryOp::Shl | BinaryOp::Shr) { vty } else { compute };
                    let res = self.arith(op, l, compute, r, rty, span)?;
                    self.convert_value(res, compute, pty, span)?
                };
                self.b.store(p, new, None, [])?;
                new
            }
            ExprKind::IncDec { place, increment, prefix } => {
                let p = self.place(st, place)?;
                let old = self.b.load(ty, None, p, None, [])?;
                let new = match self.m.types.get(x.ty).clone() {
                    Type::Pointer { .. } => {
                        let step = self.u64_const(if increment { 1 } else { u64::MAX });
                        self.b.in_bounds_ptr_access_chain(ty, None, old, step, [])?
                    }
                    Type::Scalar(s @ Scalar::Float { .. }) => {
                        let one = self.scalar_const(s, ConstScalar::Float(1.0));
                        if increment { self.b.f_add(ty, None, old, one)? } else { self.b.f_sub(ty, None, old, one)? }
                    }
                    Type::Scalar(s @ Scalar::Int { .. }) => {
                        let one = self.scalar_const(s, ConstScalar::Int(1));
                        if increment { self.b.i_add(ty, None, old, one)? } else { self.b.i_sub(ty, None, old, one)? }
                    }
                    _ => return bug(span, "++/-- on this type"),
                };
                self.b.store(p, new, None, [])?;
                if prefix { new } else { old }
            }
            ExprKind::Cast { kind, operand, .. } => self.cast(st, kind, operand, x.ty, span)?,
            ExprKind::Conditional { cond, then, otherwise } => {
                let c = self.condition(st, cond)?;
                let (tl, el, merge) = (self.b.id(), self.b.id(), self.b.id());
                self.b.selection_merge(merge, SelectionControl::NONE)?;
                self.b.branch_conditional(c, tl, el, [])?;
                self.begin(st, tl)?;
                let tv = self.value(st, then)?;
                let t_end = st.label;
                self.b.branch(merge)?;
                self.begin(st, el)?;
                let ev = self.value(st, otherwise)?;
                let e_end = st.label;
                self.b.branch(merge)?;
                self.begin(st, merge)?;
                if matches!(self.m.types.get(x.ty), Type::Void) {
                    tv
                } else {
                    self.b.phi(ty, None, [(tv, t_end), (ev, e_end)])?
                }
            }
            ExprKind::Comma(a, b) => {
                self.effect(st, a)?;
                self.value(st, b)?
            }
            ExprKind::Call { function, args } => {
                let mut ids = Vec::new();
                for a in args {
                    ids.push(self.value(st, a)?);
                }
                let Some(&f) = self.callable.get(&function) else { return bug(span, "call of an unknown function") };
                st.called.insert(f);
                self.b.function_call(ty, None, f, ids)?
            }
            ExprKind::Builtin { builtin, args } => self.builtin(st, builtin, &args, x.ty, span)?,
        })
    }

    fn binary(
        &mut self,
        st: &mut FnState<'_>,
        op: BinaryOp,
        a: Handle<Expr>,
        b: Handle<Expr>,
        result: Handle<Type>,
        span: clc_passes::diag::Span,
    ) -> Result<Word> {
        let (at, bt) = (st.f.exprs[a].ty, st.f.exprs[b].ty);
        let av = self.value(st, a)?;
        let bv = self.value(st, b)?;
        let a_ptr = self.m.types.as_pointer(at).is_some();
        let b_ptr = self.m.types.as_pointer(bt).is_some();
        if op.is_comparison() {
            let bool_ty = self.bool_ty();
            let c = if a_ptr || b_ptr {
                let ulong = self.scalar(Scalar::Int { width: 64, signed: false });
                let ai = self.b.convert_ptr_to_u(ulong, None, av)?;
                let bi = self.b.convert_ptr_to_u(ulong, None, bv)?;
                let u = Scalar::Int { width: 64, signed: false };
                self.compare(op, Some(u), ai, bi, bool_ty)?
            } else {
                let s = self.m.types.as_scalar(at);
                self.compare(op, s, av, bv, bool_ty)?
            };
            return self.bool_to(result, c, span);
        }
        match (a_ptr, b_ptr, op) {
            (true, false, BinaryOp::Add | BinaryOp::Sub) => {
                self.pointer_offset(st, av, at, bv, bt, op == BinaryOp::Sub, span)
            }
            (false, true, BinaryOp::Add) => self.pointer_offset(st, bv, bt, av, at, false, span),
            (true, true, BinaryOp::Sub) => {
                let ulong = self.scalar(Scalar::Int { width: 64, signed: false });
                let ai = self.b.convert_ptr_to_u(ulong, None, av)?;
                let bi = self.b.convert_ptr_to_u(ulong, None, bv)?;
                let d = self.b.i_sub(ulong, None, ai, bi)?;
                let Some((pointee, _, _)) = self.m.types.as_pointer(at) else { return bug(span, "pointer difference") };
                let size = self.m.types.size_of(pointee, &self.m.lang.layout).max(1);
                let sz = self.u64_const(size);
                let rt = self.ty(result, span)?;
                Ok(self.b.s_div(rt, None, d, sz)?)
            }
            (false, false, _) => self.arith(op, av, at, bv, bt, span),
            _ => bug(span, "pointer operands of this operator"),
        }
    }

    /// `ptr ± n` as an element-wise access chain.
    #[allow(clippy::too_many_arguments)]
    fn pointer_offset(
        &mut self,
        _st: &mut FnState<'_>,
        ptr: Word,
        ptr_ty: Handle<Type>,
        n: Word,
        n_ty: Handle<Type>,
        negate: bool,
        span: clc_passes::diag::Span,
    ) -> Result<Word> {
        let ulong = self.scalar(Scalar::Int { width: 64, signed: false });
        let n = match self.m.types.as_scalar(n_ty) {
            Some(Scalar::Int { width: 64, .. }) => n,
            Some(Scalar::Int { signed: true, .. }) => self.b.s_convert(ulong, None, n)?,
            Some(Scalar::Int { .. }) => self.b.u_convert(ulong, None, n)?,
            _ => return bug(span, "pointer offset by a non-integer"),
        };
        let n = if negate { self.b.s_negate(ulong, None, n)? } else { n };
        let pt = self.ty(ptr_ty, span)?;
        Ok(self.b.in_bounds_ptr_access_chain(pt, None, ptr, n, [])?)
    }

    fn compare(&mut self, op: BinaryOp, s: Option<Scalar>, a: Word, b: Word, bool_ty: Word) -> Result<Word> {
        let bb = &mut self.b;
        Ok(match s {
            Some(Scalar::Float { .. }) => match op {
                BinaryOp::Eq => bb.f_ord_equal(bool_ty, None, a, b)?,
                // `!=` is true when either side is NaN.
                BinaryOp::Ne => bb.f_unord_not_equal(bool_ty, None, a, b)?,
                BinaryOp::Lt => bb.f_ord_less_than(bool_ty, None, a, b)?,
                BinaryOp::Le => bb.f_ord_less_than_equal(bool_ty, None, a, b)?,
                BinaryOp::Gt => bb.f_ord_greater_than(bool_ty, None, a, b)?,
                _ => bb.f_ord_greater_than_equal(bool_ty, None, a, b)?,
            },
            Some(Scalar::Bool) => match op {
                BinaryOp::Eq => bb.logical_equal(bool_ty, None, a, b)?,
                _ => bb.logical_not_equal(bool_ty, None, a, b)?,
            },
            Some(Scalar::Int { signed, .. }) => match (op, signed) {
                (BinaryOp::Eq, _) => bb.i_equal(bool_ty, None, a, b)?,
                (BinaryOp::Ne, _) => bb.i_not_equal(bool_ty, None, a, b)?,
                (BinaryOp::Lt, true) => bb.s_less_than(bool_ty, None, a, b)?,
                (BinaryOp::Lt, false) => bb.u_less_than(bool_ty, None, a, b)?,
                (BinaryOp::Le, true) => bb.s_less_than_equal(bool_ty, None, a, b)?,
                (BinaryOp::Le, false) => bb.u_less_than_equal(bool_ty, None, a, b)?,
                (BinaryOp::Gt, true) => bb.s_greater_than(bool_ty, None, a, b)?,
                (BinaryOp::Gt, false) => bb.u_greater_than(bool_ty, None, a, b)?,
                (_, true) => bb.s_greater_than_equal(bool_ty, None, a, b)?,
                (_, false) => bb.u_greater_than_equal(bool_ty, None, a, b)?,
            },
            None => bb.i_equal(bool_ty, None, a, b)?,
        })
    }

    /// Arithmetic and bitwise operators on scalars of type `at` (the right operand of a
    /// shift keeps its own type `bt`).
    fn arith(
        &mut self,
        op: BinaryOp,
        a: Word,
        at: Handle<Type>,
        b: Word,
        bt: Handle<Type>,
        span: clc_passes::diag::Span,
    ) -> Result<Word> {
        let Some(s) = self.m.types.as_scalar(at) else { return bug(span, "arithmetic on a non-scalar") };
        let ty = self.scalar(s);
        if let Scalar::Float { .. } = s {
            return Ok(match op {
                BinaryOp::Add => self.b.f_add(ty, None, a, b)?,
                BinaryOp::Sub => self.b.f_sub(ty, None, a, b)?,
                BinaryOp::Mul => self.b.f_mul(ty, None, a, b)?,
                BinaryOp::Div => self.b.f_div(ty, None, a, b)?,
                BinaryOp::Rem => self.b.f_rem(ty, None, a, b)?,
                _ => return bug(span, "bitwise operator on floats"),
            });
        }
        let (width, signed) = match s {
            Scalar::Int { width, signed } => (width, signed),
            _ => (1, false),
        };
        Ok(match op {
            BinaryOp::Add => self.b.i_add(ty, None, a, b)?,
            BinaryOp::Sub => self.b.i_sub(ty, None, a, b)?,
            BinaryOp::Mul => self.b.i_mul(ty, None, a, b)?,
            BinaryOp::Div if signed => self.b.s_div(ty, None, a, b)?,
            BinaryOp::Div => self.b.u_div(ty, None, a, b)?,
            // C's `%` truncates, like OpSRem (the sign follows the dividend).
            BinaryOp::Rem if signed => self.b.s_rem(ty, None, a, b)?,
            BinaryOp::Rem => self.b.u_mod(ty, None, a, b)?,
            BinaryOp::BitAnd => self.b.bitwise_and(ty, None, a, b)?,
            BinaryOp::BitOr => self.b.bitwise_or(ty, None, a, b)?,
            BinaryOp::BitXor => self.b.bitwise_xor(ty, None, a, b)?,
            BinaryOp::Shl | BinaryOp::Shr => {
                // OpenCL masks the shift count to the width of the shifted type.
                let count = self.convert_value(b, bt, at, span)?;
                let mask = self.scalar_const(s, ConstScalar::Int(u64::from(width) - 1));
                let count = self.b.bitwise_and(ty, None, count, mask)?;
                match (op, signed) {
                    (BinaryOp::Shl, _) => self.b.shift_left_logical(ty, None, a, count)?,
                    (_, true) => self.b.shift_right_arithmetic(ty, None, a, count)?,
                    (_, false) => self.b.shift_right_logical(ty, None, a, count)?,
                }
            }
            _ => return bug(span, "comparison in arithmetic"),
        })
    }

    /// Converts a scalar value between AST types (used where the AST records a computation
    /// type rather than explicit casts).
    fn convert_value(&mut self, v: Word, from: Handle<Type>, to: Handle<Type>, span: clc_passes::diag::Span) -> Result<Word> {
        if from == to {
            return Ok(v);
        }
        let (Some(f), Some(t)) = (self.m.types.as_scalar(from), self.m.types.as_scalar(to)) else {
            return bug(span, "conversion between non-scalars");
        };
        let kind = match (f, t) {
            (_, Scalar::Bool) => CastKind::ToBool,
            (Scalar::Bool, Scalar::Int { .. }) => CastKind::BoolToInt,
            (Scalar::Bool, Scalar::Float { .. }) => CastKind::BoolToFloat,
            (Scalar::Int { .. }, Scalar::Int { .. }) => CastKind::IntToInt,
            (Scalar::Int { .. }, Scalar::Float { .. }) => CastKind::IntToFloat,
            (Scalar::Float { .. }, Scalar::Int { .. }) => CastKind::FloatToInt,
            (Scalar::Float { .. }, Scalar::Float { .. }) => CastKind::FloatToFloat,
        };
        self.scalar_cast(kind, v, f, t, span)
    }

    fn scalar_cast(&mut self, kind: CastKind, v: Word, f: Scalar, t: Scalar, span: clc_passes::diag::Span) -> Result<Word> {
        let ty = self.scalar(t);
        let bool_ty = self.bool_ty();
        Ok(match (kind, f, t) {
            (CastKind::IntToInt, Scalar::Int { width: fw, signed }, Scalar::Int { width: tw, .. }) => {
                if fw == tw {
                    v
                } else if fw < tw && signed {
                    self.b.s_convert(ty, None, v)?
                } else {
                    self.b.u_convert(ty, None, v)?
                }
            }
            (CastKind::IntToFloat, Scalar::Int { signed: true, .. }, _) => self.b.convert_s_to_f(ty, None, v)?,
            (CastKind::IntToFloat, _, _) => self.b.convert_u_to_f(ty, None, v)?,
            (CastKind::FloatToInt, _, Scalar::Int { signed: true, .. }) => self.b.convert_f_to_s(ty, None, v)?,
            (CastKind::FloatToInt, _, _) => self.b.convert_f_to_u(ty, None, v)?,
            (CastKind::FloatToFloat, _, _) => self.b.f_convert(ty, None, v)?,
            (CastKind::ToBool, Scalar::Int { .. }, _) => {
                let z = self.scalar_const(f, ConstScalar::Int(0));
                self.b.i_not_equal(bool_ty, None, v, z)?
            }
            (CastKind::ToBool, Scalar::Float { .. }, _) => {
                let z = self.scalar_const(f, ConstScalar::Float(0.0));
                self.b.f_unord_not_equal(bool_ty, None, v, z)?
            }
            (CastKind::ToBool, Scalar::Bool, _) => v,
            (CastKind::BoolToInt, _, _) => {
                let one = self.scalar_const(t, ConstScalar::Int(1));
                let zero = self.scalar_const(t, ConstScalar::Int(0));
                self.b.select(ty, None, v, one, zero)?
            }
            (CastKind::BoolToFloat, _, _) => {
                let one = self.scalar_const(t, ConstScalar::Float(1.0));
                let zero = self.scalar_const(t, ConstScalar::Float(0.0));
                self.b.select(ty, None, v, one, zero)?
            }
            _ => return bug(span, "scalar conversion of this kind"),
        })
    }

    fn cast(
        &mut self,
        st: &mut FnState<'_>,
        kind: CastKind,
        operand: Handle<Expr>,
        to: Handle<Type>,
        span: clc_passes::diag::Span,
    ) -> Result<Word> {
        let from = st.f.exprs[operand].ty;
        let ty = self.ty(to, span)?;
        if kind == CastKind::ArrayToPointer {
            let arr = self.place(st, operand)?;
            let zero = self.u64_const(0);
            return Ok(self.b.in_bounds_ptr_access_chain(ty, None, arr, zero, [zero])?);
        }
        let v = self.value(st, operand)?;
        Ok(match kind {
            CastKind::NoOp => v,
            CastKind::NullToPointer => self.null(ty),
            CastKind::PointerBitcast => self.b.bitcast(ty, None, v)?,
            CastKind::PointerToInt => self.b.convert_ptr_to_u(ty, None, v)?,
            CastKind::IntToPointer => {
                let ulong = self.scalar(Scalar::Int { width: 64, signed: false });
                let wide = match self.m.types.as_scalar(from) {
                    Some(Scalar::Int { width: 64, .. }) => v,
                    Some(Scalar::Int { signed: true, .. }) => self.b.s_convert(ulong, None, v)?,
                    _ => self.b.u_convert(ulong, None, v)?,
                };
                self.b.convert_u_to_ptr(ty, None, wide)?
            }
            CastKind::AddressSpace => self.address_space_cast(v, from, to, span)?,
            CastKind::ToBool if self.m.types.as_pointer(from).is_some() => self.truthy(st, operand, v)?,
            _ => {
                let (Some(f), Some(t)) = (self.m.types.as_scalar(from), self.m.types.as_scalar(to)) else {
                    return bug(span, "scalar cast between non-scalars");
                };
                self.scalar_cast(kind, v, f, t, span)?
            }
        })
    }

    /// Named ↔ generic pointer conversions (AS-11, AS-12 already checked). SPIR-V converts
    /// the storage class with the pointee unchanged, then bitcasts if the pointee differs.
    fn address_space_cast(&mut self, v: Word, from: Handle<Type>, to: Handle<Type>, span: clc_passes::diag::Span) -> Result<Word> {
        let (Some((fp, Some(fs), _)), Some((tp, Some(ts), _))) = (self.m.types.as_pointer(from), self.m.types.as_pointer(to))
        else {
            return bug(span, "address-space cast of non-pointers");
        };
        let pointee = match self.m.types.get(fp) {
            Type::Void => self.scalar(Scalar::Int { width: 8, signed: false }),
            _ => self.ty(fp, span)?,
        };
        let mid = self.pointer(ts, pointee);
        let converted = match (fs, ts) {
            (_, AddressSpace::Generic) => self.b.ptr_cast_to_generic(mid, None, v)?,
            (AddressSpace::Generic, _) => self.b.generic_cast_to_ptr(mid, None, v)?,
            _ => return bug(span, "cast between two named address spaces after validation"),
        };
        let target = self.ty(to, span)?;
        if fp == tp || target == mid {
            Ok(converted)
        } else {
            Ok(self.b.bitcast(target, None, converted)?)
        }
    }
}
