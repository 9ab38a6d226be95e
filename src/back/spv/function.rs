//! Functions, kernels and statements. Control flow is always structured
//! (`OpSelectionMerge`/`OpLoopMerge`), which the OpenCL environment allows and the Vulkan
//! environment requires, so one lowering serves both.

use super::flavor::Site;
use super::{bug, Result, Writer};
use clc_passes::address_space::ArgKind;
use clc_passes::ast::{
    AddressSpace, BinaryOp, Block, ExprKind, Function, Handle, Init, Local, Scalar, StmtKind,
    SwitchCase, Type, Unroll,
};
use clc_passes::diag::Span;
use rspirv::dr::Operand;
use rspirv::spirv::{
    Capability, Decoration, ExecutionMode, ExecutionModel, FunctionControl,
    FunctionParameterAttribute, LinkageType, LoopControl, SelectionControl, StorageClass, Word,
};
use rustc_hash::FxHashMap;
use rustc_hash::FxHashSet;
use std::collections::BTreeSet;

/// State while one function body is lowered.
pub(super) struct FnState<'a> {
    pub(super) f: &'a Function,
    /// Pointer to the storage of each parameter and local variable.
    pub(super) locals: FxHashMap<Handle<Local>, Word>,
    /// Targets of `break` (loops and switches) and `continue` (loops), innermost last.
    breaks: Vec<Word>,
    continues: Vec<Word>,
    /// Label of the block being built.
    pub(super) label: Word,
    /// Module-scope variables used.
    pub(super) used: BTreeSet<Word>,
    /// The result pointer of a function returning a struct.
    sret: Option<Word>,
    /// Blocks of the labels, by label index.
    labels: FxHashMap<u32, Word>,
    /// This function's constant samplers, by sampler bits.
    pub(super) samplers: FxHashMap<u64, Word>,
    /// Storage for the results of struct-returning calls, by call expression.
    pub(super) call_results: FxHashMap<Handle<clc_passes::ast::Expr>, Word>,
    /// Functions called.
    pub(super) called: BTreeSet<Word>,
    /// Vulkan: locals kept in the private stack frame (their address escapes).
    pub(super) on_stack: FxHashSet<Handle<Local>>,
    /// Vulkan: pointer parameters never assigned nor address-taken, used as the SSA values
    /// they are (no variable holds them: NVIDIA's driver mishandles atomics through
    /// `__local` pointers kept in variables).
    pub(super) values: FxHashMap<Handle<Local>, Word>,
    /// Vulkan: the kernel's `__local` arguments among `values`, as their work-group arrays
    /// (variable, element type, storage class) when only the entry point calls the kernel.
    pub(super) local_arrays: FxHashMap<Handle<Local>, (Word, Word, StorageClass)>,
    /// Vulkan: the private pointer parameters that are `Function`-storage pointers
    /// (`flavor::logical_private`).
    pub(super) logical: FxHashSet<Handle<Local>>,
    /// Vulkan: the `__local` pointers lowered as an object and an index (`local_index`).
    pub(super) local_index: super::local_index::LocalIndex,
}

/// The most iterations of a counted loop the Vulkan backend asks to unroll.
const UNROLL_MAX_TRIPS: u64 = 32;
/// The most expressions a counted loop may have once unrolled (its body's times its count).
const UNROLL_MAX_SIZE: u64 = 2048;

