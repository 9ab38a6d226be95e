//! Builtin calls. Work-item functions read `Input` built-in variables; synchronisation,
//! atomics, relational tests, conversions and async copies become core instructions;
//! everything else is an OpenCL.std extended instruction found by name in rspirv's
//! grammar table, so the backend has no per-function code for them.

use super::flavor::Site;
use super::function::FnState;
use super::numeric::Numeric;
use super::types::ConstScalar;
use super::{bug, Result, Writer};
use clc_passes::ast::builtin::{
    Atomic, C11Atomic, GroupArith, GroupOp, GroupScope, Relational, Rounding, Shuffle, Sync,
    VectorData, WorkItem,
};
use clc_passes::ast::{AddressSpace, Builtin, Expr, ExprKind, Handle, Scalar, Type};
use clc_passes::diag::Span;
use rspirv::dr::Operand;
use rspirv::spirv::{
    BuiltIn, Capability, Decoration, FPRoundingMode, GroupOperation, MemorySemantics,
    OpenclStd100Op as Cl, Scope, Word,
};

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
        WorkItem::SubGroupSize => BuiltIn::SubgroupSize,
        WorkItem::MaxSubGroupSize => BuiltIn::SubgroupMaxSize,
        WorkItem::NumSubGroups => BuiltIn::NumSubgroups,
        WorkItem::EnqueuedNumSubGroups => BuiltIn::NumEnqueuedSubgroups,
        WorkItem::SubGroupId => BuiltIn::SubgroupId,
        WorkItem::SubGroupLocalId => BuiltIn::SubgroupLocalInvocationId,
    }
}

fn rounding_mode(r: Rounding) -> FPRoundingMode {
    match r {
        Rounding::Rte => FPRoundingMode::RTE,
        Rounding::Rtz => FPRoundingMode::RTZ,
        Rounding::Rtp => FPRoundingMode::RTP,
        Rounding::Rtn => FPRoundingMode::RTN,
    }
}

/// The OpenCL.std opcode of an instruction name.
fn ext_opcode(name: &str) -> Option<u32> {
    rspirv::grammar::OPENCL_STD_100_INSTRUCTION_TABLE
        .iter()
        .find(|i| i.opname == name)
        .map(|i| u32::from(i.opcode))
}

pub(super) fn arg(args: &[Handle<Expr>], i: usize, span: Span) -> Result<Handle<Expr>> {
    match args.get(i) {
        Some(a) => Ok(*a),
        None => bug(span, "builtin called with too few arguments"),
    }
}

