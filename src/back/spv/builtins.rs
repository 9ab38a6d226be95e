//! Builtin calls: work-item functions read `Input` built-in variables, synchronisation
//! becomes barrier instructions, math goes to the flavour's extended instruction set.

use super::function::FnState;
use super::{bug, Result, Writer};
use clc_passes::ast::builtin::{IntFn, Math, Sync, WorkItem};
use clc_passes::ast::{Builtin, Expr, ExprKind, Handle, Scalar, Type};
use clc_passes::diag::Span;
use rspirv::dr::Operand;
use rspirv::spirv::{BuiltIn, MemorySemantics, OpenclStd100Op as Cl, Scope, Word};

/// `CLK_*_MEM_FENCE` flags → memory semantics storage bits.
fn fence_semantics(flags: u64) -> MemorySemantics {
    let mut s = MemorySemantics::empty();
    if flags & 1 != 0 {
        s |= MemorySemantics::WORKGROUP_MEMORY;
    }
    if flags & 2 != 0 {
        s |= MemorySemantics::CROSS_WORKGROUP_MEMORY;
    }
    if flags & 4 != 0 {
        s |= MemorySemantics::IMAGE_MEMORY;
    }
    s
}

/// OpenCL `memory_scope` values → SPIR-V scopes.
fn memory_scope(v: u64) -> Scope {
    match v {
        0 => Scope::Invocation,
        2 => Scope::Device,
        3 => Scope::CrossDevice,
        4 => Scope::Subgroup,
        _ => Scope::Workgroup,
    }
}

fn work_item_builtin(w: WorkItem) -> BuiltIn {
    match w {
        WorkItem::WorkDim => BuiltIn::WorkDim,
        WorkItem::GlobalSize => BuiltIn::GlobalSize,
        WorkItem::GlobalId => BuiltIn::GlobalInvocationId,
        WorkItem::LocalSize => BuiltIn::WorkgroupSize,
        WorkItem::EnqueuedLocalSize => BuiltIn::EnqueuedWorkgroupSize,
        WorkItem::LocalId => BuiltIn::LocalInvocationId,
        WorkItem::NumGroups => BuiltIn::NumWorkgroups,
        WorkItem::GroupId => BuiltIn::WorkgroupId,
        WorkItem::GlobalOffset => BuiltIn::GlobalOffset,
        WorkItem::GlobalLinearId => BuiltIn::GlobalLinearId,
        WorkItem::LocalLinearId => BuiltIn::LocalInvocationIndex,
    }
}

