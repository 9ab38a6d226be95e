//! Expressions as values. Signedness lives in the AST types (SPIR-V integers are signless
//! under `Kernel`), so every operation picks its signed or unsigned instruction from the
//! operand's AST type; scalars and vectors share one lowering ([`super::numeric`]).

use super::flavor::Site;
use super::function::FnState;
use super::types::ConstScalar;
use super::{bug, Result, Writer};
use clc_passes::ast::{
    AddressSpace, BinaryOp, CastKind, Category, Expr, ExprKind, Handle, LogicalOp, Scalar, Type,
    UnaryOp,
};
use clc_passes::diag::Span;
use rspirv::spirv::{SelectionControl, Word};

impl Writer<'_> {
    /// Evaluates an expression for its side effects only.
    pub(super) fn effect(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<()> {
        match (&st.f.exprs[e].category, &st.f.exprs[e].kind) {
            (Category::Place { .. }, ExprKind::Swizzle { base, .. }) => {
                let base = *base;
                self.effect(st, base)
            }
            (Category::Place { .. }, _) => self.place(st, e).map(|_| ()),
            (Category::Value, _) => self.value(st, e).map(|_| ()),
        }
    }

    /// A scalar or pointer condition as a `bool` (non-zero is true).
    pub(super) fn condition(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Word> {
        let v = self.value(st, e)?;
        self.truthy(st, e, v)
    }

    fn truthy(&mut self, st: &FnState<'_>, e: Handle<Expr>, v: Word) -> Result<Word> {
        let x = &st.f.exprs[e];
        if let Some(num) = self.numeric(x.ty) {
            return self.nonzero(v, num);
        }
        if let Some((_, space, _)) = self.m.types.as_pointer(x.ty) {
            if self.opts.flavor.is_vulkan()
                && self.storage_class(super::named(space, x.span)?, Site::Pointee)
                    != rspirv::spirv::StorageClass::PhysicalStorageBuffer
            {
                // A `__local` pointer has no address to compare with NULL; where it is known
                // to point into an object, or to be `to_local` of a pointer into another
                // space, the answer is known.
                if let Some(nonnull) = self.local_nonnull(st, e) {
                    return Ok(
                        self.scalar_const(Scalar::Bool, ConstScalar::Int(u64::from(nonnull)))
                    );
                }
                return super::unsupported(
                    x.span,
                    "testing a __local pointer for null on the Vulkan target",
                );
            }
            let bool_ty = self.bool_ty_n(1);
            let ulong = self.scalar(Scalar::Int {
                width: 64,
                signed: false,
            });
            let i = self.b.convert_ptr_to_u(ulong, None, v)?;
            let z = self.u64_const(0);
            return Ok(self.b.i_not_equal(bool_ty, None, i, z)?);
        }
        bug(x.span, "condition of a non-scalar type")
    }

    /// The value of an expression.
    ///
    /// Expression trees are as deep as the source's operator chains (tens of thousands of
    /// levels in generated code), and this recursion runs on each level, so its frame is
    /// kept small: each kind's work is a function of its own. (In an unoptimized build, as
    /// Cargo builds build scripts, one function holding every arm took 27 KB of stack per
    /// level, and a 20,000-operator chain spent most of its time faulting stack pages in.)
    pub(super) fn value(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Word> {
        let x = &st.f.exprs[e];
        let (span, ty_ast) = (x.span, x.ty);
        // Constants are module-scope: no code here to locate.
        if !matches!(
            x.kind,
            ExprKind::IntConst(_) | ExprKind::FloatConst(_) | ExprKind::BoolConst(_)
        ) {
            self.line(span);
        }
        if let Some(v) = self.value_special(st, e)? {
            return Ok(v);
        }
        // The function's expressions outlive `st`'s borrow: no copy of the node.
        let f = st.f;
        let x = &f.exprs[e];
        if let Category::Place { .. } = x.category {
            if let ExprKind::Swizzle { .. } = x.kind {
                return bug(span, "vector components used as a value without a load");
            }
            return bug(span, "place used as a value without a load");
        }
        let ty = self.ty(ty_ast, span)?;
        // Operator chains (the deepest trees) recurse through here and `binary` only, so
        // the other kinds' larger frame is another function's.
        if let ExprKind::Binary(op, a, b) = x.kind {
            return self.binary(st, op, a, b, ty_ast, span);
        }
        self.value_of_kind(st, e, ty)
    }

    /// [`Writer::value`] of an expression whose SPIR-V type is `ty`, by its kind.
    fn value_of_kind(&mut self, st: &mut FnState<'_>, e: Handle<Expr>, ty: Word) -> Result<Word> {
        let f = st.f;
        let x = &f.exprs[e];
        let (span, ty_ast) = (x.span, x.ty);
        Ok(match x.kind {
            ExprKind::IntConst(_) | ExprKind::FloatConst(_) | ExprKind::BoolConst(_) => {
                self.value_const(&x.kind, ty_ast, span)?
            }
            ExprKind::Member { base, field } => {
                self.value_member(st, base, field, ty, ty_ast, span)?
            }
            ExprKind::Local(_)
            | ExprKind::Global(_)
            | ExprKind::Deref(_)
            | ExprKind::Index { .. }
            | ExprKind::CompoundLiteral { .. } => return bug(span, "place kind in a value"),
            ExprKind::Load(p) => self.value_load(st, p)?,
            ExprKind::AddrOf(p) => self.place(st, p)?,
            ExprKind::Swizzle { base, ref indices } => {
                let v = self.value(st, base)?;
                self.components(v, indices, ty)?
            }
            ExprKind::VectorLiteral(ref parts) => self.value_vector_literal(st, parts, ty)?,
            ExprKind::Unary(op, a) => self.value_unary(st, op, a, ty, ty_ast, span)?,
            ExprKind::Binary(op, a, b) => self.binary(st, op, a, b, ty_ast, span)?,
            ExprKind::Logical(op, a, b) => self.logical(st, op, a, b, ty_ast, span)?,
            ExprKind::Assign { place, value } => {
                let v = self.value(st, value)?;
                let r = self.resolve(st, place)?;
                self.store_resolved(&r, v)?;
                v
            }
            ExprKind::CompoundAssign {
                op,
                place,
                value,
                compute,
                fused,
            } => self.value_compound_assign(st, op, place, value, compute, fused, span)?,
            ExprKind::IncDec {
                place,
                increment,
                prefix,
            } => self.value_inc_dec(st, place, increment, prefix, ty, ty_ast, span)?,
            ExprKind::Cast { kind, operand, .. } => self.cast(st, kind, operand, ty_ast, span)?,
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => self.conditional(st, cond, then, otherwise, ty_ast, span)?,
            ExprKind::Comma(a, b) => {
                self.effect(st, a)?;
                self.value(st, b)?
            }
            ExprKind::Call { function, ref args } => {
                self.value_call(st, e, function, args, ty, span)?
            }
            ExprKind::FusedMulAdd {
                a,
                b,
                c,
                negate_product,
                negate_addend,
                addend_first,
            } => {
                let first = if addend_first {
                    Some(self.value(st, c)?)
                } else {
                    None
                };
                let av = self.value(st, a)?;
                let bv = self.value(st, b)?;
                let cv = match first {
                    Some(v) => v,
                    None => self.value(st, c)?,
                };
                self.fused_mul_add(ty, av, bv, cv, negate_product, negate_addend)?
            }
            ExprKind::Builtin { builtin, ref args } => {
                self.builtin(st, builtin, args, ty_ast, span)?
            }
        })
    }

    /// The values [`Writer::value`] takes before looking at the kind: Vulkan's logical
    /// pointers and `__local` pointers kept as an object and an index.
    fn value_special(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Option<Word>> {
        let f = st.f;
        let x = &f.exprs[e];
        let (span, kind, ty_ast) = (x.span, &x.kind, x.ty);
        // Vulkan: pointers into Function storage (`flavor::logical_private`) have no AST
        // type of their own (a private pointer type is a buffer address).
        match *kind {
            ExprKind::AddrOf(p) if self.in_function_storage(st, p) => {
                return self.place(st, p).map(Some)
            }
            ExprKind::Load(p) if self.logical_pointer(st, e) => {
                if let ExprKind::Local(l) = st.f.exprs[p].kind {
                    // Never written, so an SSA value (`unassigned_pointer_params`).
                    return match st.values.get(&l) {
                        Some(&v) => Ok(Some(v)),
                        None => bug(span, "a logical pointer parameter without its value"),
                    };
                }
            }
            _ => {}
        }
        // A `__local` pointer kept as an object and an index (`local_index`): here its value,
        // an access chain of the object. (`&place` and an array's decay are access chains of
        // their place already, one index per level.)
        let direct = matches!(
            kind,
            ExprKind::AddrOf(_)
                | ExprKind::Cast {
                    kind: CastKind::ArrayToPointer,
                    ..
                }
        );
        if let Some(r) = self.local_root(st, e).filter(|_| !direct) {
            let flat = self.local_flat(st, e)?;
            let Some((pointee, _, _)) = self.m.types.as_pointer(ty_ast) else {
                return bug(span, "a __local index of a non-pointer");
            };
            return Ok(Some(self.local_chain(st, r, flat, pointee, span)?.0));
        }
        Ok(None)
    }

    fn value_const(&mut self, kind: &ExprKind, ty_ast: Handle<Type>, span: Span) -> Result<Word> {
        let scalar = self.m.types.as_scalar(ty_ast);
        Ok(match *kind {
            ExprKind::IntConst(v) => match scalar {
                Some(s) => self.scalar_const(s, ConstScalar::Int(v)),
                None => return bug(span, "integer constant of a non-scalar type"),
            },
            ExprKind::FloatConst(v) => match scalar {
                Some(s) => self.scalar_const(s, ConstScalar::Float(v)),
                None => return bug(span, "float constant of a non-scalar type"),
            },
            ExprKind::BoolConst(v) => {
                self.scalar_const(Scalar::Bool, ConstScalar::Int(u64::from(v)))
            }
            _ => return bug(span, "a constant of another kind"),
        })
    }

    fn value_member(
        &mut self,
        st: &mut FnState<'_>,
        base: Handle<Expr>,
        field: u32,
        ty: Word,
        ty_ast: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        if matches!(self.m.types.get(st.f.exprs[base].ty), Type::Struct(d) if self.m.types.structs[*d].is_union)
        {
            return super::unsupported(
                span,
                "a member of a union value that is not stored in a variable",
            );
        }
        let index = match self.m.types.get(st.f.exprs[base].ty) {
            Type::Struct(d) => self.member_index(*d, field),
            _ => field,
        };
        let v = self.value(st, base)?;
        Ok(if self.byte_member(st.f.exprs[base].ty, field).is_some() {
            let bytes_ty = self.bytes_ty(ty_ast);
            let bytes = self.b.composite_extract(bytes_ty, None, v, [index])?;
            self.from_bytes(bytes, ty_ast, span)?
        } else {
            self.b.composite_extract(ty, None, v, [index])?
        })
    }

    fn value_load(&mut self, st: &mut FnState<'_>, p: Handle<Expr>) -> Result<Word> {
        if let ExprKind::Local(l) = st.f.exprs[p].kind {
            if st.values.contains_key(&l) {
                return Ok(match st.local_arrays.get(&l).copied() {
                    // A kernel's `__local` argument: its first element, an access chain of
                    // the work-group array (no variable pointer).
                    Some((var, elem, sc)) => {
                        let ptr = self.pointer_sc(sc, elem);
                        let zero = self.u32_const(0);
                        self.b.access_chain(ptr, None, var, [zero])?
                    }
                    None => st.values[&l],
                });
            }
        }
        // A program-scope sampler is a constant, not a variable.
        if let ExprKind::Global(g) = st.f.exprs[p].kind {
            if let Some(&bits) = self.sampler_globals.get(&g) {
                return Ok(self.sampler_value(st, bits));
            }
        }
        let r = self.resolve(st, p)?;
        self.load_resolved(&r)
    }

    fn value_vector_literal(
        &mut self,
        st: &mut FnState<'_>,
        parts: &[Handle<Expr>],
        ty: Word,
    ) -> Result<Word> {
        // Built from scalars (see `build_vector`).
        let mut ids = Vec::new();
        for &p in parts {
            let v = self.value(st, p)?;
            match self.numeric(st.f.exprs[p].ty) {
                Some((elem, n)) if n > 1 => {
                    let et = self.scalar(elem);
                    for k in 0..u32::from(n) {
                        ids.push(self.b.composite_extract(et, None, v, [k])?);
                    }
                }
                _ => ids.push(v),
            }
        }
        self.build_vector(ty, &ids)
    }

    fn value_unary(
        &mut self,
        st: &mut FnState<'_>,
        op: UnaryOp,
        a: Handle<Expr>,
        ty: Word,
        ty_ast: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let v = self.value(st, a)?;
        let at = st.f.exprs[a].ty;
        Ok(match op {
            UnaryOp::Neg => match self.numeric(at) {
                Some((Scalar::Float { .. }, _)) => self.b.f_negate(ty, None, v)?,
                _ => self.b.s_negate(ty, None, v)?,
            },
            UnaryOp::BitNot => self.b.not(ty, None, v)?,
            UnaryOp::LogicalNot => {
                let t = self.truthy(st, a, v)?;
                let n = self.numeric(at).map_or(1, |n| n.1);
                let bool_ty = self.bool_ty_n(n);
                let r = self.b.logical_not(bool_ty, None, t)?;
                self.bool_to(ty_ast, r, span)?
            }
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn value_compound_assign(
        &mut self,
        st: &mut FnState<'_>,
        op: BinaryOp,
        place: Handle<Expr>,
        value: Handle<Expr>,
        compute: Handle<Type>,
        fused: bool,
        span: Span,
    ) -> Result<Word> {
        if fused {
            let Some(p) = clc_passes::contract::product(self.m, st.f, value) else {
                return bug(span, "fused compound assignment of no product");
            };
            let r = self.resolve(st, place)?;
            let pty = st.f.exprs[place].ty;
            let old = self.load_resolved(&r)?;
            let a = self.value(st, p.a)?;
            let b = self.value(st, p.b)?;
            let c = self.convert_value(old, pty, compute, span)?;
            let cty = self.ty(compute, span)?;
            let negate = p.negated != (op == BinaryOp::Sub);
            let res = self.fused_mul_add(cty, a, b, c, negate, false)?;
            let new = self.convert_value(res, compute, pty, span)?;
            self.store_resolved(&r, new)?;
            return Ok(new);
        }
        let r = self.resolve(st, place)?;
        let pty = st.f.exprs[place].ty;
        let old = self.load_resolved(&r)?;
        let rhs = self.value(st, value)?;
        let vty = st.f.exprs[value].ty;
        let new = if self.m.types.as_pointer(pty).is_some() {
            self.pointer_offset(old, pty, rhs, vty, op == BinaryOp::Sub, span)?
        } else {
            let shift = matches!(op, BinaryOp::Shl | BinaryOp::Shr);
            let l = self.convert_value(old, pty, compute, span)?;
            let r = if shift {
                rhs
            } else {
                self.convert_value(rhs, vty, compute, span)?
            };
            let res = self.arith(op, l, compute, r, if shift { vty } else { compute }, span)?;
            self.convert_value(res, compute, pty, span)?
        };
        self.store_resolved(&r, new)?;
        Ok(new)
    }

    #[allow(clippy::too_many_arguments)]
    fn value_inc_dec(
        &mut self,
        st: &mut FnState<'_>,
        place: Handle<Expr>,
        increment: bool,
        prefix: bool,
        ty: Word,
        ty_ast: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let r = self.resolve(st, place)?;
        let old = self.load_resolved(&r)?;
        let new = if self.m.types.as_pointer(ty_ast).is_some() {
            let step = self.u64_const(if increment { 1 } else { u64::MAX });
            self.ptr_chain(ty, old, step, increment)?
        } else {
            let Some(num) = self.numeric(ty_ast) else {
                return bug(span, "++/-- on this type");
            };
            let one = match num.0 {
                Scalar::Float { .. } => self.const_n(num, ConstScalar::Float(1.0)),
                _ => self.const_n(num, ConstScalar::Int(1)),
            };
            let op = if increment {
                BinaryOp::Add
            } else {
                BinaryOp::Sub
            };
            self.arith(op, old, ty_ast, one, ty_ast, span)?
        };
        self.store_resolved(&r, new)?;
        Ok(if prefix { new } else { old })
    }

    fn value_call(
        &mut self,
        st: &mut FnState<'_>,
        e: Handle<Expr>,
        function: Handle<clc_passes::ast::Function>,
        args: &[Handle<Expr>],
        ty: Word,
        span: Span,
    ) -> Result<Word> {
        let mut ids = Vec::new();
        let mut infos = Vec::new();
        let callee = &self.m.functions[function];
        let indexed: Vec<bool> = callee
            .params
            .iter()
            .map(|p| {
                self.local_indices
                    .get(&function)
                    .is_some_and(|li| li.params.contains_key(p))
            })
            .collect();
        for (i, &a) in args.iter().enumerate() {
            // A `__local` pointer the callee takes as an index (`local_index`).
            if indexed.get(i).copied().unwrap_or(false) {
                ids.push(self.local_flat(st, a)?);
                continue;
            }
            let v = self.value(st, a)?;
            // Vulkan: an image's channel order and type follow the parameters.
            if let Some(img) = self.vk_images.get(&v) {
                infos.push(img.info);
            }
            ids.push(v);
        }
        ids.extend(infos);
        let Some(&f) = self.callable.get(&function) else {
            return bug(span, "call of an unknown function");
        };
        st.called.insert(f);
        Ok(match st.call_results.get(&e) {
            Some(&tmp) => {
                let void = self.b.type_void();
                ids.insert(0, tmp);
                self.b.function_call(void, None, f, ids)?;
                self.b.load(ty, None, tmp, None, [])?
            }
            None => self.b.function_call(ty, None, f, ids)?,
        })
    }

    /// `&&` and `||`: short-circuit on scalars (structured selection + phi); component-wise
    /// without short-circuit on vectors, as OpenCL C specifies.
    fn logical(
        &mut self,
        st: &mut FnState<'_>,
        op: LogicalOp,
        a: Handle<Expr>,
        b: Handle<Expr>,
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let n = self.numeric(result).map_or(1, |n| n.1);
        if n > 1 {
            let av = self.condition(st, a)?;
            let bv = self.condition(st, b)?;
            let bt = self.bool_ty_n(n);
            let r = match op {
                LogicalOp::And => self.b.logical_and(bt, None, av, bv)?,
                LogicalOp::Or => self.b.logical_or(bt, None, av, bv)?,
            };
            return self.bool_to(result, r, span);
        }
        let bool_ty = self.bool_ty_n(1);
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
        self.bool_to(result, r, span)
    }

    /// `c ? a : b`: a structured selection evaluating one side for a scalar condition; for a
    /// vector condition both sides, selected per component by the condition's sign bit
    /// (`select(b, a, c)`).
    fn conditional(
        &mut self,
        st: &mut FnState<'_>,
        cond: Handle<Expr>,
        then: Handle<Expr>,
        otherwise: Handle<Expr>,
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let ty = self.ty(result, span)?;
        let cty = st.f.exprs[cond].ty;
        if let Some(num @ (cs, n)) = self.numeric(cty).filter(|n| n.1 > 1) {
            let c = self.value(st, cond)?;
            let tv = self.value(st, then)?;
            let ev = self.value(st, otherwise)?;
            let signed = match cs {
                Scalar::Int { width, .. } => (
                    Scalar::Int {
                        width,
                        signed: true,
                    },
                    n,
                ),
                _ => num,
            };
            let zero = self.const_n(signed, ConstScalar::Int(0));
            let bt = self.bool_ty_n(n);
            let msb = self.b.s_less_than(bt, None, c, zero)?;
            return Ok(self.b.select(ty, None, msb, tv, ev)?);
        }
        // Intel's CPU runtime crashes building a module where a struct-typed `OpPhi` decides
        // a branch (its vectorizer; fine with `CL_CONFIG_USE_VECTORIZER=False`), as bullet3's
        // `SortData d = i == 0 ? first : src[i - 1]; if (d.m_key != …)` does: on the OpenCL
        // target a struct result goes through a `Function` variable instead, as clang's
        // `memcpy`s do.
        let through_memory =
            !self.opts.flavor.is_vulkan() && matches!(self.m.types.get(result), Type::Struct(_));
        let tmp = if through_memory {
            let fc = self.function_class();
            let ptr = self.pointer_sc(fc, ty);
            Some(self.function_variable(ptr, span)?)
        } else {
            None
        };
        let [(tv, t_end), (ev, e_end)] = self.choose(st, cond, [then, otherwise], |w, st, e| {
            let v = w.value(st, e)?;
            if let Some(tmp) = tmp {
                w.b.store(tmp, v, None, [])?;
            }
            Ok(v)
        })?;
        if let Some(tmp) = tmp {
            Ok(self.b.load(ty, None, tmp, None, [])?)
        } else if matches!(self.m.types.get(result), Type::Void) {
            Ok(tv)
        } else {
            self.note_logical_pointer(result);
            Ok(self.b.phi(ty, None, [(tv, t_end), (ev, e_end)])?)
        }
    }

    /// `cond ? then : otherwise` as a selection that evaluates only the chosen side: `side`
    /// lowers each operand in its own block. Each side's value with the block it ended in
    /// (for an `OpPhi`); the merge block is open.
    pub(super) fn choose(
        &mut self,
        st: &mut FnState<'_>,
        cond: Handle<Expr>,
        sides: [Handle<Expr>; 2],
        mut side: impl FnMut(&mut Self, &mut FnState<'_>, Handle<Expr>) -> Result<Word>,
    ) -> Result<[(Word, Word); 2]> {
        let c = self.condition(st, cond)?;
        let (tl, el, merge) = (self.b.id(), self.b.id(), self.b.id());
        self.b.selection_merge(merge, SelectionControl::NONE)?;
        self.b.branch_conditional(c, tl, el, [])?;
        let mut out = [(0, 0); 2];
        for (slot, (label, e)) in out.iter_mut().zip([(tl, sides[0]), (el, sides[1])]) {
            self.begin(st, label)?;
            let v = side(self, st, e)?;
            *slot = (v, st.label);
            self.b.branch(merge)?;
        }
        self.begin(st, merge)?;
        Ok(out)
    }

    fn binary(
        &mut self,
        st: &mut FnState<'_>,
        op: BinaryOp,
        a: Handle<Expr>,
        b: Handle<Expr>,
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let (at, bt) = (st.f.exprs[a].ty, st.f.exprs[b].ty);
        if let Some(c) = self.local_compare(st, op, a, b, result, span)? {
            return Ok(c);
        }
        let av = self.value(st, a)?;
        let bv = self.value(st, b)?;
        self.binary_values(op, (av, at), (bv, bt), result, span)
    }

    /// `a op b` of the operands' values and AST types: [`Writer::binary`] once its operands
    /// are written (its frame stays out of the recursion over operator chains).
    fn binary_values(
        &mut self,
        op: BinaryOp,
        (av, at): (Word, Handle<Type>),
        (bv, bt): (Word, Handle<Type>),
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let a_ptr = self.m.types.as_pointer(at).is_some();
        let b_ptr = self.m.types.as_pointer(bt).is_some();
        let logical = |w: &Self, t: Handle<Type>| {
            w.opts.flavor.is_vulkan()
                && w.m.types.as_pointer(t).is_some()
                && w.pointee_class(t) != Some(rspirv::spirv::StorageClass::PhysicalStorageBuffer)
        };
        if a_ptr && b_ptr && logical(self, at) {
            self.variable_pointers = true;
            // Pointers into __local memory have no address on Vulkan: compare and subtract
            // them as pointers (both into the same array, as C requires).
            let bool_ty = self.bool_ty_n(1);
            // A 32-bit difference: work-group memory is far smaller than 2 GiB (and lavapipe
            // zero-extends a 64-bit OpPtrDiff's negative results).
            let int = self.scalar(Scalar::Int {
                width: 32,
                signed: true,
            });
            let zero = self.u32_const(0);
            let c = match op {
                BinaryOp::Eq => Some(self.b.ptr_equal(bool_ty, None, av, bv)?),
                BinaryOp::Ne => Some(self.b.ptr_not_equal(bool_ty, None, av, bv)?),
                BinaryOp::Sub => None,
                _ if op.is_comparison() => {
                    let d = self.b.ptr_diff(int, None, av, bv)?;
                    Some(match op {
                        BinaryOp::Lt => self.b.s_less_than(bool_ty, None, d, zero)?,
                        BinaryOp::Le => self.b.s_less_than_equal(bool_ty, None, d, zero)?,
                        BinaryOp::Gt => self.b.s_greater_than(bool_ty, None, d, zero)?,
                        _ => self.b.s_greater_than_equal(bool_ty, None, d, zero)?,
                    })
                }
                _ => return bug(span, "pointer operands of this operator"),
            };
            return match c {
                Some(c) => self.bool_to(result, c, span),
                None => {
                    let rt = self.ty(result, span)?;
                    let d = self.b.ptr_diff(int, None, av, bv)?;
                    Ok(self.b.s_convert(rt, None, d)?)
                }
            };
        }
        if op.is_comparison() {
            let c = if a_ptr || b_ptr {
                let ulong = self.scalar(Scalar::Int {
                    width: 64,
                    signed: false,
                });
                let ai = self.b.convert_ptr_to_u(ulong, None, av)?;
                let bi = self.b.convert_ptr_to_u(ulong, None, bv)?;
                self.compare(
                    op,
                    (
                        Scalar::Int {
                            width: 64,
                            signed: false,
                        },
                        1,
                    ),
                    ai,
                    bi,
                )?
            } else {
                let Some(num) = self.numeric(at) else {
                    return bug(span, "comparison of non-numeric values");
                };
                self.compare(op, num, av, bv)?
            };
            return self.bool_to(result, c, span);
        }
        match (a_ptr, b_ptr, op) {
            (true, false, BinaryOp::Add | BinaryOp::Sub) => {
                self.pointer_offset(av, at, bv, bt, op == BinaryOp::Sub, span)
            }
            (false, true, BinaryOp::Add) => self.pointer_offset(bv, bt, av, at, false, span),
            (true, true, BinaryOp::Sub) => {
                let ulong = self.scalar(Scalar::Int {
                    width: 64,
                    signed: false,
                });
                let ai = self.b.convert_ptr_to_u(ulong, None, av)?;
                let bi = self.b.convert_ptr_to_u(ulong, None, bv)?;
                let d = self.b.i_sub(ulong, None, ai, bi)?;
                let Some((pointee, _, _)) = self.m.types.as_pointer(at) else {
                    return bug(span, "pointer difference");
                };
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
    fn pointer_offset(
        &mut self,
        ptr: Word,
        ptr_ty: Handle<Type>,
        n: Word,
        n_ty: Handle<Type>,
        negate: bool,
        span: Span,
    ) -> Result<Word> {
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let n = match self.m.types.as_scalar(n_ty) {
            Some(Scalar::Int { width: 64, .. }) => n,
            Some(Scalar::Int { signed: true, .. }) => self.b.s_convert(ulong, None, n)?,
            Some(Scalar::Int { .. }) => self.b.u_convert(ulong, None, n)?,
            _ => return bug(span, "pointer offset by a non-integer"),
        };
        let n = if negate {
            self.b.s_negate(ulong, None, n)?
        } else {
            n
        };
        let pt = self.ty(ptr_ty, span)?;
        let unsigned = matches!(
            self.m.types.as_scalar(n_ty),
            Some(Scalar::Int { signed: false, .. })
        );
        self.ptr_chain(pt, ptr, n, unsigned && !negate)
    }

    /// Vulkan: a value of AST type `t` that is a `__local` (logical) pointer chosen at run
    /// time needs `VariablePointers`.
    pub(super) fn note_logical_pointer(&mut self, t: Handle<Type>) {
        if !self.opts.flavor.is_vulkan() {
            return;
        }
        if self.m.types.as_pointer(t).is_some()
            && self.pointee_class(t) != Some(rspirv::spirv::StorageClass::PhysicalStorageBuffer)
        {
            self.variable_pointers = true;
        }
    }

    /// `base + n` elements (`n` a 64-bit integer, `non_negative` when it comes from an
    /// unsigned value): in bounds for OpenCL; Vulkan has no in-bounds form.
    pub(super) fn ptr_chain(
        &mut self,
        ty: Word,
        base: Word,
        n: Word,
        non_negative: bool,
    ) -> Result<Word> {
        Ok(if self.opts.flavor.is_vulkan() {
            match self.pointer_info.get(&ty).copied() {
                // A buffer address stepped by a count that may be negative steps as an
                // integer: NVIDIA's driver mistakes a negative 64-bit OpPtrAccessChain index
                // for a large positive one (measured on the H100). Unsigned counts keep the
                // access chain, which its compiler handles better (2-4% on SGEMM and n-body).
                Some((rspirv::spirv::StorageClass::PhysicalStorageBuffer, pointee))
                    if !non_negative =>
                {
                    let ulong = self.scalar(Scalar::Int {
                        width: 64,
                        signed: false,
                    });
                    let size = self.sizes.get(&pointee).copied().unwrap_or(1);
                    let size = self.u64_const(size);
                    let addr = self.b.convert_ptr_to_u(ulong, None, base)?;
                    let offset = self.b.i_mul(ulong, None, n, size)?;
                    let addr = self.b.i_add(ulong, None, addr, offset)?;
                    self.b.convert_u_to_ptr(ty, None, addr)?
                }
                Some((rspirv::spirv::StorageClass::PhysicalStorageBuffer, _)) => {
                    self.b.ptr_access_chain(ty, None, base, n, [])?
                }
                _ => {
                    self.variable_pointers = true;
                    self.b.ptr_access_chain(ty, None, base, n, [])?
                }
            }
        } else {
            self.b.in_bounds_ptr_access_chain(ty, None, base, n, [])?
        })
    }

    fn cast(
        &mut self,
        st: &mut FnState<'_>,
        kind: CastKind,
        operand: Handle<Expr>,
        to: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let from = st.f.exprs[operand].ty;
        let ty = self.ty(to, span)?;
        if kind == CastKind::ArrayToPointer {
            // The element pointer lives where the array does; clang may type the decayed
            // pointer in another (generic) space, reached by a cast.
            let (arr, arr_class) = self.place_in(st, operand)?;
            let zero = self.u64_const(0);
            let space = match st.f.exprs[operand].category {
                Category::Place { space: Some(s), .. } => s,
                _ => AddressSpace::Private,
            };
            let (Type::Array { elem, .. }, Some((_, to_space, _))) =
                (self.m.types.get(from).clone(), self.m.types.as_pointer(to))
            else {
                return bug(span, "array decay of a non-array");
            };
            let et = self.pointee_ty(elem, span)?;
            let elem_ptr = self.pointer(space, et);
            let p = if self.opts.flavor.is_vulkan() {
                let pointee_class = self.storage_class(space, Site::Pointee);
                if arr_class != pointee_class {
                    return super::unsupported(
                        span,
                        "a pointer to a program-scope __constant array on the Vulkan target (index the array directly)",
                    );
                }
                self.b.in_bounds_access_chain(elem_ptr, None, arr, [zero])?
            } else {
                self.b
                    .in_bounds_ptr_access_chain(elem_ptr, None, arr, zero, [zero])?
            };
            return match to_space {
                // Flat generic pointers are the same device addresses.
                Some(AddressSpace::Generic) if self.opts.flat_generic && ty == elem_ptr => Ok(p),
                Some(AddressSpace::Generic) if self.opts.flat_generic => {
                    Ok(self.b.bitcast(ty, None, p)?)
                }
                Some(s) if s != space && s == AddressSpace::Generic => {
                    Ok(self.b.ptr_cast_to_generic(ty, None, p)?)
                }
                Some(s) if s != space => bug(span, "array decay into another named address space"),
                _ => Ok(p),
            };
        }
        let v = self.value(st, operand)?;
        Ok(match kind {
            CastKind::NoOp => v,
            // Physical storage buffer pointers have no null constant: address 0.
            CastKind::NullToPointer
                if self.opts.flavor.is_vulkan()
                    && self.pointee_class(to)
                        == Some(rspirv::spirv::StorageClass::PhysicalStorageBuffer) =>
            {
                let zero = self.u64_const(0);
                self.b.convert_u_to_ptr(ty, None, zero)?
            }
            CastKind::NullToPointer => self.null(ty),
            // A cast that changes nothing in SPIR-V (`atomic_int *` to `int *`, qualifiers) is
            // no instruction: NVIDIA's Vulkan compiler crashes on atomics through a pointer
            // bitcast to its own type (measured on the H100).
            CastKind::PointerBitcast | CastKind::Bitcast if self.ty(from, span)? == ty => v,
            // Work-group memory has no byte layout on Vulkan (without explicit-layout
            // extensions): reading it as another type is not expressible.
            CastKind::PointerBitcast
                if self.opts.flavor.is_vulkan()
                    && self.m.types.as_pointer(from).is_some()
                    && self.pointee_class(from)
                        != Some(rspirv::spirv::StorageClass::PhysicalStorageBuffer) =>
            {
                return super::unsupported(
                    span,
                    "reading __local memory as another type through a pointer cast on the Vulkan target",
                )
            }
            CastKind::PointerBitcast | CastKind::Bitcast => self.b.bitcast(ty, None, v)?,
            CastKind::IntToSampler => match st.f.exprs[operand].kind {
                ExprKind::IntConst(bits) => self.sampler_value(st, bits),
                _ => return bug(span, "sampler from a non-constant"),
            },
            // Through a 64-bit integer, then narrowed: Vulkan's PhysicalStorageBuffer64
            // addressing allows only 64-bit results (`(uint)&x` was an invalid module, found
            // by the compile fuzz target), and a truncation is what C's conversion does.
            CastKind::PointerToInt => match self.m.types.as_scalar(to) {
                Some(Scalar::Int { width: 64, .. }) | None => self.b.convert_ptr_to_u(ty, None, v)?,
                Some(_) => {
                    let ulong = self.scalar(Scalar::Int {
                        width: 64,
                        signed: false,
                    });
                    let wide = self.b.convert_ptr_to_u(ulong, None, v)?;
                    self.b.u_convert(ty, None, wide)?
                }
            },
            // Only device addresses are integers on Vulkan: a `__local` or private pointer
            // made from an integer (`to_local(p) == 5` converts 5) has no SPIR-V form there.
            CastKind::IntToPointer
                if self.opts.flavor.is_vulkan()
                    && self.pointee_class(to)
                        != Some(rspirv::spirv::StorageClass::PhysicalStorageBuffer) =>
            {
                return super::unsupported(
                    span,
                    "converting an integer to a pointer that is not into a buffer on the Vulkan target",
                )
            }
            CastKind::IntToPointer => {
                let ulong = self.scalar(Scalar::Int {
                    width: 64,
                    signed: false,
                });
                let wide = match self.m.types.as_scalar(from) {
                    Some(Scalar::Int { width: 64, .. }) => v,
                    Some(Scalar::Int { signed: true, .. }) => self.b.s_convert(ulong, None, v)?,
                    _ => self.b.u_convert(ulong, None, v)?,
                };
                self.b.convert_u_to_ptr(ty, None, wide)?
            }
            CastKind::AddressSpace => self.address_space_cast(v, from, to, span)?,
            CastKind::Splat => {
                let Some((_, n)) = self.numeric(to) else {
                    return bug(span, "splat to a non-vector");
                };
                self.build_vector(ty, &vec![v; usize::from(n)])?
            }
            CastKind::ToBool if self.m.types.as_pointer(from).is_some() => {
                self.truthy(st, operand, v)?
            }
            _ => {
                let (Some(f), Some(t)) = (self.numeric(from), self.numeric(to)) else {
                    return bug(span, "numeric cast between non-numeric types");
                };
                self.numeric_cast(kind, v, f, t, span)?
            }
        })
    }

    /// Named ↔ generic pointer conversions (AS-11, AS-12 already checked). SPIR-V converts
    /// the storage class with the pointee unchanged, then bitcasts if the pointee differs.
    fn address_space_cast(
        &mut self,
        v: Word,
        from: Handle<Type>,
        to: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let (Some((fp, Some(fs), _)), Some((tp, Some(ts), _))) =
            (self.m.types.as_pointer(from), self.m.types.as_pointer(to))
        else {
            return bug(span, "address-space cast of non-pointers");
        };
        let pointee = self.pointee_ty(fp, span)?;
        let mid = self.pointer(ts, pointee);
        let converted = match (fs, ts) {
            (f, t) if f == t => v,
            // Flat generic pointers: every space is a device address.
            _ if self.opts.flat_generic && self.opts.flavor.is_vulkan() => {
                let from_ty = self.pointer(fs, pointee);
                if from_ty == mid {
                    v
                } else {
                    self.b.bitcast(mid, None, v)?
                }
            }
            (_, AddressSpace::Generic) => self.b.ptr_cast_to_generic(mid, None, v)?,
            (AddressSpace::Generic, _) => self.b.generic_cast_to_ptr(mid, None, v)?,
            _ => {
                return bug(
                    span,
                    "cast between two named address spaces after validation",
                )
            }
        };
        let target = self.ty(to, span)?;
        if fp == tp || target == mid {
            Ok(converted)
        } else {
            Ok(self.b.bitcast(target, None, converted)?)
        }
    }
}