impl Writer<'_> {
    fn const_arg(
        &self,
        st: &FnState<'_>,
        args: &[Handle<Expr>],
        i: usize,
        span: Span,
    ) -> Result<u64> {
        match args.get(i).map(|a| &st.f.exprs[*a].kind) {
            Some(ExprKind::IntConst(v)) => Ok(*v),
            _ => bug(span, "builtin argument was not folded to a constant"),
        }
    }

    pub(super) fn arg_numeric(&self, st: &FnState<'_>, a: Handle<Expr>) -> Option<Numeric> {
        self.numeric(st.f.exprs[a].ty)
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
            Builtin::Sync(s) => self.sync(st, s, args, span),
            Builtin::Ext(f) => {
                let first = arg(args, 0, span)?;
                let elem = self.arg_numeric(st, first).map(|n| n.0);
                let name = super::flavor::opencl::std_instruction(f.name(), elem);
                if matches!(elem, Some(Scalar::Int { width: 32, .. })) && name.ends_with("_mad_sat")
                {
                    return self.mad_sat_32(st, args, result, span);
                }
                if matches!(elem, Some(Scalar::Int { width: 64, .. })) && name.ends_with("_mad_sat")
                {
                    return self.mad_sat_64(st, args, result, span);
                }
                let Some(op) = ext_opcode(&name) else {
                    return bug(span, format!("no OpenCL.std instruction '{name}'"));
                };
                self.ext_call(st, op, args, result, ty, span)
            }
            Builtin::Dot => {
                let (a, b) = (arg(args, 0, span)?, arg(args, 1, span)?);
                let (av, bv) = (self.value(st, a)?, self.value(st, b)?);
                match self.arg_numeric(st, a) {
                    Some((_, n)) if n > 1 => Ok(self.b.dot(ty, None, av, bv)?),
                    _ => Ok(self.b.f_mul(ty, None, av, bv)?),
                }
            }
            Builtin::Relational(r) => self.relational(st, r, args, result, span),
            Builtin::Convert { saturate, rounding } => {
                self.convert(st, saturate, rounding, args, result, span)
            }
            Builtin::Atomic(a) => self.atomic(st, a, args, ty, span),
            Builtin::VectorData(v) => self.vector_data(st, v, args, ty, span),
            Builtin::AsyncCopy { strided } if self.opts.flavor.is_vulkan() => {
                self.vk_async_copy(st, strided, args, ty, span)
            }
            Builtin::WaitGroupEvents if self.opts.flavor.is_vulkan() => {
                // The copies were done by the work-group's own invocations: make them
                // visible to all of it.
                for &a in args {
                    self.effect(st, a)?;
                }
                let scope = self.u32_const(Scope::Workgroup as u32);
                let storage = MemorySemantics::WORKGROUP_MEMORY | MemorySemantics::UNIFORM_MEMORY;
                let sem = self
                    .opts
                    .flavor
                    .semantics(MemorySemantics::ACQUIRE_RELEASE, storage);
                let sem = self.u32_const(sem.bits());
                self.b.control_barrier(scope, scope, sem)?;
                Ok(0)
            }
            // A hint with no Vulkan counterpart: its arguments are still evaluated.
            Builtin::Prefetch if self.opts.flavor.is_vulkan() => {
                for &a in args {
                    self.effect(st, a)?;
                }
                Ok(0)
            }
            Builtin::AsyncCopy { strided } => {
                let dst = self.value(st, arg(args, 0, span)?)?;
                let src = self.value(st, arg(args, 1, span)?)?;
                let num = self.value(st, arg(args, 2, span)?)?;
                let (stride, event) = if strided {
                    (
                        self.value(st, arg(args, 3, span)?)?,
                        self.value(st, arg(args, 4, span)?)?,
                    )
                } else {
                    (self.u64_const(1), self.value(st, arg(args, 3, span)?)?)
                };
                let scope = self.u32_const(Scope::Workgroup as u32);
                Ok(self
                    .b
                    .group_async_copy(ty, None, scope, dst, src, num, stride, event)?)
            }
            Builtin::WaitGroupEvents => {
                let n = self.value(st, arg(args, 0, span)?)?;
                let list = self.value(st, arg(args, 1, span)?)?;
                let scope = self.u32_const(Scope::Workgroup as u32);
                self.b.group_wait_events(scope, n, list)?;
                Ok(0)
            }
            Builtin::Prefetch => self.ext_call(st, Cl::prefetch as u32, args, result, ty, span),
            Builtin::C11Atomic(a) => self.c11_atomic(st, a, args, result, span),
            Builtin::Image(f) => self.image_builtin(st, f, args, result, span),
            Builtin::Group(scope, op) => self.group(st, scope, op, args, result, span),
            Builtin::ToSpace(space) if self.opts.flat_generic => {
                let p = arg(args, 0, span)?;
                let v = self.value(st, p)?;
                let (a, local, private) = self.flat_space_of(st, v)?;
                let bool1 = self.bool_ty_n(1);
                let inside = match space {
                    AddressSpace::Local => local,
                    AddressSpace::Private => private,
                    _ => {
                        let either = self.b.logical_or(bool1, None, local, private)?;
                        self.b.logical_not(bool1, None, either)?
                    }
                };
                let ulong = self.scalar(Scalar::Int {
                    width: 64,
                    signed: false,
                });
                let zero = self.u64_const(0);
                let a = self.b.select(ulong, None, inside, a, zero)?;
                Ok(self.b.convert_u_to_ptr(ty, None, a)?)
            }
            Builtin::GetFence if self.opts.flat_generic => {
                let p = arg(args, 0, span)?;
                let v = self.value(st, p)?;
                let (_, local, private) = self.flat_space_of(st, v)?;
                let uint = self.scalar(Scalar::Int {
                    width: 32,
                    signed: false,
                });
                // CLK_LOCAL_MEM_FENCE, none for private memory, else CLK_GLOBAL_MEM_FENCE.
                let [one, two, zero] = [1, 2, 0].map(|c| self.u32_const(c));
                let f = self.b.select(uint, None, private, zero, two)?;
                let f = self.b.select(uint, None, local, one, f)?;
                Ok(if ty == uint {
                    f
                } else {
                    self.b.u_convert(ty, None, f)?
                })
            }
            Builtin::ToSpace(space) => {
                // OpGenericCastToPtrExplicit yields null outside the space. (Intel's CPU
                // runtime treats it as a plain cast and has no get_fence to decide it by.)
                // The cast is always of a `uchar` pointer, bitcast from and to the real types,
                // as clang does: Intel's CPU runtime turns each cast into a call of one
                // `__to_global` (`__to_local`, `__to_private`) declared with the pointee type,
                // and a second pointee type in a module makes a second declaration,
                // `__to_global.1`, which it cannot resolve (found by clc-smith).
                let p = arg(args, 0, span)?;
                let from_ty = st.f.exprs[p].ty;
                let from = self.m.types.as_pointer(from_ty).and_then(|t| t.1);
                let v = self.value(st, p)?;
                match from {
                    // A named pointer (clang accepts `to_global(&private_var)`, converting
                    // it to generic first): its space is known here.
                    Some(named) if named != AddressSpace::Generic => Ok(if named != space {
                        self.null(ty)
                    } else if self.ty(from_ty, span)? == ty {
                        v
                    } else {
                        self.b.bitcast(ty, None, v)?
                    }),
                    _ => {
                        let sc = self.storage_class(space, super::flavor::Site::Pointee);
                        let uchar = self.scalar(Scalar::Int {
                            width: 8,
                            signed: false,
                        });
                        let generic_bytes =
                            self.pointer_sc(rspirv::spirv::StorageClass::Generic, uchar);
                        let bytes = self.pointer_sc(sc, uchar);
                        let v = self.b.bitcast(generic_bytes, None, v)?;
                        let cast = self.b.generic_cast_to_ptr_explicit(bytes, None, v, sc)?;
                        Ok(if ty == bytes {
                            cast
                        } else {
                            self.b.bitcast(ty, None, cast)?
                        })
                    }
                }
            }
            Builtin::GetFence => {
                let p = arg(args, 0, span)?;
                let v = self.value(st, p)?;
                let uint = self.scalar(Scalar::Int {
                    width: 32,
                    signed: false,
                });
                let sem = self.b.generic_ptr_mem_semantics(uint, None, v)?;
                // WorkgroupMemory (bit 8) → CLK_LOCAL_MEM_FENCE, CrossWorkgroupMemory (bit 9)
                // → CLK_GLOBAL_MEM_FENCE.
                let eight = self.u32_const(8);
                let three = self.u32_const(3);
                let shifted = self.b.shift_right_logical(uint, None, sem, eight)?;
                let flags = self.b.bitwise_and(uint, None, shifted, three)?;
                Ok(if ty == uint {
                    flags
                } else {
                    self.b.u_convert(ty, None, flags)?
                })
            }
            Builtin::Printf => {
                if self.opts.flavor.is_vulkan() {
                    return self.vulkan_printf(st, args, ty, span);
                }
                // Arguments arrive with C's default promotions applied by clang.
                let mut ops = Vec::new();
                for &a in args {
                    ops.push(Operand::IdRef(self.value(st, a)?));
                }
                let set = self.ext;
                Ok(self.b.ext_inst(ty, None, set, Cl::printf as u32, ops)?)
            }
        }
    }

    /// `mad_sat` on 32-bit integers, computed exactly in 64 bits and clamped (Intel's CPU
    /// runtime wraps the product of `s_mad_sat`/`u_mad_sat` on 32-bit values).
    fn mad_sat_32(
        &mut self,
        st: &mut FnState<'_>,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let Some(num @ (Scalar::Int { signed, .. }, n)) = self.numeric(result) else {
            return bug(span, "mad_sat of a non-integer");
        };
        let wide = (Scalar::Int { width: 64, signed }, n);
        let wt = self.numeric_ty(wide);
        let mut v = Vec::new();
        for i in 0..3 {
            let e = arg(args, i, span)?;
            let x = self.value(st, e)?;
            v.push(if signed {
                self.b.s_convert(wt, None, x)?
            } else {
                self.b.u_convert(wt, None, x)?
            });
        }
        let p = self.b.i_mul(wt, None, v[0], v[1])?;
        let sum = self.b.i_add(wt, None, p, v[2])?;
        let (lo, hi) = if signed {
            ((i32::MIN as i64) as u64, i32::MAX as u64)
        } else {
            (0, u64::from(u32::MAX))
        };
        let (lo, hi) = (
            self.const_n(wide, ConstScalar::Int(lo)),
            self.const_n(wide, ConstScalar::Int(hi)),
        );
        let op = if signed { Cl::s_clamp } else { Cl::u_clamp };
        let clamped = self.std_inst(
            wt,
            op as u32,
            [Operand::IdRef(sum), Operand::IdRef(lo), Operand::IdRef(hi)],
            Some(span),
        )?;
        // The unsigned product of two 32-bit values fits in 64 bits, the sum may wrap once.
        let clamped = if signed {
            clamped
        } else {
            let bt = self.bool_ty_n(n);
            let wrapped = self.b.u_less_than(bt, None, sum, p)?;
            self.b.select(wt, None, wrapped, hi, clamped)?
        };
        let ty = self.numeric_ty(num);
        Ok(self.b.u_convert(ty, None, clamped)?)
    }

    /// `mad_sat` on 64-bit integers with a 128-bit intermediate (`mul_hi` gives the high
    /// half of the product; Intel's CPU runtime saturates `s_mad_sat` on longs wrongly).
    fn mad_sat_64(
        &mut self,
        st: &mut FnState<'_>,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let Some(num @ (Scalar::Int { signed, .. }, n)) = self.numeric(result) else {
            return bug(span, "mad_sat of a non-integer");
        };
        let ty = self.numeric_ty(num);
        let bt = self.bool_ty_n(n);
        let mut v = Vec::new();
        for i in 0..3 {
            let e = arg(args, i, span)?;
            v.push(self.value(st, e)?);
        }
        let (a, b, c) = (v[0], v[1], v[2]);
        let mul_hi = if signed { Cl::s_mul_hi } else { Cl::u_mul_hi };
        let hi = self.std_inst(
            ty,
            mul_hi as u32,
            [Operand::IdRef(a), Operand::IdRef(b)],
            Some(span),
        )?;
        let lo = self.b.i_mul(ty, None, a, b)?;
        let lo2 = self.b.i_add(ty, None, lo, c)?;
        let carried = self.b.u_less_than(bt, None, lo2, lo)?;
        let one = self.const_n(num, ConstScalar::Int(1));
        let zero = self.const_n(num, ConstScalar::Int(0));
        let carry = self.b.select(ty, None, carried, one, zero)?;
        let max = self.const_n(
            num,
            ConstScalar::Int(if signed { i64::MAX as u64 } else { u64::MAX }),
        );
        if !signed {
            let hi2 = self.b.i_add(ty, None, hi, carry)?;
            let fits = self.b.i_equal(bt, None, hi2, zero)?;
            return Ok(self.b.select(ty, None, fits, lo2, max)?);
        }
        // Signed: add c's sign extension to the high half; the sum fits when the high half
        // is the sign extension of the low half.
        let sixty_three = self.const_n(num, ConstScalar::Int(63));
        let c_hi = self.b.shift_right_arithmetic(ty, None, c, sixty_three)?;
        let hi2 = self.b.i_add(ty, None, hi, c_hi)?;
        let hi2 = self.b.i_add(ty, None, hi2, carry)?;
        let sign_of_lo = self.b.shift_right_arithmetic(ty, None, lo2, sixty_three)?;
        let fits = self.b.i_equal(bt, None, hi2, sign_of_lo)?;
        let negative = self.b.s_less_than(bt, None, hi2, zero)?;
        let min = self.const_n(num, ConstScalar::Int(i64::MIN as u64));
        let bound = self.b.select(ty, None, negative, min, max)?;
        Ok(self.b.select(ty, None, fits, lo2, bound)?)
    }

    /// An OpenCL.std instruction; numeric scalar arguments of a vector-valued call are
    /// replicated (`fmax(float4, float)`, `ldexp(float4, int)`, `step(float, float4)`).
    fn ext_call(
        &mut self,
        st: &mut FnState<'_>,
        op: u32,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        ty: Word,
        span: Span,
    ) -> Result<Word> {
        let n = self.numeric(result).map_or(1, |n| n.1);
        let mut ops = Vec::new();
        for &a in args {
            let v = self.value(st, a)?;
            let v = match self.arg_numeric(st, a) {
                Some((s, 1)) if n > 1 => {
                    let vt = self.numeric_ty((s, n));
                    self.build_vector(vt, &vec![v; usize::from(n)])?
                }
                _ => v,
            };
            ops.push(Operand::IdRef(v));
        }
        Ok(self.std_inst(ty, op, ops, Some(span))?)
    }

    fn sync(
        &mut self,
        st: &mut FnState<'_>,
        s: Sync,
        args: &[Handle<Expr>],
        span: Span,
    ) -> Result<Word> {
        let flags = self.const_arg(st, args, 0, span)?;
        let storage = self.fence_storage(fence_semantics(flags));
        let sc = MemorySemantics::SEQUENTIALLY_CONSISTENT;
        let (scope, order) = match s {
            Sync::Barrier => (Scope::Workgroup, sc),
            Sync::BarrierScoped => (memory_scope(self.const_arg(st, args, 1, span)?), sc),
            Sync::SubGroupBarrier if args.len() == 2 => {
                (memory_scope(self.const_arg(st, args, 1, span)?), sc)
            }
            Sync::SubGroupBarrier => (Scope::Subgroup, sc),
            Sync::MemFence | Sync::ReadMemFence | Sync::WriteMemFence => {
                (Scope::Workgroup, MemorySemantics::ACQUIRE_RELEASE)
            }
        };
        let sem = self.u32_const(self.opts.flavor.semantics(order, storage).bits());
        let mem = self.u32_const(scope as u32);
        if matches!(
            s,
            Sync::Barrier | Sync::BarrierScoped | Sync::SubGroupBarrier
        ) {
            let exec = self.u32_const(if s == Sync::SubGroupBarrier {
                Scope::Subgroup
            } else {
                Scope::Workgroup
            } as u32);
            self.b.control_barrier(exec, mem, sem)?;
        } else {
            self.b.memory_barrier(mem, sem)?;
        }
        // The call's value (void) is never used.
        Ok(0)
    }

    fn relational(
        &mut self,
        st: &mut FnState<'_>,
        r: Relational,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let a = arg(args, 0, span)?;
        let Some(num @ (s, n)) = self.arg_numeric(st, a) else {
            return bug(span, "relational builtin on a non-numeric value");
        };
        let av = self.value(st, a)?;
        let bt = self.bool_ty_n(n);
        let b = if let Relational::Any | Relational::All = r {
            // The sign bit of each (integer) component.
            let signed = match s {
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
            let neg = self.b.s_less_than(bt, None, av, zero)?;
            if n == 1 {
                neg
            } else {
                let b1 = self.bool_ty_n(1);
                if r == Relational::Any {
                    self.b.any(b1, None, neg)?
                } else {
                    self.b.all(b1, None, neg)?
                }
            }
        } else {
            let second = match args.get(1) {
                Some(&b) => Some(self.value(st, b)?),
                None => None,
            };
            if let Some(v) = self.vk_relational(r, num, av, second)? {
                return self.bool_to(result, v, span);
            }
            let bb = &mut self.b;
            match (r, second) {
                (Relational::IsFinite, _) => bb.is_finite(bt, None, av)?,
                (Relational::IsInf, _) => bb.is_inf(bt, None, av)?,
                (Relational::IsNan, _) => bb.is_nan(bt, None, av)?,
                (Relational::IsNormal, _) => bb.is_normal(bt, None, av)?,
                (Relational::SignBit, _) => bb.sign_bit_set(bt, None, av)?,
                (Relational::IsEqual, Some(b)) => bb.f_ord_equal(bt, None, av, b)?,
                (Relational::IsNotEqual, Some(b)) => bb.f_unord_not_equal(bt, None, av, b)?,
                (Relational::IsGreater, Some(b)) => bb.f_ord_greater_than(bt, None, av, b)?,
                (Relational::IsGreaterEqual, Some(b)) => {
                    bb.f_ord_greater_than_equal(bt, None, av, b)?
                }
                (Relational::IsLess, Some(b)) => bb.f_ord_less_than(bt, None, av, b)?,
                (Relational::IsLessEqual, Some(b)) => bb.f_ord_less_than_equal(bt, None, av, b)?,
                (Relational::IsLessGreater, Some(b)) => bb.f_ord_not_equal(bt, None, av, b)?,
                (Relational::IsOrdered, Some(b)) => bb.ordered(bt, None, av, b)?,
                (Relational::IsUnordered, Some(b)) => bb.unordered(bt, None, av, b)?,
                _ => return bug(span, "relational builtin with the wrong arguments"),
            }
        };
        self.bool_to(result, b, span)
    }

    /// `convert_T[_sat][_rounding]`.
    fn convert(
        &mut self,
        st: &mut FnState<'_>,
        saturate: bool,
        rounding: Option<Rounding>,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let a = arg(args, 0, span)?;
        let (Some((f, n)), Some((t, _))) = (self.arg_numeric(st, a), self.numeric(result)) else {
            return bug(span, "conversion of non-numeric values");
        };
        let v = self.value(st, a)?;
        let ty = self.numeric_ty((t, n));
        let id = match (f, t) {
            (Scalar::Float { .. }, Scalar::Int { .. }) => {
                // Round explicitly, then truncate: the conversion itself rounds toward zero.
                let rounded = match rounding {
                    Some(Rounding::Rte) => Some(Cl::rint),
                    Some(Rounding::Rtp) => Some(Cl::ceil),
                    Some(Rounding::Rtn) => Some(Cl::floor),
                    Some(Rounding::Rtz) | None => None,
                };
                let v = match rounded {
                    Some(op) => {
                        let ft = self.numeric_ty((f, n));
                        self.std_inst(ft, op as u32, [Operand::IdRef(v)], Some(span))?
                    }
                    None => v,
                };
                if saturate {
                    self.saturate_float_to_int(v, (f, n), (t, n), span)?
                } else {
                    self.float_to_int(v, (f, n), (t, n), span)?
                }
            }
            (
                Scalar::Int {
                    signed: fs,
                    width: fw,
                },
                Scalar::Int { width: tw, .. },
            ) => {
                // Saturation is a clamp in the source type, then an ordinary conversion
                // (drivers disagree on the SaturatedConversion decoration).
                let v = if saturate {
                    self.clamp_to_range(v, (f, n), t)?
                } else {
                    v
                };
                if fw == tw {
                    v
                } else if fs && tw > fw {
                    self.b.s_convert(ty, None, v)?
                } else {
                    self.b.u_convert(ty, None, v)?
                }
            }
            (Scalar::Int { signed, .. }, Scalar::Float { .. }) => {
                let id = if signed {
                    self.b.convert_s_to_f(ty, None, v)?
                } else {
                    self.b.convert_u_to_f(ty, None, v)?
                };
                if let Some(r) = rounding {
                    if self.opts.flavor.is_vulkan() {
                        return self.vk_directed(v, f, id, (t, n), r);
                    }
                    self.b.decorate(
                        id,
                        Decoration::FPRoundingMode,
                        [Operand::FPRoundingMode(rounding_mode(r))],
                    );
                }
                id
            }
            (Scalar::Float { width: fw }, Scalar::Float { width: tw }) => {
                if fw == tw {
                    v
                } else if fw == 64
                    && tw == 16
                    && rounding.is_none_or(|r| r == Rounding::Rte)
                    && self.opts.flavor.is_vulkan()
                {
                    self.vk_double_to_half(v, n)?
                } else {
                    let id = self.float_convert(ty, v, f, (t, n))?;
                    if let Some(r) = rounding.filter(|_| tw < fw) {
                        if self.opts.flavor.is_vulkan() {
                            return self.vk_directed(v, f, id, (t, n), r);
                        }
                        self.b.decorate(
                            id,
                            Decoration::FPRoundingMode,
                            [Operand::FPRoundingMode(rounding_mode(r))],
                        );
                    }
                    id
                }
            }
            _ => return bug(span, "conversion between these types"),
        };
        Ok(id)
    }

    /// Clamps integer `v` of kind `from` to the range of the integer kind `to`.
    fn clamp_to_range(&mut self, v: Word, from: Numeric, to: Scalar) -> Result<Word> {
        let (
            Scalar::Int {
                width: fw,
                signed: fs,
            },
            Scalar::Int {
                width: tw,
                signed: ts,
            },
        ) = (from.0, to)
        else {
            return Ok(v);
        };
        let range = |w: u8, s: bool| -> (i128, i128) {
            if s {
                (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1)
            } else {
                (0, (1i128 << w) - 1)
            }
        };
        let ((flo, fhi), (tlo, thi)) = (range(fw, fs), range(tw, ts));
        if tlo <= flo && fhi <= thi {
            return Ok(v);
        }
        let (lo, hi) = (tlo.max(flo), thi.min(fhi));
        let lo = self.const_n(from, ConstScalar::Int(lo as u64));
        let hi = self.const_n(from, ConstScalar::Int(hi as u64));
        let op = if fs { Cl::s_clamp } else { Cl::u_clamp };
        let ty = self.numeric_ty(from);
        Ok(self.std_inst(
            ty,
            op as u32,
            [Operand::IdRef(v), Operand::IdRef(lo), Operand::IdRef(hi)],
            None,
        )?)
    }

    fn atomic(
        &mut self,
        st: &mut FnState<'_>,
        a: Atomic,
        args: &[Handle<Expr>],
        ty: Word,
        span: Span,
    ) -> Result<Word> {
        let p = arg(args, 0, span)?;
        let Some((pointee, space, _)) = self.m.types.as_pointer(st.f.exprs[p].ty) else {
            return bug(span, "atomic on a non-pointer");
        };
        let elem = self.m.types.as_scalar(pointee);
        if matches!(elem, Some(Scalar::Int { width: 64, .. })) {
            self.capabilities.insert(Capability::Int64Atomics);
        }
        let ptr = self.value(st, p)?;
        let scope = self.u32_const(if space == Some(AddressSpace::Local) {
            Scope::Workgroup
        } else {
            Scope::Device
        } as u32);
        let sem = self.u32_const(0);
        let signed = matches!(elem, Some(Scalar::Int { signed: true, .. }));
        let operand = |w: &mut Self, st: &mut FnState<'_>, i| -> Result<Word> {
            let e = arg(args, i, span)?;
            w.value(st, e)
        };
        let b = &mut self.b;
        Ok(match a {
            Atomic::Inc => b.atomic_i_increment(ty, None, ptr, scope, sem)?,
            Atomic::Dec => b.atomic_i_decrement(ty, None, ptr, scope, sem)?,
            Atomic::CmpXchg => {
                let cmp = operand(self, st, 1)?;
                let val = operand(self, st, 2)?;
                self.b
                    .atomic_compare_exchange(ty, None, ptr, scope, sem, sem, val, cmp)?
            }
            _ => {
                let v = operand(self, st, 1)?;
                let b = &mut self.b;
                match a {
                    Atomic::Add => b.atomic_i_add(ty, None, ptr, scope, sem, v)?,
                    Atomic::Sub => b.atomic_i_sub(ty, None, ptr, scope, sem, v)?,
                    Atomic::Xchg => b.atomic_exchange(ty, None, ptr, scope, sem, v)?,
                    Atomic::Min if signed => b.atomic_s_min(ty, None, ptr, scope, sem, v)?,
                    Atomic::Min => b.atomic_u_min(ty, None, ptr, scope, sem, v)?,
                    Atomic::Max if signed => b.atomic_s_max(ty, None, ptr, scope, sem, v)?,
                    Atomic::Max => b.atomic_u_max(ty, None, ptr, scope, sem, v)?,
                    Atomic::And => b.atomic_and(ty, None, ptr, scope, sem, v)?,
                    Atomic::Or => b.atomic_or(ty, None, ptr, scope, sem, v)?,
                    Atomic::Xor => b.atomic_xor(ty, None, ptr, scope, sem, v)?,
                    Atomic::Inc | Atomic::Dec | Atomic::CmpXchg => return bug(span, "atomic form"),
                }
            }
        })
    }

    /// The pointer operand of an atomic: a pointer converted to generic only for the call
    /// is used in its named space (drivers compile atomics on named pointers best; Intel's
    /// CPU runtime cannot build them on generic ones).
    fn atomic_pointer(
        &mut self,
        st: &mut FnState<'_>,
        p: Handle<Expr>,
    ) -> Result<(Word, AddressSpace, Handle<Type>)> {
        let mut e = p;
        while let ExprKind::Cast {
            kind: clc_passes::ast::CastKind::AddressSpace,
            operand,
            ..
        } = st.f.exprs[e].kind
        {
            e = operand;
        }
        let Some((pointee, space, _)) = self.m.types.as_pointer(st.f.exprs[e].ty) else {
            return bug(st.f.exprs[p].span, "atomic on a non-pointer");
        };
        if matches!(
            self.m.types.as_scalar(pointee),
            Some(Scalar::Int { width: 64, .. })
        ) {
            self.capabilities.insert(Capability::Int64Atomics);
        }
        let space = super::named(space, st.f.exprs[e].span)?;
        Ok((self.value(st, e)?, space, pointee))
    }

    /// OpenCL C 2.0 atomics: memory order and scope default to `seq_cst` and `device`.
    fn c11_atomic(
        &mut self,
        st: &mut FnState<'_>,
        a: C11Atomic,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let order = |w: &Self, st: &FnState<'_>, i: usize| -> Result<u64> {
            if args.len() > i {
                w.const_arg(st, args, i, span)
            } else {
                Ok(5)
            }
        };
        let flavor = self.opts.flavor;
        let flat = self.opts.flat_generic;
        let sem_of = |order: u64, space: AddressSpace| -> MemorySemantics {
            let o = match order {
                0 => MemorySemantics::empty(),
                1 | 2 => MemorySemantics::ACQUIRE,
                3 => MemorySemantics::RELEASE,
                4 => MemorySemantics::ACQUIRE_RELEASE,
                _ => MemorySemantics::SEQUENTIALLY_CONSISTENT,
            };
            flavor.semantics(o, super::storage_semantics(flavor, flat, space))
        };
        if a == C11Atomic::WorkItemFence {
            let flags = self.const_arg(st, args, 0, span)?;
            let o = order(self, st, 1)?;
            let scope = memory_scope(if args.len() > 2 {
                self.const_arg(st, args, 2, span)?
            } else {
                2
            });
            // A fence names no object: generic storage, narrowed below to its flags.
            let sem = sem_of(o, AddressSpace::Generic)
                & !(MemorySemantics::WORKGROUP_MEMORY
                    | MemorySemantics::CROSS_WORKGROUP_MEMORY
                    | MemorySemantics::UNIFORM_MEMORY);
            let storage = self.fence_storage(fence_semantics(flags));
            let sem = self.u32_const((sem | storage).bits());
            let mem = self.u32_const(scope as u32);
            self.b.memory_barrier(mem, sem)?;
            return Ok(0);
        }
        let (ptr, space, pointee) = self.atomic_pointer(st, arg(args, 0, span)?)?;
        let signed = matches!(
            self.m.types.as_scalar(pointee),
            Some(Scalar::Int { signed: true, .. })
        );
        let vt = self.ty(pointee, span)?;
        // Operands before the order: (obj, value) for most, (obj, expected, desired) for CAS.
        let (n_ops, order_at) = match a {
            C11Atomic::Load | C11Atomic::FlagTestAndSet | C11Atomic::FlagClear => (1, 1),
            C11Atomic::CompareExchange => (3, 3),
            _ => (2, 2),
        };
        let o = order(self, st, order_at)?;
        let scope_at = if a == C11Atomic::CompareExchange {
            order_at + 2
        } else {
            order_at + 1
        };
        let scope = memory_scope(if args.len() > scope_at {
            self.const_arg(st, args, scope_at, span)?
        } else {
            2
        });
        let scope = self.u32_const(scope as u32);
        let mut semantics = sem_of(o, space);
        if self.opts.flavor.is_vulkan() {
            match a {
                C11Atomic::Store | C11Atomic::FlagClear | C11Atomic::Init => {
                    semantics = super::flavor::vulkan::one_way(semantics, true)
                }
                C11Atomic::Load => semantics = super::flavor::vulkan::one_way(semantics, false),
                _ => {}
            }
        }
        let sem = self.u32_const(semantics.bits());
        let mut ops = Vec::new();
        for i in 1..n_ops {
            let e = arg(args, i, span)?;
            ops.push(self.value(st, e)?);
        }
        let b = &mut self.b;
        Ok(match a {
            C11Atomic::Init => {
                let sc = self.storage_class(space, Site::Pointee);
                self.store_to(ptr, ops[0], sc, pointee)?;
                0
            }
            C11Atomic::Store => {
                b.atomic_store(ptr, scope, sem, ops[0])?;
                0
            }
            C11Atomic::Load => b.atomic_load(vt, None, ptr, scope, sem)?,
            C11Atomic::Exchange => b.atomic_exchange(vt, None, ptr, scope, sem, ops[0])?,
            C11Atomic::CompareExchange => {
                let failure = order(self, st, order_at + 1)?;
                let mut unequal = sem_of(failure, space);
                if self.opts.flavor.is_vulkan() {
                    // The failure ordering is a load's.
                    unequal = super::flavor::vulkan::one_way(unequal, false);
                }
                let neq = self.u32_const(unequal.bits());
                let expected_ptr = ops[0];
                // `expected` points into the private (or another) space.
                let (expected_ast, expected_space) =
                    match self.m.types.as_pointer(st.f.exprs[arg(args, 1, span)?].ty) {
                        Some((t, s, _)) => (t, super::named(s, span)?),
                        None => return bug(span, "atomic_compare_exchange without a pointer"),
                    };
                let expected_sc = self.storage_class(expected_space, Site::Pointee);
                let expected = self.load_from(vt, expected_ptr, expected_sc, expected_ast)?;
                let old = self
                    .b
                    .atomic_compare_exchange(vt, None, ptr, scope, sem, neq, ops[1], expected)?;
                // On failure *expected receives the current value; on success it already holds it.
                self.store_to(expected_ptr, old, expected_sc, expected_ast)?;
                let bt = self.bool_ty_n(1);
                let ok = self.b.i_equal(bt, None, old, expected)?;
                return self.bool_to(result, ok, span);
            }
            C11Atomic::Fetch(op) => match op {
                Atomic::Add => b.atomic_i_add(vt, None, ptr, scope, sem, ops[0])?,
                Atomic::Sub => b.atomic_i_sub(vt, None, ptr, scope, sem, ops[0])?,
                Atomic::Or => b.atomic_or(vt, None, ptr, scope, sem, ops[0])?,
                Atomic::Xor => b.atomic_xor(vt, None, ptr, scope, sem, ops[0])?,
                Atomic::And => b.atomic_and(vt, None, ptr, scope, sem, ops[0])?,
                Atomic::Min if signed => b.atomic_s_min(vt, None, ptr, scope, sem, ops[0])?,
                Atomic::Min => b.atomic_u_min(vt, None, ptr, scope, sem, ops[0])?,
                Atomic::Max if signed => b.atomic_s_max(vt, None, ptr, scope, sem, ops[0])?,
                Atomic::Max => b.atomic_u_max(vt, None, ptr, scope, sem, ops[0])?,
                _ => return bug(span, "atomic_fetch form"),
            },
            // Vulkan has no flag instructions: an exchange of the (int) flag.
            C11Atomic::FlagTestAndSet if self.opts.flavor.is_vulkan() => {
                let one = self.u32_const(1);
                let zero = self.u32_const(0);
                let old = self.b.atomic_exchange(vt, None, ptr, scope, sem, one)?;
                let bt = self.bool_ty_n(1);
                let r = self.b.i_not_equal(bt, None, old, zero)?;
                return self.bool_to(result, r, span);
            }
            C11Atomic::FlagClear if self.opts.flavor.is_vulkan() => {
                let zero = self.u32_const(0);
                self.b.atomic_store(ptr, scope, sem, zero)?;
                0
            }
            C11Atomic::FlagTestAndSet => {
                let bt = self.bool_ty_n(1);
                let r = self.b.atomic_flag_test_and_set(bt, None, ptr, scope, sem)?;
                return self.bool_to(result, r, span);
            }
            C11Atomic::FlagClear => {
                b.atomic_flag_clear(ptr, scope, sem)?;
                0
            }
            C11Atomic::WorkItemFence => return bug(span, "fence handled above"),
        })
    }

    /// `async_work_group_(strided_)copy` on Vulkan, where there is no copy engine: the
    /// work-group's invocations copy the elements between them, each taking every
    /// (local size)-th element from its local linear id. The event is 0; the copy is complete
    /// once `wait_group_events`' barrier has run.
    fn vk_async_copy(
        &mut self,
        st: &mut FnState<'_>,
        strided: bool,
        args: &[Handle<Expr>],
        event_ty: Word,
        span: Span,
    ) -> Result<Word> {
        let (dst_e, src_e, num_e) = (
            arg(args, 0, span)?,
            arg(args, 1, span)?,
            arg(args, 2, span)?,
        );
        let Some((elem, dst_space, _)) = self.m.types.as_pointer(st.f.exprs[dst_e].ty) else {
            return bug(span, "async copy to a non-pointer");
        };
        let Some((_, src_space, _)) = self.m.types.as_pointer(st.f.exprs[src_e].ty) else {
            return bug(span, "async copy from a non-pointer");
        };
        let dst_space = super::named(dst_space, span)?;
        let src_space = super::named(src_space, span)?;
        let dst = self.stepped(st, dst_e)?;
        let src = self.stepped(st, src_e)?;
        let num = self.index64(st, num_e)?;
        let stride = if strided {
            let e = arg(args, 3, span)?;
            self.index64(st, e)?
        } else {
            self.u64_const(1)
        };
        let event = arg(args, if strided { 4 } else { 3 }, span)?;
        self.effect(st, event)?;
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        // The local linear id and the number of work-items in this (maybe partial) group.
        let mut used = std::mem::take(&mut st.used);
        let geometry = self.vk_group_geometry(&mut used, span);
        st.used = used;
        let (linear, total, _) = geometry?;

        let et = self.ty(elem, span)?;
        let dst_sc = self.storage_class(dst_space, Site::Pointee);
        let src_sc = self.storage_class(src_space, Site::Pointee);
        let dst_ptr = self.pointer_sc(dst_sc, et);
        let src_ptr = self.pointer_sc(src_sc, et);
        // for (i = linear; i < num; i += total)
        self.ulong_loop(
            st,
            (linear, num),
            span,
            |w, st, i| {
                // The strided side is the global one.
                let far = w.b.i_mul(ulong, None, i, stride)?;
                let (di, si) = if dst_space == AddressSpace::Local {
                    (i, far)
                } else {
                    (far, i)
                };
                let from = w.copy_element(st, src_e, src_ptr, &src, si)?;
                let v = w.load_from(et, from, src_sc, elem)?;
                let to = w.copy_element(st, dst_e, dst_ptr, &dst, di)?;
                w.store_to(to, v, dst_sc, elem)
            },
            |w, i| Ok(w.b.i_add(ulong, None, i, total)?),
        )?;
        Ok(self.null(event_ty))
    }

    /// A pointer argument a builtin steps: a `__local` pointer kept as an object and an
    /// index (`local_index`), else its value.
    fn stepped(&mut self, st: &mut FnState<'_>, e: Handle<Expr>) -> Result<Stepped> {
        if let Some(r) = self.local_root(st, e) {
            let flat = self.local_flat(st, e)?;
            return Ok(Stepped::Local(r, flat));
        }
        Ok(Stepped::Value(self.value(st, e)?))
    }

    /// Element `i` (a 64-bit integer) of what pointer argument `e` (evaluated as `p`) points
    /// at: an access chain of the `__local` object or the work-group array when the pointer
    /// is kept as an index or is a kernel's `__local` argument (no variable pointer), else
    /// `p + i`.
    fn copy_element(
        &mut self,
        st: &mut FnState<'_>,
        e: Handle<Expr>,
        ptr_ty: Word,
        p: &Stepped,
        i: Word,
    ) -> Result<Word> {
        let span = st.f.exprs[e].span;
        let p = match *p {
            Stepped::Local(r, flat) => {
                let Some((pointee, _, _)) = self.m.types.as_pointer(st.f.exprs[e].ty) else {
                    return bug(span, "a __local index of a non-pointer");
                };
                let flat = self.local_offset(st, e, flat, i, span)?;
                return Ok(self.local_chain(st, r, flat, pointee, span)?.0);
            }
            Stepped::Value(p) => p,
        };
        if let ExprKind::Load(x) = st.f.exprs[e].kind {
            if let ExprKind::Local(l) = st.f.exprs[x].kind {
                if let Some(&(var, _, _)) = st.local_arrays.get(&l) {
                    return Ok(self.b.access_chain(ptr_ty, None, var, [i])?);
                }
            }
        }
        self.ptr_chain(ptr_ty, p, i, true)
    }

    fn vector_data(
        &mut self,
        st: &mut FnState<'_>,
        v: VectorData,
        args: &[Handle<Expr>],
        ty: Word,
        span: Span,
    ) -> Result<Word> {
        if self.opts.flavor.is_vulkan() {
            return self.vk_vector_data(st, v, args, ty, span);
        }
        let mut ops = Vec::new();
        for &a in args {
            ops.push(Operand::IdRef(self.value(st, a)?));
        }
        let (name, extra): (&str, Vec<Operand>) = match v {
            VectorData::Load { n, half: false, .. } => {
                ("vloadn", vec![Operand::LiteralBit32(u32::from(n))])
            }
            VectorData::Load {
                n: 1, half: true, ..
            } => ("vload_half", vec![]),
            VectorData::Load {
                n,
                half: true,
                aligned: false,
            } => ("vload_halfn", vec![Operand::LiteralBit32(u32::from(n))]),
            VectorData::Load {
                n,
                half: true,
                aligned: true,
            } => ("vloada_halfn", vec![Operand::LiteralBit32(u32::from(n))]),
            VectorData::Store { half: false, .. } => ("vstoren", vec![]),
            VectorData::Store {
                n,
                half: true,
                aligned,
                rounding,
            } => {
                let base = match (n, aligned) {
                    (1, _) => "vstore_half",
                    (_, false) => "vstore_halfn",
                    (_, true) => "vstorea_halfn",
                };
                match rounding {
                    Some(r) => (
                        match base {
                            "vstore_half" => "vstore_half_r",
                            "vstore_halfn" => "vstore_halfn_r",
                            _ => "vstorea_halfn_r",
                        },
                        vec![Operand::FPRoundingMode(rounding_mode(r))],
                    ),
                    None => (base, vec![]),
                }
            }
        };
        ops.extend(extra);
        let Some(op) = ext_opcode(name) else {
            return bug(span, format!("no OpenCL.std instruction '{name}'"));
        };
        Ok(self.std_inst(ty, op, ops, Some(span))?)
    }

    /// Vulkan: `vload*` and `vstore*` as one access per component at
    /// `p + offset * n + k` (the alignment of a component is all they promise), `half`
    /// data converted exactly in integer arithmetic (see `vkmath::convert`).
    fn vk_vector_data(
        &mut self,
        st: &mut FnState<'_>,
        v: VectorData,
        args: &[Handle<Expr>],
        ty: Word,
        span: Span,
    ) -> Result<Word> {
        let (n, half, aligned, data) = match v {
            VectorData::Load { n, half, aligned } => (n, half, aligned, None),
            VectorData::Store {
                n,
                half,
                aligned,
                rounding,
            } => (
                n,
                half,
                aligned,
                Some((arg(args, 0, span)?, rounding.unwrap_or(Rounding::Rte))),
            ),
        };
        let first = usize::from(data.is_some());
        let (offset_e, ptr_e) = (arg(args, first, span)?, arg(args, first + 1, span)?);
        let ptr_ast = st.f.exprs[ptr_e].ty;
        let Some((elem, _, _)) = self.m.types.as_pointer(ptr_ast) else {
            return bug(span, "vector data through a non-pointer");
        };
        let ptr_ty = self.ty(ptr_ast, span)?;
        let Some(&(sc, elem_ty)) = self.pointer_info.get(&ptr_ty) else {
            return bug(span, "vector data through an unknown pointer type");
        };
        let stored = match data {
            Some((d, _)) => Some(self.value(st, d)?),
            None => None,
        };
        let p = self.stepped(st, ptr_e)?;
        let offset = self.index64(st, offset_e)?;
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let step = self.u64_const(if aligned && n == 3 { 4 } else { u64::from(n) });
        let base = self.b.i_mul(ulong, None, offset, step)?;
        let elem_ptr = self.pointer_sc(sc, elem_ty);
        let ushort = Scalar::Int {
            width: 16,
            signed: false,
        };
        let element = |w: &mut Self, st: &mut FnState<'_>, k: u8| -> Result<Word> {
            let k = w.u64_const(u64::from(k));
            let i = w.b.i_add(ulong, None, base, k)?;
            w.copy_element(st, ptr_e, elem_ptr, &p, i)
        };
        let (Some(stored), Some((d, mode))) = (stored, data) else {
            // A load: the components, then (halfs) their float values.
            let mut parts = Vec::with_capacity(usize::from(n));
            for k in 0..n {
                let at = element(self, st, k)?;
                parts.push(self.load_from(elem_ty, at, sc, elem)?);
            }
            let raw_ty = self.numeric_ty((
                if half {
                    ushort
                } else {
                    self.m.types.as_scalar(elem).unwrap_or(Scalar::Bool)
                },
                n,
            ));
            let raw = if n == 1 {
                parts[0]
            } else if half {
                let halfs = self.numeric_ty((Scalar::Float { width: 16 }, n));
                self.b.composite_construct(halfs, None, parts)?
            } else {
                return Ok(self.b.composite_construct(ty, None, parts)?);
            };
            if !half {
                return Ok(raw);
            }
            let bits = self.b.bitcast(raw_ty, None, raw)?;
            return self.vk_half_to_float(bits, n);
        };
        let values = if half {
            let Some(num) = self.arg_numeric(st, d) else {
                return bug(span, "vstore_half of a non-number");
            };
            let bits = self.vk_float_to_half(stored, num, mode)?;
            let halfs = self.numeric_ty((Scalar::Float { width: 16 }, n));
            self.b.bitcast(halfs, None, bits)?
        } else {
            stored
        };
        for k in 0..n {
            let c = if n == 1 {
                values
            } else {
                self.b
                    .composite_extract(elem_ty, None, values, [u32::from(k)])?
            };
            let at = element(self, st, k)?;
            self.store_to(at, c, sc, elem)?;
        }
        Ok(0)
    }

    fn work_item(
        &mut self,
        st: &mut FnState<'_>,
        w: WorkItem,
        args: &[Handle<Expr>],
        ty: Word,
        span: Span,
    ) -> Result<Word> {
        let loaded = if self.opts.flavor.is_vulkan() {
            let mut used = std::mem::take(&mut st.used);
            let v = self.vk_work_item(&mut used, w, span);
            st.used = used;
            v?
        } else {
            let (var, var_ty) = self.builtin_var(work_item_builtin(w));
            st.used.insert(var);
            self.b.load(var_ty, None, var, None, [])?
        };
        if !w.takes_dim() {
            return Ok(loaded);
        }
        let Some(&dim) = args.first() else {
            return bug(span, "work-item function without a dimension");
        };
        let fallback = self.u64_const(w.out_of_range_value());
        if let ExprKind::IntConst(d) = st.f.exprs[dim].kind {
            if d < 3 {
                return Ok(self.b.composite_extract(ty, None, loaded, [d as u32])?);
            }
            return Ok(fallback);
        }
        // A dynamic dimension: out-of-range dimensions return 0 for ids and 1 for sizes.
        let d = self.value(st, dim)?;
        let bool_ty = self.bool_ty_n(1);
        let three = self.u32_const(3);
        let in_range = self.b.u_less_than(bool_ty, None, d, three)?;
        let zero = self.u32_const(0);
        let uint = self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        });
        let safe = self.b.select(uint, None, in_range, d, zero)?;
        let v = self.b.vector_extract_dynamic(ty, None, loaded, safe)?;
        Ok(self.b.select(ty, None, in_range, v, fallback)?)
    }

    /// Sub-group shuffles through `SPV_INTEL_subgroups`, which SPIR-V 1.0 readers such as
    /// Intel's CPU runtime accept (the core `GroupNonUniformShuffle` needs SPIR-V 1.3).
    /// The relative forms read one value: the Intel instructions' second value, used
    /// past the sub-group's edge where OpenCL leaves the result undefined, is the same.
    fn shuffle(&mut self, kind: Shuffle, ty: Word, x: Word, other: Word) -> Result<Word> {
        self.capabilities.insert(Capability::SubgroupShuffleINTEL);
        self.extensions.insert("SPV_INTEL_subgroups");
        Ok(match kind {
            Shuffle::Index => self.b.subgroup_shuffle_intel(ty, None, x, other)?,
            Shuffle::Xor => self.b.subgroup_shuffle_xor_intel(ty, None, x, other)?,
            Shuffle::Up => self.b.subgroup_shuffle_up_intel(ty, None, x, x, other)?,
            Shuffle::Down => self.b.subgroup_shuffle_down_intel(ty, None, x, x, other)?,
        })
    }

    /// Work-group and sub-group collectives: `Groups` instructions over the group's scope.
    fn group(
        &mut self,
        st: &mut FnState<'_>,
        scope: GroupScope,
        op: GroupOp,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        if self.opts.flavor.is_vulkan() {
            return match scope {
                GroupScope::WorkGroup => self.vk_work_group(st, op, args, result, span),
                GroupScope::SubGroup => self.vk_sub_group(st, op, args, result, span),
            };
        }
        self.capabilities.insert(Capability::Groups);
        let ty = self.ty(result, span)?;
        let exec = self.u32_const(match scope {
            GroupScope::WorkGroup => Scope::Workgroup,
            GroupScope::SubGroup => Scope::Subgroup,
        } as u32);
        let x = arg(args, 0, span)?;
        let Some(num) = self.arg_numeric(st, x) else {
            return bug(span, "collective function on a non-numeric value");
        };
        let xv = self.value(st, x)?;
        let (arith, operation) = match op {
            GroupOp::All | GroupOp::Any => {
                let pred = self.nonzero(xv, num)?;
                let bool_ty = self.bool_ty_n(1);
                let r = if op == GroupOp::All {
                    self.b.group_all(bool_ty, None, exec, pred)?
                } else {
                    self.b.group_any(bool_ty, None, exec, pred)?
                };
                return self.bool_to(result, r, span);
            }
            GroupOp::Broadcast => {
                let ids = &args[1..];
                let id = match ids {
                    [one] => self.value(st, *one)?,
                    [..] if (2..=3).contains(&ids.len()) => {
                        let mut parts = Vec::new();
                        for &i in ids {
                            parts.push(self.value(st, i)?);
                        }
                        let Some((s, _)) = self.arg_numeric(st, ids[0]) else {
                            return bug(span, "non-integer broadcast id");
                        };
                        let vty = self.numeric_ty((s, ids.len() as u8));
                        self.build_vector(vty, &parts)?
                    }
                    _ => return bug(span, "broadcast with no id or more than three"),
                };
                return Ok(self.b.group_broadcast(ty, None, exec, xv, id)?);
            }
            GroupOp::Shuffle(kind) => {
                let other = self.value(st, arg(args, 1, span)?)?;
                return self.shuffle(kind, ty, xv, other);
            }
            GroupOp::Reduce(a) => (a, GroupOperation::Reduce),
            GroupOp::ScanInclusive(a) => (a, GroupOperation::InclusiveScan),
            GroupOp::ScanExclusive(a) => (a, GroupOperation::ExclusiveScan),
        };
        Ok(match (num.0, arith) {
            (Scalar::Float { .. }, GroupArith::Add) => {
                self.b.group_f_add(ty, None, exec, operation, xv)?
            }
            (Scalar::Float { .. }, GroupArith::Min) => {
                self.b.group_f_min(ty, None, exec, operation, xv)?
            }
            (Scalar::Float { .. }, GroupArith::Max) => {
                self.b.group_f_max(ty, None, exec, operation, xv)?
            }
            (_, GroupArith::Add) => self.b.group_i_add(ty, None, exec, operation, xv)?,
            (Scalar::Int { signed: true, .. }, GroupArith::Min) => {
                self.b.group_s_min(ty, None, exec, operation, xv)?
            }
            (Scalar::Int { signed: true, .. }, GroupArith::Max) => {
                self.b.group_s_max(ty, None, exec, operation, xv)?
            }
            (_, GroupArith::Min) => self.b.group_u_min(ty, None, exec, operation, xv)?,
            (_, GroupArith::Max) => self.b.group_u_max(ty, None, exec, operation, xv)?,
        })
    }
}