impl Writer<'_> {
    fn const_arg(&self, st: &FnState<'_>, args: &[Handle<Expr>], i: usize, span: Span) -> Result<u64> {
        match args.get(i).map(|a| &st.f.exprs[*a].kind) {
            Some(ExprKind::IntConst(v)) => Ok(*v),
            _ => bug(span, "builtin argument was not folded to a constant"),
        }
    }

    pub(super) fn builtin(
        &mut self,
        st: &mut FnState<'_>,
        builtin: Builtin,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let ty = self.ty(result, span)?;
        match builtin {
            Builtin::WorkItem(w) => self.work_item(st, w, args, ty, span),
            Builtin::Sync(s) => {
                let flags = self.const_arg(st, args, 0, span)?;
                let storage = fence_semantics(flags);
                let (scope, order) = match s {
                    Sync::Barrier => (Scope::Workgroup, MemorySemantics::SEQUENTIALLY_CONSISTENT),
                    Sync::BarrierScoped => {
                        (memory_scope(self.const_arg(st, args, 1, span)?), MemorySemantics::SEQUENTIALLY_CONSISTENT)
                    }
                    Sync::MemFence | Sync::ReadMemFence | Sync::WriteMemFence => {
                        (Scope::Workgroup, MemorySemantics::ACQUIRE_RELEASE)
                    }
                };
                let sem = self.u32_const((storage | order).bits());
                let mem = self.u32_const(scope as u32);
                if matches!(s, Sync::Barrier | Sync::BarrierScoped) {
                    let exec = self.u32_const(Scope::Workgroup as u32);
                    self.b.control_barrier(exec, mem, sem)?;
                } else {
                    self.b.memory_barrier(mem, sem)?;
                }
                // The call's value (void) is never used.
                Ok(0)
            }
            Builtin::Math(m) => {
                let op = match m {
                    Math::Sqrt => Cl::sqrt,
                    Math::Rsqrt => Cl::rsqrt,
                    Math::Fabs => Cl::fabs,
                    Math::Floor => Cl::floor,
                    Math::Ceil => Cl::ceil,
                    Math::Fmin => Cl::fmin,
                    Math::Fmax => Cl::fmax,
                    Math::Fma => Cl::fma,
                    Math::Mad => Cl::mad,
                    Math::Exp => Cl::exp,
                    Math::Log => Cl::log,
                    Math::Sin => Cl::sin,
                    Math::Cos => Cl::cos,
                    Math::Pow => Cl::pow,
                };
                self.ext(st, op, args, ty)
            }
            Builtin::Int(i) => {
                let Some(&first) = args.first() else { return bug(span, "integer builtin without arguments") };
                let s = self.m.types.as_scalar(st.f.exprs[first].ty);
                let op = match (i, s) {
                    (IntFn::Min, Some(Scalar::Float { .. })) => Cl::fmin,
                    (IntFn::Max, Some(Scalar::Float { .. })) => Cl::fmax,
                    (IntFn::Min, Some(Scalar::Int { signed: true, .. })) => Cl::s_min,
                    (IntFn::Min, _) => Cl::u_min,
                    (IntFn::Max, Some(Scalar::Int { signed: true, .. })) => Cl::s_max,
                    (IntFn::Max, _) => Cl::u_max,
                    (IntFn::Abs, Some(Scalar::Int { signed: true, .. })) => Cl::s_abs,
                    (IntFn::Abs, _) => Cl::u_abs,
                };
                self.ext(st, op, args, ty)
            }
        }
    }

    fn ext(&mut self, st: &mut FnState<'_>, op: Cl, args: &[Handle<Expr>], ty: Word) -> Result<Word> {
        let mut ops = Vec::new();
        for &a in args {
            ops.push(Operand::IdRef(self.value(st, a)?));
        }
        let set = self.ext;
        Ok(self.b.ext_inst(ty, None, set, op as u32, ops)?)
    }

    fn work_item(&mut self, st: &mut FnState<'_>, w: WorkItem, args: &[Handle<Expr>], ty: Word, span: Span) -> Result<Word> {
        let (var, var_ty) = self.builtin_var(work_item_builtin(w));
        st.used.insert(var);
        let loaded = self.b.load(var_ty, None, var, None, [])?;
        if !w.takes_dim() {
            return Ok(loaded);
        }
        let Some(&dim) = args.first() else { return bug(span, "work-item function without a dimension") };
        if let ExprKind::IntConst(d) = st.f.exprs[dim].kind {
            if d < 3 {
                return Ok(self.b.composite_extract(ty, None, loaded, [d as u32])?);
            }
            return Ok(self.scalar_const(Scalar::Int { width: 64, signed: false }, super::types::ConstScalar::Int(w.out_of_range_value())));
        }
        // A dynamic dimension: out-of-range dimensions return 0 for ids and 1 for sizes.
        let d = self.value(st, dim)?;
        let bool_ty = self.scalar(Scalar::Bool);
        let three = self.u32_const(3);
        let in_range = self.b.u_less_than(bool_ty, None, d, three)?;
        let zero = self.u32_const(0);
        let uint = self.scalar(Scalar::Int { width: 32, signed: false });
        let safe = self.b.select(uint, None, in_range, d, zero)?;
        let v = self.b.vector_extract_dynamic(ty, None, loaded, safe)?;
        let fallback =
            self.scalar_const(Scalar::Int { width: 64, signed: false }, super::types::ConstScalar::Int(w.out_of_range_value()));
        Ok(self.b.select(ty, None, in_range, v, fallback)?)
    }
}