impl Writer<'_> {
    pub(super) fn functions(&mut self) -> Result<()> {
        let mut called = BTreeSet::new();
        for (_, f) in self.m.functions.iter() {
            for (_, e) in f.exprs.iter() {
                if let ExprKind::Call { function, .. } = e.kind {
                    called.insert(function);
                }
            }
        }
        self.called_functions = called.iter().copied().collect();
        let vulkan = self.opts.flavor.is_vulkan();
        let reachable = reachable_from_kernels(self.m);
        for (h, f) in self.m.functions.iter() {
            // A Vulkan kernel's body is an ordinary function called by its entry point. A
            // Vulkan module leaves out the helpers no kernel reaches, directly or through
            // other helpers: no entry point runs them (and a `__local` pointer parameter no
            // call gives an object to would need variable pointers, `local_index`).
            let uncalled_helper = f.kernel.is_none() && !reachable.contains(&h);
            if (f.kernel.is_none() || called.contains(&h) || vulkan) && !(vulkan && uncalled_helper)
            {
                let id = self.b.id();
                self.callable.insert(h, id);
            }
        }
        let mut entries = Vec::new();
        if vulkan {
            let abis =
                super::flavor::vulkan::abi::kernels(self.m, self.valid, self.opts.flat_generic);
            self.local_arg_arrays(&abis)?;
            if self.storage_class(AddressSpace::Local, Site::Pointee) == StorageClass::Workgroup {
                // Each kernel's `__local` arguments that are work-group arrays (as
                // `local_arrays` gets them in `function`).
                let mut args = FxHashMap::default();
                for (fh, f) in self.m.functions.iter() {
                    if self.called_functions.contains(&fh) {
                        continue;
                    }
                    let ssa = unassigned_pointer_params(self.m, f);
                    let a: FxHashSet<Handle<Local>> = f
                        .params
                        .iter()
                        .enumerate()
                        .filter(|&(i, p)| ssa.contains(p) && self.local_args.contains_key(&(fh, i)))
                        .map(|(_, &p)| p)
                        .collect();
                    args.insert(fh, a);
                }
                self.local_indices = super::local_index::LocalIndex::module(self.m, args, |f| {
                    unassigned_pointer_params(self.m, f)
                });
            }
            for (h, _) in self.m.functions.iter() {
                if let Some(&id) = self.callable.get(&h) {
                    self.function(h, id, false)?;
                }
            }
            for kabi in &abis {
                let body = self.callable[&kabi.function];
                let id = self.vulkan_entry(kabi.function, body, kabi)?;
                entries.push((id, self.m.functions[kabi.function].name.clone()));
            }
            if entries.is_empty() {
                return super::unsupported(
                    self.m.functions.iter().next().map_or(
                        Span {
                            file: clc_passes::diag::FileId(0),
                            line: 1,
                            col: 1,
                        },
                        |(_, f)| f.span,
                    ),
                    "a module without kernels on the Vulkan target (it cannot be linked)",
                );
            }
            self.vulkan_entry_points(&entries);
            return Ok(());
        }
        for (h, f) in self.m.functions.iter() {
            if let Some(attrs) = &f.kernel {
                // A function may not be both an entry point and a call target: a kernel
                // that is also called gets a second, callable copy.
                let id = self.b.id();
                self.function(h, id, true)?;
                entries.push((id, f.name.clone()));
                if let Some([x, y, z]) = attrs.reqd_work_group_size {
                    self.b
                        .execution_mode(id, ExecutionMode::LocalSize, [x, y, z]);
                }
                if let Some([x, y, z]) = attrs.work_group_size_hint {
                    self.b
                        .execution_mode(id, ExecutionMode::LocalSizeHint, [x, y, z]);
                }
                if let Some(hint) = attrs.vec_type_hint {
                    self.b
                        .execution_mode(id, ExecutionMode::VecTypeHint, [hint]);
                }
                if !self.opts.float.contract {
                    self.b.execution_mode(id, ExecutionMode::ContractionOff, []);
                }
                // The convention SPIR-V readers use to answer clGetKernelArgInfo.
                let types: String = attrs
                    .arg_type_names
                    .iter()
                    .map(|t| format!("{t},"))
                    .collect();
                self.b.string(format!("kernel_arg_type.{}.{types}", f.name));
            }
            if let Some(&id) = self.callable.get(&h) {
                self.function(h, id, false)?;
            }
        }
        for (id, name) in &entries {
            let interface = self.interface(*id);
            self.b
                .entry_point(ExecutionModel::Kernel, *id, name.clone(), interface);
        }
        if entries.is_empty() {
            // A module without kernels is a library: export its functions.
            self.capabilities.insert(Capability::Linkage);
            for (h, f) in self.m.functions.iter() {
                if let Some(&id) = self.callable.get(&h) {
                    self.b.decorate(
                        id,
                        Decoration::LinkageAttributes,
                        [
                            Operand::LiteralString(f.name.clone()),
                            Operand::LinkageType(LinkageType::Export),
                        ],
                    );
                }
            }
        }
        Ok(())
    }

    /// The entry point's interface: before SPIR-V 1.4 only `Input`/`Output` variables may
    /// be listed, from 1.4 on every module-scope variable the kernel uses must be.
    pub(super) fn interface(&self, entry: Word) -> Vec<Word> {
        let mut vars = BTreeSet::new();
        let mut seen = BTreeSet::new();
        let mut stack = vec![entry];
        while let Some(f) = stack.pop() {
            if !seen.insert(f) {
                continue;
            }
            if let Some((used, called)) = self.uses.get(&f) {
                vars.extend(used.iter().copied());
                stack.extend(called.iter().copied());
            }
        }
        let all = self.opts.version >= (1, 4);
        let inputs: BTreeSet<Word> = self.builtin_vars.values().copied().collect();
        vars.into_iter()
            .filter(|v| all || inputs.contains(v))
            .collect()
    }

    fn function(&mut self, fh: Handle<Function>, id: Word, as_entry: bool) -> Result<()> {
        let f = &self.m.functions[fh];
        let ret = self.ty(f.result.ty, f.span)?;
        let mut param_tys = Vec::new();
        // Kernel arguments passed by value that are structs or unions arrive as a pointer
        // to the driver's copy, decorated `ByVal`, as clang passes them and as drivers'
        // SPIR-V readers expect (the Intel CPU runtime crashes on struct-valued kernel
        // parameters).
        let mut by_val = Vec::new();
        // Vulkan: each image parameter's texel kind, and its channel order and type, which
        // come as extra `v2uint` parameters after the others.
        let mut images = Vec::new();
        for (i, &p) in f.params.iter().enumerate() {
            let l = &f.locals[p];
            let ty = match self.m.types.get(l.ty.ty) {
                Type::Image(image) if self.opts.flavor.is_vulkan() => {
                    let texel = self
                        .image_texels
                        .get(&(fh, i))
                        .copied()
                        .unwrap_or(super::vk_images::Texel::Float);
                    let ty = self.vk_image_type(*image, texel);
                    images.push((i, ty, texel));
                    ty
                }
                _ if self
                    .local_indices
                    .get(&fh)
                    .is_some_and(|li| li.params.contains_key(&p)) =>
                {
                    // A `__local` pointer passed as an index (`local_index`).
                    self.scalar(clc_passes::ast::Scalar::Int {
                        width: 32,
                        signed: false,
                    })
                }
                _ if self.stack.logical_params.contains(&(fh, i)) => {
                    // A pointer to the caller's variable, which stays in Function storage.
                    let Some((pointee, _, _)) = self.m.types.as_pointer(l.ty.ty) else {
                        return super::bug(l.span, "a logical pointer parameter of another type");
                    };
                    let t = self.ty(pointee, l.span)?;
                    let sc = self.function_class();
                    self.pointer_sc(sc, t)
                }
                _ => self.ty(l.ty.ty, l.span)?,
            };
            let aggregate = as_entry && matches!(self.m.types.get(l.ty.ty), Type::Struct(_));
            by_val.push(aggregate);
            param_tys.push(if aggregate {
                let sc = self.function_class();
                self.pointer_sc(sc, ty)
            } else {
                ty
            });
        }
        // `__local` variables of a kernel are module-scope `Workgroup` variables (in the local
        // frame with flat generic pointers).
        for (lh, l) in f.locals.iter() {
            if !l.is_param
                && l.ty.space == Some(AddressSpace::Local)
                && !self.local_frame.slots.contains_key(&(fh, lh))
            {
                self.hoisted_local(fh, lh)?;
            }
        }
        // A struct result is returned through a pointer to the caller's storage, as in
        // clang's ABI (Intel's CPU runtime crashes on struct values returned from loops).
        let sret_ty = if self.returns_aggregate(f) {
            let sc = self.function_class();
            Some(self.pointer_sc(sc, ret))
        } else {
            None
        };
        let spv_ret = if sret_ty.is_some() {
            self.b.type_void()
        } else {
            ret
        };
        let v2uint = if images.is_empty() {
            0
        } else {
            let u = self.scalar(clc_passes::ast::Scalar::Int {
                width: 32,
                signed: false,
            });
            self.b.type_vector(u, 2)
        };
        let all_params: Vec<Word> = sret_ty
            .iter()
            .copied()
            .chain(param_tys.iter().copied())
            .chain(images.iter().map(|_| v2uint))
            .collect();
        let fn_ty = self.b.type_function(spv_ret, all_params);
        self.b
            .begin_function(spv_ret, Some(id), FunctionControl::NONE, fn_ty)?;
        let sret = match sret_ty {
            Some(t) => {
                let p = self.b.function_parameter(t)?;
                self.b.name(p, "agg.result");
                Some(p)
            }
            None => None,
        };
        // Drivers name functions after OpName: the callable copy of a kernel must not take
        // the entry point's name.
        let name = if f.kernel.is_some() && !as_entry {
            format!("__clc_kernel_body.{}", f.name)
        } else {
            f.name.clone()
        };
        self.b.name(id, name);
        let arg_kinds = if as_entry {
            self.valid.kernel_args.get(fh).cloned()
        } else {
            None
        };
        let mut param_ids = Vec::new();
        for (i, (&p, &ty)) in f.params.iter().zip(&param_tys).enumerate() {
            let pid = self.b.function_parameter(ty)?;
            self.b.name(pid, f.locals[p].name.clone());
            if self.stack.logical_params.contains(&(fh, i)) {
                // A pointer to the caller's variable; when that holds buffer addresses, the
                // pointer says they may alias (as the variable does).
                let holds_addresses =
                    self.m
                        .types
                        .as_pointer(f.locals[p].ty.ty)
                        .is_some_and(|(pointee, _, _)| {
                            self.is_buffer_pointer(array_elem(self.m, pointee))
                        });
                if holds_addresses {
                    self.b.decorate(pid, Decoration::AliasedPointer, []);
                }
            } else if self.is_buffer_pointer(f.locals[p].ty.ty) {
                // Buffer-address parameters say whether they alias (Vulkan requires it).
                let d = if restrict_param(f, i) {
                    Decoration::Restrict
                } else {
                    Decoration::Aliased
                };
                self.b.decorate(pid, d, []);
            }
            if by_val[i] {
                let align = self
                    .m
                    .types
                    .align_of(f.locals[p].ty.ty, &self.m.lang.layout)
                    as u32;
                self.b
                    .decorate(pid, Decoration::Alignment, [Operand::LiteralBit32(align)]);
                for attr in [
                    FunctionParameterAttribute::ByVal,
                    FunctionParameterAttribute::NoWrite,
                ] {
                    self.b.decorate(
                        pid,
                        Decoration::FuncParamAttr,
                        [Operand::FunctionParameterAttribute(attr)],
                    );
                }
            }
            let restrict = as_entry
                && f.kernel
                    .as_ref()
                    .is_some_and(|k| k.restrict_args.get(i) == Some(&true));
            if restrict {
                // `restrict`: the buffer is reached through no other argument.
                self.b.decorate(
                    pid,
                    Decoration::FuncParamAttr,
                    [Operand::FunctionParameterAttribute(
                        FunctionParameterAttribute::NoAlias,
                    )],
                );
            }
            if let Some(ArgKind::Buffer {
                read_only: true, ..
            }) = arg_kinds.as_ref().and_then(|k| k.get(i))
            {
                // AS-17: a `const __global` buffer is never written.
                self.b.decorate(
                    pid,
                    Decoration::FuncParamAttr,
                    [Operand::FunctionParameterAttribute(
                        FunctionParameterAttribute::NoWrite,
                    )],
                );
            }
            param_ids.push(pid);
        }
        for &(i, _, texel) in &images {
            let info = self.b.function_parameter(v2uint)?;
            self.b
                .name(info, format!("{}.format", f.locals[f.params[i]].name));
            self.vk_images.insert(
                param_ids[i],
                super::vk_images::VkImage {
                    value: param_ids[i],
                    info,
                    texel,
                },
            );
        }
        let label = self.b.begin_block(None)?;
        let mut st = FnState {
            f,
            locals: FxHashMap::default(),
            breaks: Vec::new(),
            continues: Vec::new(),
            label,
            used: BTreeSet::new(),
            called: BTreeSet::new(),
            sret,
            labels: FxHashMap::default(),
            samplers: FxHashMap::default(),
            call_results: FxHashMap::default(),
            on_stack: Default::default(),
            values: FxHashMap::default(),
            local_arrays: FxHashMap::default(),
            logical: f
                .params
                .iter()
                .enumerate()
                .filter(|&(i, _)| self.stack.logical_params.contains(&(fh, i)))
                .map(|(_, &p)| p)
                .collect(),
            local_index: Default::default(),
        };
        // Every variable is an OpVariable at the top of the entry block, as SPIR-V requires.
        let mut stacked = Vec::new();
        let ssa = if self.opts.flavor.is_vulkan() {
            unassigned_pointer_params(self.m, f)
        } else {
            Default::default()
        };
        if let Some(li) = self.local_indices.get(&fh) {
            st.local_index = li.clone();
        }
        for (lh, l) in f.locals.iter() {
            if ssa.contains(&lh) {
                continue;
            }
            if st.local_index.is_var(lh) {
                // A `__local` pointer kept as an element index.
                let uint = self.scalar(clc_passes::ast::Scalar::Int {
                    width: 32,
                    signed: false,
                });
                let sc = self.function_class();
                let ptr = self.pointer_sc(sc, uint);
                let var = self.b.variable(ptr, None, sc, None);
                self.b.name(var, format!("{}.index", l.name));
                st.locals.insert(lh, var);
                continue;
            }
            if let Some(&var) = self.hoisted.get(&(fh, lh)) {
                st.locals.insert(lh, var);
                st.used.insert(var);
                continue;
            }
            if let Some(&offset) = self.stack.slots.get(&(fh, lh)) {
                stacked.push((lh, offset, AddressSpace::Private));
                continue;
            }
            if let Some(&offset) = self.local_frame.slots.get(&(fh, lh)) {
                stacked.push((lh, offset, AddressSpace::Local));
                continue;
            }
            let ty = self.ty(l.ty.ty, l.span)?;
            let sc = self.function_class();
            let ptr = self.pointer_sc(sc, ty);
            let var = self.b.variable(ptr, None, sc, None);
            self.b.name(var, l.name.clone());
            // A variable holding a `__local` pointer.
            self.note_logical_pointer(l.ty.ty);
            if self.is_buffer_pointer(array_elem(self.m, l.ty.ty)) {
                // A variable holding buffer addresses (one, or an array of them) says whether
                // they alias.
                let restrict = f
                    .params
                    .iter()
                    .position(|&p| p == lh)
                    .is_some_and(|i| restrict_param(f, i));
                let d = if restrict {
                    Decoration::RestrictPointer
                } else {
                    Decoration::AliasedPointer
                };
                self.b.decorate(var, d, []);
            }
            st.locals.insert(lh, var);
        }
        // Storage for the results of calls that return structs.
        let mut call_results = Vec::new();
        for (eh, e) in f.exprs.iter() {
            if let ExprKind::Call { function, .. } = e.kind {
                if self.returns_aggregate(&self.m.functions[function]) {
                    let ty = self.ty(e.ty, e.span)?;
                    let sc = self.function_class();
                    let ptr = self.pointer_sc(sc, ty);
                    let var = self.b.variable(ptr, None, sc, None);
                    call_results.push((eh, var));
                }
            }
        }
        st.call_results.extend(call_results);
        // Escaping private objects: addresses in this work-item's stack frame; `__local`
        // variables of a flat-generic module: in this work-group's local frame.
        for (lh, offset, space) in stacked {
            let l = &f.locals[lh];
            self.check_buffer_type(l.ty.ty, l.span)?;
            let ty = self.ty(l.ty.ty, l.span)?;
            let sc = self.storage_class(space, Site::Pointee);
            let ptr_ty = self.pointer_sc(sc, ty);
            let nd = self.ndrange();
            let base = match space {
                AddressSpace::Local => nd.local_frame,
                _ => nd.frame,
            };
            let ptr = self.stack_address(&mut st.used, base, offset, ptr_ty)?;
            st.locals.insert(lh, ptr);
            st.on_stack.insert(lh);
        }
        // Parameters are objects that can be assigned and have their address taken.
        for ((&p, &pid), &copy) in f.params.iter().zip(&param_ids).zip(&by_val) {
            if ssa.contains(&p) {
                st.values.insert(p, pid);
                let i = f.params.iter().position(|&q| q == p).unwrap_or(usize::MAX);
                if let Some(&a) = self.local_args.get(&(fh, i)) {
                    if !self.called_functions.contains(&fh) {
                        st.local_arrays.insert(p, a);
                    }
                }
                continue;
            }
            let var = st.locals[&p];
            if st.local_index.is_var(p) {
                // A `__local` index parameter that is assigned: its variable.
                self.b.store(var, pid, None, [])?;
            } else if copy {
                // The Intel CPU runtime does not implement OpCopyMemory: load and store.
                let ty = self.ty(f.locals[p].ty.ty, f.locals[p].span)?;
                let value = self.b.load(ty, None, pid, None, [])?;
                self.b.store(var, value, None, [])?;
            } else {
                let sc = self.local_class(&st, p);
                self.store_to(var, pid, sc, f.locals[p].ty.ty)?;
            }
        }
        self.block(&mut st, &f.body)?;
        if self.b.selected_block().is_some() {
            if matches!(self.m.types.get(f.result.ty), Type::Void) || st.sret.is_some() {
                self.b.ret()?;
            } else {
                // Falling off the end of a non-void function is undefined behaviour.
                self.b.unreachable()?;
            }
        }
        self.b.end_function()?;
        self.uses.insert(id, (st.used, st.called));
        Ok(())
    }

    /// The module-scope `Workgroup` variable of `__local` variable `lh` of kernel `fh`
    /// (declared on first use: a helper may reach it through a `__local` index).
    pub(super) fn hoisted_local(
        &mut self,
        fh: Handle<Function>,
        lh: Handle<Local>,
    ) -> Result<Word> {
        if let Some(&var) = self.hoisted.get(&(fh, lh)) {
            return Ok(var);
        }
        let f = &self.m.functions[fh];
        let l = &f.locals[lh];
        let ty = self.ty(l.ty.ty, l.span)?;
        let sc = self
            .opts
            .flavor
            .storage_class(AddressSpace::Local, Site::ModuleVariable);
        let ptr = self.pointer_sc(sc, ty);
        let var = self.module_variable(ptr, sc, None);
        self.b.name(var, format!("{}.{}", f.name, l.name));
        self.hoisted.insert((fh, lh), var);
        Ok(var)
    }

    fn label_block(&mut self, st: &mut FnState<'_>, l: u32) -> Word {
        match st.labels.get(&l) {
            Some(&id) => id,
            None => {
                let id = self.b.id();
                st.labels.insert(l, id);
                id
            }
        }
    }

    /// `for (i = init; i < limit; i = step(i)) body(i)` over `ulong`s, with structured
    /// control flow (the counter in a Function variable).
    pub(super) fn ulong_loop(
        &mut self,
        st: &mut FnState<'_>,
        (init, limit): (Word, Word),
        at: Span,
        body: impl FnOnce(&mut Self, &mut FnState<'_>, Word) -> Result<()>,
        step: impl FnOnce(&mut Self, Word) -> Result<Word>,
    ) -> Result<()> {
        let ulong = self.scalar(clc_passes::ast::Scalar::Int {
            width: 64,
            signed: false,
        });
        let fc = self.function_class();
        let ulong_ptr = self.pointer_sc(fc, ulong);
        let counter = self.function_variable(ulong_ptr, at)?;
        self.b.store(counter, init, None, [])?;
        let (header, check, body_l, cont, merge) = (
            self.b.id(),
            self.b.id(),
            self.b.id(),
            self.b.id(),
            self.b.id(),
        );
        self.b.branch(header)?;
        self.begin(st, header)?;
        self.b
            .loop_merge(merge, cont, rspirv::spirv::LoopControl::NONE, [])?;
        self.b.branch(check)?;
        self.begin(st, check)?;
        let i = self.b.load(ulong, None, counter, None, [])?;
        let bt = self.bool_ty_n(1);
        let more = self.b.u_less_than(bt, None, i, limit)?;
        self.b.branch_conditional(more, body_l, merge, [])?;
        self.begin(st, body_l)?;
        body(self, st, i)?;
        self.b.branch(cont)?;
        self.begin(st, cont)?;
        let next = step(self, i)?;
        self.b.store(counter, next, None, [])?;
        self.b.branch(header)?;
        self.begin(st, merge)
    }

    /// A new `Function` variable of pointer type `ptr`, placed at the top of the current
    /// function's entry block (where SPIR-V requires variables), whatever block is open.
    pub(super) fn function_variable(&mut self, ptr: Word, at: Span) -> Result<Word> {
        let Some(f) = self.b.selected_function() else {
            return bug(at, "a function variable outside a function");
        };
        let id = self.b.id();
        let sc = self.function_class();
        let inst = rspirv::dr::Instruction::new(
            rspirv::spirv::Op::Variable,
            Some(ptr),
            Some(id),
            vec![Operand::StorageClass(sc)],
        );
        match self.b.module_mut().functions[f].blocks.first_mut() {
            Some(entry) => entry.instructions.insert(0, inst),
            None => return bug(at, "a function without an entry block"),
        }
        Ok(id)
    }

    /// Whether values of AST type `ty` are Vulkan buffer-device-address pointers.
    pub(super) fn is_buffer_pointer(&self, ty: Handle<Type>) -> bool {
        self.opts.flavor.is_vulkan()
            && self.pointee_class(ty) == Some(StorageClass::PhysicalStorageBuffer)
    }

    /// The storage class of a function's own variables.
    pub(super) fn function_class(&self) -> StorageClass {
        self.storage_class(AddressSpace::Private, Site::FunctionVariable)
    }

    /// Whether `f` returns a struct (through a result pointer).
    pub(super) fn returns_aggregate(&self, f: &Function) -> bool {
        matches!(self.m.types.get(f.result.ty), Type::Struct(_))
    }

    /// Starts a new block and records its label.
    pub(super) fn begin(&mut self, st: &mut FnState<'_>, label: Word) -> Result<()> {
        self.b.begin_block(Some(label))?;
        st.label = label;
        Ok(())
    }

    fn open(&self) -> bool {
        self.b.selected_block().is_some()
    }

    /// Whether to mark a loop without an unroll hint `Unroll` ([`Options::unroll_counted_loops`]):
    /// a `for`/`while` loop whose trip count is a constant from 2 to [`UNROLL_MAX_TRIPS`]
    /// ([`clc_passes::trip_count`]) and whose body, repeated that often, stays under
    /// [`UNROLL_MAX_SIZE`] expressions. Unrolled, such a loop's counter becomes a constant in
    /// each copy (fft256's twiddle angles, its `__local` offsets): 1.26× on the H200.
    fn counted_loop_to_unroll(
        &self,
        st: &FnState<'_>,
        init: &Block,
        cond: Option<Handle<clc_passes::ast::Expr>>,
        body: &Block,
        step: Option<Handle<clc_passes::ast::Expr>>,
        test_after: bool,
    ) -> bool {
        if !self.opts.unroll_counted_loops || test_after || self.divides_doubles(st, body) {
            return false;
        }
        let size = clc_passes::trip_count::block_size(st.f, body) as u64;
        clc_passes::trip_count::constant_trip_count(
            &self.m.types,
            st.f,
            init,
            cond,
            body,
            step,
            UNROLL_MAX_TRIPS,
        )
        .is_some_and(|n| n >= 2 && n * size <= UNROLL_MAX_SIZE)
    }

    /// Whether `body` divides `double`s or calls a `double` builtin. Unrolled, a divisor
    /// that depended on the counter becomes a constant, and NVIDIA's compiler turns a
    /// `double` division by a constant into a multiplication by its reciprocal, which is not
    /// correctly rounded as OpenCL requires (`kernels/types/double_arith`: 1 ulp off on the
    /// H100 when its `acc += x / n` loop was unrolled). `/` of doubles is now correctly
    /// rounded whatever the divisor (`vkmath::exact::divide`); the rule stays for the
    /// built-ins, whose helpers divide with plain `OpFDiv`.
    fn divides_doubles(&self, st: &FnState<'_>, body: &Block) -> bool {
        let double = |t| {
            matches!(self.m.types.as_scalar(t), Some(Scalar::Float { width: 64 }))
                || matches!(
                    self.m.types.get(t),
                    Type::Vector {
                        elem: Scalar::Float { width: 64 },
                        ..
                    }
                )
        };
        clc_passes::trip_count::any_expr(st.f, body, &mut |e| match &st.f.exprs[e].kind {
            ExprKind::Binary(BinaryOp::Div | BinaryOp::Rem, ..) | ExprKind::Builtin { .. } => {
                double(st.f.exprs[e].ty)
            }
            ExprKind::CompoundAssign {
                op: BinaryOp::Div | BinaryOp::Rem,
                compute,
                ..
            } => double(*compute),
            _ => false,
        })
    }

    fn block(&mut self, st: &mut FnState<'_>, block: &Block) -> Result<()> {
        for s in &block.stmts {
            if !self.open() && !matches!(s.kind, StmtKind::Label(_)) {
                // Statements after break/continue/return are unreachable; they still get a
                // block, since a label inside them may be a goto's target.
                let dead = self.b.id();
                self.begin(st, dead)?;
            }
            self.stmt(st, &s.kind, s.span)?;
        }
        Ok(())
    }

    fn stmt(&mut self, st: &mut FnState<'_>, kind: &StmtKind, span: Span) -> Result<()> {
        self.line(span);
        match kind {
            StmtKind::Block(b) => self.block(st, b),
            StmtKind::Expr(e) => {
                self.effect(st, *e)?;
                Ok(())
            }
            StmtKind::Decl { local, init } => {
                let Some(init) = init else { return Ok(()) };
                let var = st.locals[local];
                if st.local_index.is_var(*local) {
                    let Init::Expr(e) = init else {
                        return super::bug(span, "a __local index variable's initializer");
                    };
                    let flat = self.local_flat(st, *e)?;
                    self.b.store(var, flat, None, [])?;
                    return Ok(());
                }
                let ty = st.f.locals[*local].ty.ty;
                let sc = self.local_class(st, *local);
                self.store_init(st, var, ty, sc, init, span)
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.condition(st, *cond)?;
                let (then_l, merge) = (self.b.id(), self.b.id());
                let else_l = if otherwise.is_some() {
                    self.b.id()
                } else {
                    merge
                };
                self.b.selection_merge(merge, SelectionControl::NONE)?;
                self.b.branch_conditional(c, then_l, else_l, [])?;
                self.begin(st, then_l)?;
                self.block(st, then)?;
                if self.open() {
                    self.b.branch(merge)?;
                }
                if let Some(o) = otherwise {
                    self.begin(st, else_l)?;
                    self.block(st, o)?;
                    if self.open() {
                        self.b.branch(merge)?;
                    }
                }
                self.begin(st, merge)
            }
            StmtKind::Loop {
                init,
                cond,
                body,
                step,
                test_after,
                unroll,
            } => {
                self.block(st, init)?;
                if !self.open() {
                    return Ok(());
                }
                let (header, body_l, cont, merge) =
                    (self.b.id(), self.b.id(), self.b.id(), self.b.id());
                self.b.branch(header)?;
                self.begin(st, header)?;
                let (control, params) = match unroll {
                    Unroll::None
                        if self.counted_loop_to_unroll(
                            st,
                            init,
                            *cond,
                            body,
                            *step,
                            *test_after,
                        ) =>
                    {
                        (LoopControl::UNROLL, vec![])
                    }
                    Unroll::None => (LoopControl::NONE, vec![]),
                    Unroll::Full => (LoopControl::UNROLL, vec![]),
                    Unroll::Disable => (LoopControl::DONT_UNROLL, vec![]),
                    // PartialCount is SPIR-V 1.4; before it a count is a hint with no encoding.
                    Unroll::Count(n) if self.opts.version >= (1, 4) => {
                        (LoopControl::PARTIAL_COUNT, vec![Operand::LiteralBit32(*n)])
                    }
                    Unroll::Count(_) => (LoopControl::NONE, vec![]),
                };
                self.b.loop_merge(merge, cont, control, params)?;
                match cond {
                    Some(c) if !test_after => {
                        let check = self.b.id();
                        self.b.branch(check)?;
                        self.begin(st, check)?;
                        let v = self.condition(st, *c)?;
                        self.b.branch_conditional(v, body_l, merge, [])?;
                    }
                    _ => self.b.branch(body_l)?,
                }
                self.begin(st, body_l)?;
                st.breaks.push(merge);
                st.continues.push(cont);
                let r = self.block(st, body);
                st.breaks.pop();
                st.continues.pop();
                r?;
                if self.open() {
                    self.b.branch(cont)?;
                }
                self.begin(st, cont)?;
                if let Some(s) = step {
                    self.effect(st, *s)?;
                }
                match cond {
                    Some(c) if *test_after => {
                        let v = self.condition(st, *c)?;
                        self.b.branch_conditional(v, header, merge, [])?;
                    }
                    _ => self.b.branch(header)?,
                }
                self.begin(st, merge)
            }
            StmtKind::Break => match st.breaks.last() {
                Some(&merge) => Ok(self.b.branch(merge)?),
                None => bug(span, "'break' outside a loop or switch"),
            },
            StmtKind::Continue => match st.continues.last() {
                Some(&cont) => Ok(self.b.branch(cont)?),
                None => bug(span, "'continue' outside a loop"),
            },
            StmtKind::Switch { cond, cases } => self.switch(st, *cond, cases),
            // Labels and gotos are plain branches: unstructured control flow, which the OpenCL
            // environment accepts. Vulkan's must be structured: `structure-gotos` removed them.
            StmtKind::Goto(_) | StmtKind::Label(_) if self.opts.flavor.is_vulkan() => bug(
                span,
                "a goto reached the Vulkan writer (structure-gotos runs first)",
            ),
            StmtKind::Goto(l) => {
                let target = self.label_block(st, *l);
                Ok(self.b.branch(target)?)
            }
            StmtKind::Label(l) => {
                let target = self.label_block(st, *l);
                if self.open() {
                    self.b.branch(target)?;
                }
                self.begin(st, target)
            }
            StmtKind::Return(None) => Ok(self.b.ret()?),
            StmtKind::Return(Some(e)) => {
                let v = self.value(st, *e)?;
                match st.sret {
                    Some(p) => {
                        self.b.store(p, v, None, [])?;
                        Ok(self.b.ret()?)
                    }
                    None => Ok(self.b.ret_value(v)?),
                }
            }
        }
    }

    /// A structured `OpSwitch`: one block per case group in source order, each falling
    /// through to the next, `break` to the merge block.
    fn switch(
        &mut self,
        st: &mut FnState<'_>,
        cond: Handle<clc_passes::ast::Expr>,
        cases: &[SwitchCase],
    ) -> Result<()> {
        let selector = self.value(st, cond)?;
        let wide = matches!(
            self.m.types.as_scalar(st.f.exprs[cond].ty),
            Some(Scalar::Int { width: 64, .. })
        );
        let merge = self.b.id();
        let labels: Vec<Word> = cases.iter().map(|_| self.b.id()).collect();
        let default = cases
            .iter()
            .position(|c| c.is_default)
            .map_or(merge, |i| labels[i]);
        let mut targets = Vec::new();
        for (c, &l) in cases.iter().zip(&labels) {
            for &v in &c.values {
                let lit = if wide {
                    Operand::LiteralBit64(v)
                } else {
                    Operand::LiteralBit32(v as u32)
                };
                targets.push((lit, l));
            }
        }
        self.b.selection_merge(merge, SelectionControl::NONE)?;
        self.b.switch(selector, default, targets)?;
        st.breaks.push(merge);
        for (i, c) in cases.iter().enumerate() {
            self.begin(st, labels[i])?;
            let r = self.block(st, &c.body);
            if r.is_err() {
                st.breaks.pop();
                return r;
            }
            if self.open() {
                self.b.branch(labels.get(i + 1).copied().unwrap_or(merge))?;
            }
        }
        st.breaks.pop();
        self.begin(st, merge)
    }

    /// Stores an initializer into the object at `ptr`.
    /// Initializes a member of a packed struct stored as bytes (`bytes.rs`): through a
    /// cast pointer in buffer memory, else from the bytes of its value.
    #[allow(clippy::too_many_arguments)]
    fn store_init_bytes(
        &mut self,
        st: &mut FnState<'_>,
        ptr: Word,
        (ty, field): (Handle<Type>, u32),
        member: Handle<Type>,
        sc: StorageClass,
        init: &Init,
        span: Span,
    ) -> Result<()> {
        let Type::Struct(d) = *self.m.types.get(ty) else {
            return bug(span, "bytes of a member of a non-struct");
        };
        let bytes_ty = self.bytes_ty(member);
        let bytes_ptr = self.pointer_sc(sc, bytes_ty);
        let idx = self.u32_const(self.member_index(d, field));
        let at = self.b.in_bounds_access_chain(bytes_ptr, None, ptr, [idx])?;
        if sc == StorageClass::PhysicalStorageBuffer {
            let mt = self.ty(member, span)?;
            let mp = self.pointer_sc(sc, mt);
            let cast = self.b.bitcast(mp, None, at)?;
            return self.store_init(st, cast, member, sc, init, span);
        }
        let bytes = match init {
            Init::Expr(e) => {
                let v = self.value(st, *e)?;
                self.to_bytes(v, member, span)?
            }
            Init::Zero => self.null(bytes_ty),
            Init::List(items) => {
                // A vector member: its components.
                let Some((s, n)) = self.numeric(member) else {
                    return bug(span, "a braced initializer for a scalar member");
                };
                let comp_ty = self.numeric_ty((s, 1));
                let mut parts = Vec::with_capacity(usize::from(n));
                for item in items {
                    match item {
                        Init::Expr(e) => parts.push(self.value(st, *e)?),
                        Init::Zero => parts.push(self.null(comp_ty)),
                        Init::List(_) => return bug(span, "a nested list for a vector component"),
                    }
                }
                parts.resize(usize::from(n), self.null(comp_ty));
                let vt = self.numeric_ty((s, n));
                let v = self.b.composite_construct(vt, None, parts)?;
                self.to_bytes(v, member, span)?
            }
        };
        self.store_to(at, bytes, sc, member)
    }

    pub(super) fn store_init(
        &mut self,
        st: &mut FnState<'_>,
        ptr: Word,
        ty: Handle<Type>,
        sc: StorageClass,
        init: &Init,
        span: Span,
    ) -> Result<()> {
        match init {
            Init::Expr(e) => {
                let v = self.value(st, *e)?;
                self.store_to(ptr, v, sc, ty)?;
            }
            Init::Zero => {
                let t = self.ty(ty, span)?;
                let z = self.null(t);
                self.store_to(ptr, z, sc, ty)?;
            }
            Init::List(items) if matches!(self.m.types.get(ty), Type::Vector { .. }) => {
                // `int2 p = (int2)(a, b)` / `{a, b}`: the components, then one store.
                let Some(num) = self.numeric(ty) else {
                    return bug(span, "vector initializer");
                };
                let mut parts = Vec::new();
                for item in items {
                    parts.push(match item {
                        Init::Expr(e) => self.value(st, *e)?,
                        _ => self.const_n((num.0, 1), super::types::ConstScalar::Int(0)),
                    });
                }
                let vt = self.ty(ty, span)?;
                let v = self.build_vector(vt, &parts)?;
                self.store_to(ptr, v, sc, ty)?;
            }
            Init::List(items) => {
                let members: Vec<Handle<Type>> = match self.m.types.get(ty) {
                    Type::Array { elem, len } => vec![*elem; *len as usize],
                    Type::Struct(d) => self.m.types.structs[*d]
                        .fields
                        .iter()
                        .map(|f| f.ty)
                        .collect(),
                    _ => return bug(span, "initializer list for a scalar"),
                };
                let is_union = matches!(self.m.types.get(ty), Type::Struct(d) if self.m.types.structs[*d].is_union);
                if is_union {
                    // A union is initialized through its first member; zero the rest first.
                    let t = self.ty(ty, span)?;
                    let z = self.null(t);
                    self.store_to(ptr, z, sc, ty)?;
                }
                for (i, (item, m)) in items.iter().zip(members).enumerate() {
                    let mt = self.ty(m, span)?;
                    let mp = self.pointer_sc(sc, mt);
                    if self.byte_member(ty, i as u32).is_some() {
                        self.store_init_bytes(st, ptr, (ty, i as u32), m, sc, item, span)?;
                        continue;
                    }
                    let elem = if is_union {
                        self.b.bitcast(mp, None, ptr)?
                    } else {
                        let index = match self.m.types.get(ty) {
                            Type::Struct(d) => self.member_index(*d, i as u32),
                            _ => i as u32,
                        };
                        let idx = self.u32_const(index);
                        self.b.in_bounds_access_chain(mp, None, ptr, [idx])?
                    };
                    self.store_init(st, elem, m, sc, item, span)?;
                }
            }
        }
        Ok(())
    }
}

