//! Vulkan: the work-group collective functions (OpenCL C 2.0 §6.13.15) on `Workgroup`
//! memory and barriers, which every Vulkan device has (the `Groups` instructions the OpenCL
//! target uses are Kernel-only).
//!
//! Each element type gets a `Workgroup` scratch array with one slot per work-item (its
//! length is the product of the work-group size specialization constants, or the largest
//! `reqd_work_group_size`). Scans are Hillis and Steele's: log2(n) steps, each reading the
//! slot `d` places back, a barrier, the write, a barrier; a reduction is the last slot of
//! the inclusive scan, a vote a reduction of 0/1 by min or max, a broadcast one slot. Every
//! work-item runs every step (the steps select rather than branch), so the barriers stay in
//! uniform control flow; each function ends with a barrier, so that the next one may reuse
//! the scratch.

use super::builtins::arg;
use super::function::FnState;
use super::types::ConstScalar;
use super::{bug, Result, Writer};
use clc_passes::ast::builtin::{GroupArith, GroupOp};
use clc_passes::ast::{Expr, Handle, Scalar, Type};
use clc_passes::diag::Span;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{
    GlslStd450Op as G, MemoryAccess, MemorySemantics, Op, Scope, StorageClass, Word,
};

impl Writer<'_> {
    /// `work_group_*` on Vulkan.
    pub(super) fn vk_work_group(
        &mut self,
        st: &mut FnState<'_>,
        op: GroupOp,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        let x = arg(args, 0, span)?;
        let Some(num) = self.arg_numeric(st, x) else {
            return bug(span, "collective function on a non-numeric value");
        };
        let xv = self.value(st, x)?;
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let mut used = std::mem::take(&mut st.used);
        let geometry = self.vk_group_geometry(&mut used, span);
        st.used = used;
        let (lid, n, [sx, sy, sz]) = geometry?;
        let g = Group { lid, n, ulong };
        match op {
            GroupOp::All | GroupOp::Any => {
                let pred = self.nonzero(xv, num)?;
                let u = Scalar::Int {
                    width: 32,
                    signed: false,
                };
                let uint = self.scalar(u);
                let (one, zero) = (self.u32_const(1), self.u32_const(0));
                let bit = self.b.select(uint, None, pred, one, zero)?;
                let arith = if op == GroupOp::All {
                    GroupArith::Min
                } else {
                    GroupArith::Max
                };
                self.group_scan(st, &g, (u, 1), arith, bit, span)?;
                let last = self.group_last(&g)?;
                let r = self.group_load(st, uint, last, span)?;
                self.group_barrier()?;
                let bool_ty = self.bool_ty_n(1);
                let b = self.b.i_not_equal(bool_ty, None, r, zero)?;
                self.bool_to(result, b, span)
            }
            GroupOp::Broadcast => {
                let ids = &args[1..];
                let mut target = None;
                let mut stride: Option<Word> = None;
                for (k, &e) in ids.iter().enumerate() {
                    let v = self.index64(st, e)?;
                    let term = match stride {
                        Some(s) => self.b.i_mul(ulong, None, v, s)?,
                        None => v,
                    };
                    target = Some(match target {
                        Some(t) => self.b.i_add(ulong, None, t, term)?,
                        None => term,
                    });
                    let dim = [sx, sy, sz][k.min(2)];
                    stride = Some(match stride {
                        Some(s) => self.b.i_mul(ulong, None, s, dim)?,
                        None => dim,
                    });
                }
                let Some(target) = target else {
                    return bug(span, "broadcast without a local id");
                };
                let ty = self.numeric_ty(num);
                let zero = self.u64_const(0);
                let bool_ty = self.bool_ty_n(1);
                let mine = self.b.i_equal(bool_ty, None, g.lid, target)?;
                let (then_l, merge) = (self.b.id(), self.b.id());
                self.b
                    .selection_merge(merge, rspirv::spirv::SelectionControl::NONE)?;
                self.b.branch_conditional(mine, then_l, merge, [])?;
                self.begin(st, then_l)?;
                self.group_store(st, ty, zero, xv, span)?;
                self.b.branch(merge)?;
                self.begin(st, merge)?;
                self.group_barrier()?;
                let r = self.group_load(st, ty, zero, span)?;
                self.group_barrier()?;
                Ok(r)
            }
            GroupOp::Reduce(a) | GroupOp::ScanInclusive(a) | GroupOp::ScanExclusive(a) => {
                let ty = self.numeric_ty(num);
                let incl = self.group_scan(st, &g, num, a, xv, span)?;
                let r = match op {
                    GroupOp::Reduce(_) => {
                        let last = self.group_last(&g)?;
                        self.group_load(st, ty, last, span)?
                    }
                    GroupOp::ScanExclusive(_) => {
                        let zero = self.u64_const(0);
                        let one = self.u64_const(1);
                        let bool_ty = self.bool_ty_n(1);
                        let first = self.b.i_equal(bool_ty, None, g.lid, zero)?;
                        let back = self.b.i_sub(ulong, None, g.lid, one)?;
                        let at = self.b.select(ulong, None, first, zero, back)?;
                        let prev = self.group_load(st, ty, at, span)?;
                        let identity = self.group_identity(num.0, a);
                        self.b.select(ty, None, first, identity, prev)?
                    }
                    _ => incl,
                };
                self.group_barrier()?;
                Ok(r)
            }
            GroupOp::Shuffle(_) => bug(span, "a sub-group shuffle at work-group scope"),
        }
    }

    /// `sub_group_*` on Vulkan: the `GroupNonUniform` instructions at subgroup scope (every
    /// OpenCL sub-group function has one; broadcasts are shuffles, whose index need not be
    /// a constant).
    pub(super) fn vk_sub_group(
        &mut self,
        st: &mut FnState<'_>,
        op: GroupOp,
        args: &[Handle<Expr>],
        result: Handle<Type>,
        span: Span,
    ) -> Result<Word> {
        use rspirv::spirv::{Capability as Cap, GroupOperation};
        let x = arg(args, 0, span)?;
        let Some(num) = self.arg_numeric(st, x) else {
            return bug(span, "collective function on a non-numeric value");
        };
        let xv = self.value(st, x)?;
        let scope = self.u32_const(Scope::Subgroup as u32);
        self.capabilities.insert(Cap::GroupNonUniform);
        let ty = self.numeric_ty(num);
        let operand = |w: &mut Self, st: &mut FnState<'_>, i: usize| -> Result<Word> {
            let e = arg(args, i, span)?;
            let v = w.value(st, e)?;
            // Indices and deltas are `uint`.
            match w.arg_numeric(st, e) {
                Some((Scalar::Int { width: 64, .. }, _)) => {
                    let u = w.scalar(Scalar::Int {
                        width: 32,
                        signed: false,
                    });
                    Ok(w.b.u_convert(u, None, v)?)
                }
                _ => Ok(v),
            }
        };
        let (arith, operation) = match op {
            GroupOp::All | GroupOp::Any => {
                self.capabilities.insert(Cap::GroupNonUniformVote);
                let pred = self.nonzero(xv, num)?;
                let bool_ty = self.bool_ty_n(1);
                let r = if op == GroupOp::All {
                    self.b.group_non_uniform_all(bool_ty, None, scope, pred)?
                } else {
                    self.b.group_non_uniform_any(bool_ty, None, scope, pred)?
                };
                return self.bool_to(result, r, span);
            }
            GroupOp::Broadcast => {
                self.capabilities.insert(Cap::GroupNonUniformShuffle);
                let id = operand(self, st, 1)?;
                return Ok(self.b.group_non_uniform_shuffle(ty, None, scope, xv, id)?);
            }
            GroupOp::Shuffle(kind) => {
                use clc_passes::ast::builtin::Shuffle as S;
                let other = operand(self, st, 1)?;
                return Ok(match kind {
                    S::Index | S::Xor => {
                        self.capabilities.insert(Cap::GroupNonUniformShuffle);
                        if kind == S::Index {
                            self.b
                                .group_non_uniform_shuffle(ty, None, scope, xv, other)?
                        } else {
                            self.b
                                .group_non_uniform_shuffle_xor(ty, None, scope, xv, other)?
                        }
                    }
                    S::Up | S::Down => {
                        self.capabilities
                            .insert(Cap::GroupNonUniformShuffleRelative);
                        if kind == S::Up {
                            self.b
                                .group_non_uniform_shuffle_up(ty, None, scope, xv, other)?
                        } else {
                            self.b
                                .group_non_uniform_shuffle_down(ty, None, scope, xv, other)?
                        }
                    }
                });
            }
            GroupOp::Reduce(a) => (a, GroupOperation::Reduce),
            GroupOp::ScanInclusive(a) => (a, GroupOperation::InclusiveScan),
            GroupOp::ScanExclusive(a) => (a, GroupOperation::ExclusiveScan),
        };
        self.capabilities.insert(Cap::GroupNonUniformArithmetic);
        let b = &mut self.b;
        Ok(match (num.0, arith) {
            (Scalar::Float { .. }, GroupArith::Add) => {
                b.group_non_uniform_f_add(ty, None, scope, operation, xv, None)?
            }
            (Scalar::Float { .. }, GroupArith::Min) => {
                b.group_non_uniform_f_min(ty, None, scope, operation, xv, None)?
            }
            (Scalar::Float { .. }, GroupArith::Max) => {
                b.group_non_uniform_f_max(ty, None, scope, operation, xv, None)?
            }
            (_, GroupArith::Add) => {
                b.group_non_uniform_i_add(ty, None, scope, operation, xv, None)?
            }
            (Scalar::Int { signed: true, .. }, GroupArith::Min) => {
                b.group_non_uniform_s_min(ty, None, scope, operation, xv, None)?
            }
            (Scalar::Int { signed: true, .. }, GroupArith::Max) => {
                b.group_non_uniform_s_max(ty, None, scope, operation, xv, None)?
            }
            (_, GroupArith::Min) => {
                b.group_non_uniform_u_min(ty, None, scope, operation, xv, None)?
            }
            (_, GroupArith::Max) => {
                b.group_non_uniform_u_max(ty, None, scope, operation, xv, None)?
            }
        })
    }

    /// The identity of `a` on `s`: what an exclusive scan gives the first work-item.
    fn group_identity(&mut self, s: Scalar, a: GroupArith) -> Word {
        let v = match (s, a) {
            (Scalar::Float { .. }, GroupArith::Add) => ConstScalar::Float(0.0),
            (Scalar::Float { .. }, GroupArith::Min) => ConstScalar::Float(f64::INFINITY),
            (Scalar::Float { .. }, GroupArith::Max) => ConstScalar::Float(f64::NEG_INFINITY),
            (_, GroupArith::Add) => ConstScalar::Int(0),
            (Scalar::Int { width, signed }, GroupArith::Min) => ConstScalar::Int(if signed {
                (1u64 << (width - 1)) - 1
            } else {
                u64::MAX >> (64 - u32::from(width))
            }),
            (Scalar::Int { width, signed }, GroupArith::Max) => {
                ConstScalar::Int(if signed { 1u64 << (width - 1) } else { 0 })
            }
            (Scalar::Bool, _) => ConstScalar::Int(0),
        };
        self.const_n((s, 1), v)
    }

    /// `a op b`.
    fn group_combine(&mut self, s: Scalar, a: GroupArith, x: Word, y: Word) -> Result<Word> {
        let ty = self.numeric_ty((s, 1));
        let set = self.ext;
        let op = match (s, a) {
            (Scalar::Float { .. }, GroupArith::Add) => return Ok(self.b.f_add(ty, None, x, y)?),
            (_, GroupArith::Add) => return Ok(self.b.i_add(ty, None, x, y)?),
            (Scalar::Float { .. }, GroupArith::Min) => G::FMin,
            (Scalar::Float { .. }, GroupArith::Max) => G::FMax,
            (Scalar::Int { signed: true, .. }, GroupArith::Min) => G::SMin,
            (Scalar::Int { signed: true, .. }, GroupArith::Max) => G::SMax,
            (_, GroupArith::Min) => G::UMin,
            (_, GroupArith::Max) => G::UMax,
        };
        Ok(self.b.ext_inst(
            ty,
            None,
            set,
            op as u32,
            [Operand::IdRef(x), Operand::IdRef(y)],
        )?)
    }

    /// The inclusive scan of `x` over the work-group, left in the scratch array of its
    /// type (slot `lid` holds the result of work-item `lid`); returns this item's value.
    fn group_scan(
        &mut self,
        st: &mut FnState<'_>,
        g: &Group,
        (s, _): (Scalar, u8),
        a: GroupArith,
        x: Word,
        span: Span,
    ) -> Result<Word> {
        let ty = self.numeric_ty((s, 1));
        let ulong = g.ulong;
        self.group_store(st, ty, g.lid, x, span)?;
        self.group_barrier()?;
        // for (d = 1; d < n; d *= 2)
        let one = self.u64_const(1);
        self.ulong_loop(
            st,
            (one, g.n),
            span,
            |w, st, d| {
                let bool_ty = w.bool_ty_n(1);
                let mine = w.group_load(st, ty, g.lid, span)?;
                let has = w.b.u_greater_than_equal(bool_ty, None, g.lid, d)?;
                let back = w.b.i_sub(ulong, None, g.lid, d)?;
                let at = w.b.select(ulong, None, has, back, g.lid)?;
                let other = w.group_load(st, ty, at, span)?;
                let sum = w.group_combine(s, a, other, mine)?;
                let v = w.b.select(ty, None, has, sum, mine)?;
                w.group_barrier()?;
                w.group_store(st, ty, g.lid, v, span)?;
                w.group_barrier()
            },
            |w, d| Ok(w.b.shift_left_logical(ulong, None, d, one)?),
        )?;
        self.group_load(st, ty, g.lid, span)
    }

    /// `n - 1`, the last work-item's slot.
    fn group_last(&mut self, g: &Group) -> Result<Word> {
        let one = self.u64_const(1);
        Ok(self.b.i_sub(g.ulong, None, g.n, one)?)
    }

    /// A work-group barrier that makes `Workgroup` memory writes visible.
    fn group_barrier(&mut self) -> Result<()> {
        let scope = self.u32_const(Scope::Workgroup as u32);
        let sem = self.opts.flavor.semantics(
            MemorySemantics::ACQUIRE_RELEASE,
            MemorySemantics::WORKGROUP_MEMORY,
        );
        let sem = self.u32_const(sem.bits());
        Ok(self.b.control_barrier(scope, scope, sem)?)
    }

    /// Slot `at` of the scratch array for `ty`.
    fn group_slot(&mut self, st: &mut FnState<'_>, ty: Word, at: Word) -> Result<Word> {
        let var = self.group_scratch(ty);
        st.used.insert(var);
        let sc = self.scratch_class();
        let ptr = self.pointer_sc(sc, ty);
        Ok(self.b.access_chain(ptr, None, var, [at])?)
    }

    fn group_load(&mut self, st: &mut FnState<'_>, ty: Word, at: Word, _: Span) -> Result<Word> {
        let p = self.group_slot(st, ty, at)?;
        Ok(self
            .b
            .load(ty, None, p, Some(MemoryAccess::NON_PRIVATE_POINTER), [])?)
    }

    fn group_store(
        &mut self,
        st: &mut FnState<'_>,
        ty: Word,
        at: Word,
        v: Word,
        _: Span,
    ) -> Result<()> {
        let p = self.group_slot(st, ty, at)?;
        Ok(self
            .b
            .store(p, v, Some(MemoryAccess::NON_PRIVATE_POINTER), [])?)
    }

    /// The storage class of the scratch arrays: a module-scope `__local` variable's.
    fn scratch_class(&self) -> StorageClass {
        self.opts.flavor.storage_class(
            clc_passes::ast::AddressSpace::Local,
            super::flavor::Site::ModuleVariable,
        )
    }

    /// The `Workgroup` scratch array for elements of `ty`, one slot per work-item.
    fn group_scratch(&mut self, ty: Word) -> Word {
        if let Some(&v) = self.group_scratch.get(&ty) {
            return v;
        }
        let len = self.group_items();
        let arr = self.b.type_array(ty, len);
        let sc = self.scratch_class();
        let ptr = self.pointer_sc(sc, arr);
        let var = self.module_variable(ptr, sc, None);
        self.b.name(var, "clc.work_group.scratch");
        self.group_scratch.insert(ty, var);
        var
    }

    /// The number of work-items in a work-group, as a constant: the product of the
    /// work-group size specialization constants, or the largest `reqd_work_group_size`
    /// when every kernel has one.
    fn group_items(&mut self) -> Word {
        if let Some(c) = self.group_items {
            return c;
        }
        let u = self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        });
        let c = match self.workgroup_size_constant() {
            Some(ws) => {
                let spec_op = |w: &mut Self, operands: Vec<Operand>| {
                    let id = w.b.id();
                    w.b.module_mut().types_global_values.push(Instruction::new(
                        Op::SpecConstantOp,
                        Some(u),
                        Some(id),
                        operands,
                    ));
                    id
                };
                let part = |w: &mut Self, i: u32| {
                    spec_op(
                        w,
                        vec![
                            Operand::LiteralSpecConstantOpInteger(Op::CompositeExtract),
                            Operand::IdRef(ws),
                            Operand::LiteralBit32(i),
                        ],
                    )
                };
                let (x, y, z) = (part(self, 0), part(self, 1), part(self, 2));
                let mul = |w: &mut Self, a: Word, b: Word| {
                    spec_op(
                        w,
                        vec![
                            Operand::LiteralSpecConstantOpInteger(Op::IMul),
                            Operand::IdRef(a),
                            Operand::IdRef(b),
                        ],
                    )
                };
                let xy = mul(self, x, y);
                mul(self, xy, z)
            }
            None => {
                let most = self
                    .m
                    .functions
                    .iter()
                    .filter_map(|(_, f)| f.kernel.as_ref()?.reqd_work_group_size)
                    .map(|[x, y, z]| u64::from(x) * u64::from(y) * u64::from(z))
                    .max()
                    .unwrap_or(1);
                self.constant_bits(u, most)
            }
        };
        self.group_items = Some(c);
        c
    }
}

/// The work-group as a collective sees it: this item's linear id and the item count.
struct Group {
    lid: Word,
    n: Word,
    ulong: Word,
}