impl Writer<'_> {
    /// A flat generic pointer `p` (a device address): its address, and whether it points
    /// into this work-group's local frame and into this work-item's private stack frame.
    fn flat_space_of(&mut self, st: &mut FnState<'_>, p: Word) -> Result<(Word, Word, Word)> {
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let bool1 = self.bool_ty_n(1);
        let a = self.b.convert_ptr_to_u(ulong, None, p)?;
        let nd = self.ndrange();
        st.used
            .extend([nd.local_frame, nd.local_frame_bytes, nd.frame]);
        // `a - start < size`, unsigned: false below the start too, and for an empty frame.
        let within = |w: &mut Self, start: Word, size: Word| -> Result<Word> {
            let d = w.b.i_sub(ulong, None, a, start)?;
            Ok(w.b.u_less_than(bool1, None, d, size)?)
        };
        let lf = self.b.load(ulong, None, nd.local_frame, None, [])?;
        let lbytes = self.b.load(ulong, None, nd.local_frame_bytes, None, [])?;
        let local = within(self, lf, lbytes)?;
        let pf = self.b.load(ulong, None, nd.frame, None, [])?;
        let pbytes = self.u64_const(self.stack.frame);
        let private = within(self, pf, pbytes)?;
        Ok((a, local, private))
    }
}

/// A pointer argument a builtin steps (see `Writer::stepped`).
enum Stepped {
    /// Its value.
    Value(Word),
    /// A `__local` object and a leaf index (`local_index`).
    Local(super::local_index::Root, Word),
}