/// Whether parameter `i` of `f` is a kernel's `restrict` pointer.
fn restrict_param(f: &Function, i: usize) -> bool {
    f.kernel
        .as_ref()
        .is_some_and(|k| k.restrict_args.get(i) == Some(&true))
}

/// The functions a kernel calls, directly or through other functions (kernels included).
pub(super) fn reachable_from_kernels(m: &clc_passes::ast::Module) -> BTreeSet<Handle<Function>> {
    let mut seen: BTreeSet<Handle<Function>> = m
        .functions
        .iter()
        .filter(|(_, f)| f.kernel.is_some())
        .map(|(h, _)| h)
        .collect();
    let mut work: Vec<Handle<Function>> = seen.iter().copied().collect();
    while let Some(h) = work.pop() {
        for (_, e) in m.functions[h].exprs.iter() {
            if let ExprKind::Call { function, .. } = e.kind {
                if seen.insert(function) {
                    work.push(function);
                }
            }
        }
    }
    seen
}

/// The pointer parameters of `f` that its body never assigns, increments or takes the
/// address of: their value is the argument throughout.
pub(super) fn unassigned_pointer_params(
    m: &clc_passes::ast::Module,
    f: &Function,
) -> FxHashSet<Handle<Local>> {
    let mut out: FxHashSet<Handle<Local>> = f
        .params
        .iter()
        .copied()
        .filter(|&p| {
            let ty = f.locals[p].ty.ty;
            // Images cannot be held in variables on Vulkan.
            m.types.as_pointer(ty).is_some() || matches!(m.types.get(ty), Type::Image(_))
        })
        .collect();
    for (_, e) in f.exprs.iter() {
        let target = match &e.kind {
            ExprKind::Assign { place, .. }
            | ExprKind::CompoundAssign { place, .. }
            | ExprKind::IncDec { place, .. } => Some(*place),
            ExprKind::AddrOf(p) => Some(*p),
            _ => None,
        };
        if let Some(t) = target {
            if let ExprKind::Local(l) = f.exprs[t].kind {
                out.remove(&l);
            }
        }
    }
    out
}

/// The element type of (nested) arrays of `ty`, or `ty` itself.
fn array_elem(m: &clc_passes::ast::Module, mut ty: Handle<Type>) -> Handle<Type> {
    while let Type::Array { elem, .. } = m.types.get(ty) {
        ty = *elem;
    }
    ty
}
