//! Vulkan entry points (docs/VULKAN.md). A Vulkan compute entry point takes no parameters:
//! each kernel is emitted as an ordinary function, and a parameterless `GLCompute` entry
//! point reads the argument block, keeps the NDRange in `Private` variables for the
//! work-item functions, lets work-items past the global size return (non-uniform
//! work-groups) and calls the kernel with its arguments.

use super::flavor::vulkan::abi::{self, ArgSlot, KernelAbi};
use super::flavor::Site;
use super::{bug, unsupported, Result, Writer};
use clc_passes::ast::{AddressSpace, Function, Handle, Scalar, Type};
use rspirv::dr::Operand;
use rspirv::spirv::{
    BuiltIn, Decoration, ExecutionMode, ExecutionModel, FunctionControl, SelectionControl, Word,
};
use std::collections::BTreeSet;

/// The module-scope `Private` variables holding the NDRange of the running dispatch.
#[derive(Debug, Clone, Copy)]
pub(super) struct NdRange {
    /// `v3uint` global offset.
    pub offset: Word,
    /// `v3uint` global size.
    pub global_size: Word,
    /// `v3uint` enqueued local size.
    pub local_size: Word,
    /// `uint` work dimension.
    pub work_dim: Word,
    /// `ulong` address of the module data buffer.
    pub data: Word,
    /// `ulong` address of this work-item's private stack frame.
    pub frame: Word,
    /// Flat generic pointers: `ulong` address of this work-group's local frame (0 when
    /// the module has none: then it is never read).
    pub local_frame: Word,
    /// Flat generic pointers: `ulong` bytes of one work-group's local frame.
    pub local_frame_bytes: Word,
}

impl Writer<'_> {
    /// The 32-bit integer type.
    pub(super) fn uint(&mut self) -> Word {
        self.scalar(Scalar::Int {
            width: 32,
            signed: false,
        })
    }

    fn v3uint(&mut self) -> Word {
        let u = self.uint();
        self.b.type_vector(u, 3)
    }

    /// The `Private` variables of the NDRange, declared on first use.
    pub(super) fn ndrange(&mut self) -> NdRange {
        if let Some(r) = self.ndrange {
            return r;
        }
        let v3 = self.v3uint();
        let u = self.uint();
        let sc = self.storage_class(AddressSpace::Private, Site::ModuleVariable);
        let pv3 = self.pointer_sc(sc, v3);
        let pu = self.pointer_sc(sc, u);
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let pl = self.pointer_sc(sc, ulong);
        let var = |w: &mut Self, ptr, name: &str| {
            let id = w.module_variable(ptr, sc, None);
            w.b.name(id, format!("__clc_{name}"));
            id
        };
        let r = NdRange {
            offset: var(self, pv3, "global_offset"),
            global_size: var(self, pv3, "global_size"),
            local_size: var(self, pv3, "local_size"),
            work_dim: var(self, pu, "work_dim"),
            data: var(self, pl, "data"),
            frame: var(self, pl, "frame"),
            local_frame: 0,
            local_frame_bytes: 0,
        };
        let r = if self.opts.flat_generic {
            NdRange {
                local_frame: var(self, pl, "local_frame"),
                local_frame_bytes: var(self, pl, "local_frame_bytes"),
                ..r
            }
        } else {
            r
        };
        self.ndrange = Some(r);
        r
    }

    /// A Vulkan `Input` built-in (`v3uint` or `uint`), declared on first use.
    pub(super) fn vk_input(&mut self, builtin: BuiltIn) -> (Word, Word) {
        let ty = match builtin {
            BuiltIn::LocalInvocationIndex
            | BuiltIn::SubgroupSize
            | BuiltIn::SubgroupId
            | BuiltIn::SubgroupLocalInvocationId
            | BuiltIn::NumSubgroups => self.uint(),
            _ => self.v3uint(),
        };
        (self.input_variable(builtin, ty), ty)
    }

    /// Loads a `v3uint` input built-in, recording the use.
    pub(super) fn vk_load_input(&mut self, used: &mut BTreeSet<Word>, b: BuiltIn) -> Result<Word> {
        let (var, ty) = self.vk_input(b);
        used.insert(var);
        Ok(self.b.load(ty, None, var, None, [])?)
    }

    /// The work-group size every kernel of the module runs with: the `WorkgroupSize`
    /// built-in made of specialization constants 0, 1 and 2, unless every kernel has a
    /// `reqd_work_group_size` (then each entry point's `LocalSize`).
    pub(super) fn workgroup_size_constant(&mut self) -> Option<Word> {
        let all_fixed = self
            .m
            .functions
            .iter()
            .filter_map(|(_, f)| f.kernel.as_ref())
            .all(|k| k.reqd_work_group_size.is_some());
        if all_fixed {
            return None;
        }
        if let Some(id) = self.workgroup_size {
            return Some(id);
        }
        let u = self.uint();
        let mut parts = Vec::new();
        for (i, id) in abi::WORKGROUP_SIZE_SPEC_IDS.into_iter().enumerate() {
            let c = self.b.spec_constant_bit32(u, if i == 0 { 64 } else { 1 });
            self.b
                .decorate(c, Decoration::SpecId, [Operand::LiteralBit32(id)]);
            parts.push(c);
        }
        let v3 = self.v3uint();
        let id = self.b.spec_constant_composite(v3, parts);
        self.b.decorate(
            id,
            Decoration::BuiltIn,
            [Operand::BuiltIn(BuiltIn::WorkgroupSize)],
        );
        self.workgroup_size = Some(id);
        Some(id)
    }

    /// Emits the entry point of kernel `fh`, whose body is the function `body`.
    pub(super) fn vulkan_entry(
        &mut self,
        fh: Handle<Function>,
        body: Word,
        kabi: &KernelAbi,
    ) -> Result<Word> {
        let f = &self.m.functions[fh];
        let span = f.span;
        let name = f.name.clone();
        let reqd = f.kernel.as_ref().and_then(|k| k.reqd_work_group_size);
        let u = self.uint();
        let v3 = self.v3uint();
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let mut used = BTreeSet::new();

        // The argument block: the header, then one member per argument in the block.
        let mut members = vec![u; 8];
        members.extend([ulong, ulong]);
        let mut offsets: Vec<u64> = vec![0, 4, 8, 12, 16, 20, 24, 28, 32, 40];
        let mut member_of_arg = Vec::new();
        // Flat `__local` arguments: (argument, block member of its offset in the frame).
        let mut local_offsets = Vec::new();
        // Image arguments: (descriptor variable, image type, block member of the format).
        let mut image_args = Vec::new();
        let v2uint = if kabi.args.iter().any(|a| matches!(a, ArgSlot::Image { .. })) {
            self.b.type_vector(u, 2)
        } else {
            0
        };
        for (i, (&p, slot)) in f.params.iter().zip(&kabi.args).enumerate() {
            match slot {
                ArgSlot::Block { offset, .. } | ArgSlot::Sampler { offset } => {
                    let l = &f.locals[p];
                    member_of_arg.push(Some(members.len() as u32));
                    members.push(self.ty(l.ty.ty, l.span)?);
                    offsets.push(*offset);
                }
                ArgSlot::LocalArray { .. } => member_of_arg.push(None),
                ArgSlot::LocalOffset { offset, .. } => {
                    member_of_arg.push(None);
                    local_offsets.push((i, members.len() as u32));
                    members.push(ulong);
                    offsets.push(*offset);
                }
                ArgSlot::Image {
                    binding, offset, ..
                } => {
                    let l = &f.locals[p];
                    let Type::Image(image) = self.m.types.get(l.ty.ty) else {
                        return bug(l.span, "image slot of a non-image");
                    };
                    let texel = self
                        .image_texels
                        .get(&(fh, i))
                        .copied()
                        .unwrap_or(super::vk_images::Texel::Float);
                    let ty = self.vk_image_type(*image, texel);
                    let sc = rspirv::spirv::StorageClass::UniformConstant;
                    let ptr = self.pointer_sc(sc, ty);
                    let var = self.module_variable(ptr, sc, None);
                    self.b.name(var, format!("{name}.{}", l.name));
                    self.b
                        .decorate(var, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
                    self.b
                        .decorate(var, Decoration::Binding, [Operand::LiteralBit32(*binding)]);
                    if image.access == clc_passes::ast::ImageAccess::WriteOnly {
                        self.b.decorate(var, Decoration::NonReadable, []);
                    }
                    used.insert(var);
                    image_args.push((i, var, ty, members.len() as u32));
                    member_of_arg.push(None);
                    members.push(v2uint);
                    offsets.push(*offset);
                }
                ArgSlot::Opaque => {
                    return unsupported(
                        f.locals[p].span,
                        "image, sampler and event arguments on the Vulkan target",
                    )
                }
            }
        }
        // The local frame's address and bytes per work-group.
        let frame_members = kabi.local_frame.map(|at| {
            let m = members.len() as u32;
            members.extend([ulong, ulong]);
            offsets.extend([at, at + 8]);
            m
        });
        let block_ty = self.b.id();
        self.b.type_struct_id(Some(block_ty), members.clone());
        self.b.decorate(block_ty, Decoration::Block, []);
        for (i, off) in offsets.iter().enumerate() {
            self.b.member_decorate(
                block_ty,
                i as u32,
                Decoration::Offset,
                [Operand::LiteralBit32(*off as u32)],
            );
        }
        self.b.name(block_ty, format!("{name}.args"));
        let block_sc = kabi.block_class();
        let block_ptr = self.pointer_sc(block_sc, block_ty);
        let block = self.module_variable(block_ptr, block_sc, None);
        if !kabi.push_constant {
            self.b
                .decorate(block, Decoration::DescriptorSet, [Operand::LiteralBit32(0)]);
            self.b
                .decorate(block, Decoration::Binding, [Operand::LiteralBit32(0)]);
        }
        used.insert(block);

        // `__local` arguments: the work-group arrays made by `local_arg_arrays`.
        let mut local_arrays = Vec::new();
        for i in 0..f.params.len() {
            let a = self.local_args.get(&(fh, i)).copied();
            if let Some((var, _, _)) = a {
                used.insert(var);
            }
            local_arrays.push(a);
        }
        let wg_size = self.workgroup_size_constant();

        let void = self.b.type_void();
        let fn_ty = self.b.type_function(void, []);
        let id = self.b.id();
        self.b
            .begin_function(void, Some(id), FunctionControl::NONE, fn_ty)?;
        self.b.name(id, name.clone());
        self.b.begin_block(None)?;

        // The header into the NDRange variables.
        let member = |w: &mut Self, i: u32, ty: Word| -> Result<Word> {
            let p = w.pointer_sc(block_sc, ty);
            let idx = w.u32_const(i);
            let ptr = w.b.access_chain(p, None, block, [idx])?;
            Ok(w.b.load(ty, None, ptr, None, [])?)
        };
        let mut offset = Vec::new();
        let mut size = Vec::new();
        for d in 0..3 {
            offset.push(member(self, abi::GLOBAL_OFFSET + d, u)?);
            size.push(member(self, abi::GLOBAL_SIZE + d, u)?);
        }
        let work_dim = member(self, abi::WORK_DIM, u)?;
        let offset = self.b.composite_construct(v3, None, offset)?;
        let size = self.b.composite_construct(v3, None, size)?;
        let local = match (wg_size, reqd) {
            (Some(c), _) => c,
            (None, Some([x, y, z])) => {
                let parts = [x, y, z].map(|v| self.u32_const(v));
                self.b.constant_composite(v3, parts)
            }
            (None, None) => return bug(span, "no work-group size"),
        };
        let nd = self.ndrange();
        let data = member(self, abi::DATA, ulong)?;
        let gid = self.vk_load_input(&mut used, BuiltIn::GlobalInvocationId)?;
        // This work-item's stack frame: stack + linear id × frame size.
        let frame = if self.stack.frame > 0 {
            let stack = member(self, abi::STACK, ulong)?;
            let v3ulong = self.b.type_vector(ulong, 3);
            let g = self.b.u_convert(v3ulong, None, gid)?;
            let n = self.b.u_convert(v3ulong, None, size)?;
            let linear = self.linear_index(g, n)?;
            let bytes = self.u64_const(self.stack.frame);
            let at = self.b.i_mul(ulong, None, linear, bytes)?;
            self.b.i_add(ulong, None, stack, at)?
        } else {
            self.u64_const(0)
        };
        // This work-group's local frame: frames + linear group id × frame size.
        let group_frame = match frame_members {
            Some(m) => {
                let frames = member(self, m, ulong)?;
                let bytes = member(self, m + 1, ulong)?;
                let v3ulong = self.b.type_vector(ulong, 3);
                let g = self.vk_load_input(&mut used, BuiltIn::WorkgroupId)?;
                let n = self.vk_load_input(&mut used, BuiltIn::NumWorkgroups)?;
                let g = self.b.u_convert(v3ulong, None, g)?;
                let n = self.b.u_convert(v3ulong, None, n)?;
                let linear = self.linear_index(g, n)?;
                let at = self.b.i_mul(ulong, None, linear, bytes)?;
                let base = self.b.i_add(ulong, None, frames, at)?;
                self.b.store(nd.local_frame, base, None, [])?;
                self.b.store(nd.local_frame_bytes, bytes, None, [])?;
                used.extend([nd.local_frame, nd.local_frame_bytes]);
                Some(base)
            }
            None => None,
        };
        for (var, v) in [
            (nd.offset, offset),
            (nd.global_size, size),
            (nd.local_size, local),
            (nd.work_dim, work_dim),
            (nd.data, data),
            (nd.frame, frame),
        ] {
            self.b.store(var, v, None, [])?;
            used.insert(var);
        }

        // Work-items past the global size do not exist.
        let bool3 = self.bool_ty_n(3);
        let bool1 = self.bool_ty_n(1);
        let outside = self.b.u_greater_than_equal(bool3, None, gid, size)?;
        let any = self.b.any(bool1, None, outside)?;
        let (exit, run) = (self.b.id(), self.b.id());
        self.b.selection_merge(run, SelectionControl::NONE)?;
        self.b.branch_conditional(any, exit, run, [])?;
        self.b.begin_block(Some(exit))?;
        self.b.ret()?;
        self.b.begin_block(Some(run))?;

        let mut args = Vec::new();
        let mut infos = Vec::new();
        for (i, &p) in f.params.iter().enumerate() {
            if let Some(&(_, var, ty, m)) = image_args.iter().find(|a| a.0 == i) {
                args.push(self.b.load(ty, None, var, None, [])?);
                infos.push(member(self, m, v2uint)?);
            } else if let (Some(&(_, m)), Some(base)) =
                (local_offsets.iter().find(|a| a.0 == i), group_frame)
            {
                let l = &f.locals[p];
                let ty = self.ty(l.ty.ty, l.span)?;
                let off = member(self, m, ulong)?;
                let at = self.b.i_add(ulong, None, base, off)?;
                args.push(self.b.convert_u_to_ptr(ty, None, at)?);
            } else if let Some(m) = member_of_arg[i] {
                let ty = members[m as usize];
                args.push(member(self, m, ty)?);
            } else if let Some((var, elem, sc)) = local_arrays[i] {
                let ptr = self.pointer_sc(sc, elem);
                let zero = self.u32_const(0);
                args.push(self.b.access_chain(ptr, None, var, [zero])?);
            } else {
                return bug(f.locals[p].span, "argument without a slot");
            }
        }
        args.extend(infos);
        self.b.function_call(void, None, body, args)?;
        self.b.ret()?;
        self.b.end_function()?;

        match (wg_size, reqd) {
            (None, Some([x, y, z])) => {
                self.b
                    .execution_mode(id, ExecutionMode::LocalSize, [x, y, z]);
            }
            _ => {
                // Overridden by the WorkgroupSize built-in; Vulkan still wants a size.
                self.b
                    .execution_mode(id, ExecutionMode::LocalSize, [1, 1, 1]);
            }
        }
        // OpenCL keeps NaNs, infinities and signed zeros unless fast-math options say
        // otherwise; Vulkan drivers may drop them without this mode (NVIDIA's folds
        // `isnan`-style comparisons).
        if self.opts.float.fast_math & (1 | 2 | 4) == 0 {
            use rspirv::spirv::Capability;
            self.capabilities
                .insert(Capability::SignedZeroInfNanPreserve);
            for (width, cap) in [
                (16, Capability::Float16),
                (32, Capability::Shader),
                (64, Capability::Float64),
            ] {
                if self.capabilities.contains(&cap) || width == 32 {
                    self.b
                        .execution_mode(id, ExecutionMode::SignedZeroInfNanPreserve, [width]);
                }
            }
        }
        // Half subnormals: kept where the device can (NVIDIA flushes them unless asked);
        // a host whose device lacks `shaderDenormPreserveFloat16` removes the mode
        // (docs/VULKAN.md; OpenCL lets half subnormals flush).
        if self
            .capabilities
            .contains(&rspirv::spirv::Capability::Float16)
        {
            self.capabilities
                .insert(rspirv::spirv::Capability::DenormPreserve);
            self.b
                .execution_mode(id, ExecutionMode::DenormPreserve, [16]);
        }
        let called: BTreeSet<Word> = [body].into_iter().collect();
        self.uses.insert(id, (used, called));
        Ok(id)
    }

    /// The work-group arrays of every kernel's `__local` arguments, sized by specialization
    /// constants; made before the kernel bodies, which index them directly.
    pub(super) fn local_arg_arrays(&mut self, abis: &[KernelAbi]) -> Result<()> {
        let u = self.uint();
        for kabi in abis {
            let f = &self.m.functions[kabi.function];
            for (i, (&p, slot)) in f.params.iter().zip(&kabi.args).enumerate() {
                let ArgSlot::LocalArray { spec_id, .. } = *slot else {
                    continue;
                };
                let l = &f.locals[p];
                let Type::Pointer { pointee, .. } = self.m.types.get(l.ty.ty).clone() else {
                    return bug(l.span, "__local argument that is not a pointer");
                };
                let elem = self.pointee_ty(pointee, l.span)?;
                let len = self.b.spec_constant_bit32(u, 1);
                self.b
                    .decorate(len, Decoration::SpecId, [Operand::LiteralBit32(spec_id)]);
                let arr = self.b.type_array(elem, len);
                let sc = self
                    .opts
                    .flavor
                    .storage_class(AddressSpace::Local, Site::ModuleVariable);
                let ptr = self.pointer_sc(sc, arr);
                let var = self.module_variable(ptr, sc, None);
                self.b.name(var, format!("{}.{}", f.name, l.name));
                self.local_args.insert((kabi.function, i), (var, elem, sc));
            }
        }
        Ok(())
    }

    /// Declares the Vulkan entry point of every kernel.
    pub(super) fn vulkan_entry_points(&mut self, entries: &[(Word, String)]) {
        for (id, name) in entries {
            let interface = self.interface(*id);
            self.b
                .entry_point(ExecutionModel::GLCompute, *id, name.clone(), interface);
        }
    }
}

impl Writer<'_> {
    /// The linear index `(z × sy + y) × sx + x` of the `v3ulong` position `id` in a grid of
    /// `v3ulong` size `size`.
    pub(super) fn linear_index(&mut self, id: Word, size: Word) -> Result<Word> {
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let c = |w: &mut Self, v: Word, i: u32| w.b.composite_extract(ulong, None, v, [i]);
        let (x, y, z) = (c(self, id, 0)?, c(self, id, 1)?, c(self, id, 2)?);
        let (sx, sy) = (c(self, size, 0)?, c(self, size, 1)?);
        let zy = self.b.i_mul(ulong, None, z, sy)?;
        let zy = self.b.i_add(ulong, None, zy, y)?;
        let zyx = self.b.i_mul(ulong, None, zy, sx)?;
        Ok(self.b.i_add(ulong, None, zyx, x)?)
    }

    /// Vulkan: this work-item's place in its (maybe partial) work-group: its local linear
    /// id, the number of work-items in the group, and the group's size in each dimension
    /// (all `ulong`).
    pub(super) fn vk_group_geometry(
        &mut self,
        used: &mut BTreeSet<Word>,
        span: clc_passes::diag::Span,
    ) -> Result<(Word, Word, [Word; 3])> {
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let id = self.vk_work_item(used, clc_passes::ast::builtin::WorkItem::LocalId, span)?;
        let size = self.vk_work_item(used, clc_passes::ast::builtin::WorkItem::LocalSize, span)?;
        let linear = self.linear_index(id, size)?;
        let c = |w: &mut Self, i: u32| w.b.composite_extract(ulong, None, size, [i]);
        let dims = [c(self, 0)?, c(self, 1)?, c(self, 2)?];
        let items = self.b.i_mul(ulong, None, dims[0], dims[1])?;
        let items = self.b.i_mul(ulong, None, items, dims[2])?;
        Ok((linear, items, dims))
    }

    /// `(ptr_ty) (*base + offset)`: an object in the data buffer or the stack frame whose
    /// address is held by the `Private` variable `base`.
    pub(super) fn stack_address(
        &mut self,
        used: &mut BTreeSet<Word>,
        base: Word,
        offset: u64,
        ptr_ty: Word,
    ) -> Result<Word> {
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        used.insert(base);
        let b = self.b.load(ulong, None, base, None, [])?;
        let off = self.u64_const(offset);
        let a = self.b.i_add(ulong, None, b, off)?;
        Ok(self.b.convert_u_to_ptr(ptr_ty, None, a)?)
    }

    /// A work-item function's value on Vulkan, before selecting a dimension: `v3ulong` for
    /// the vector ones, `uint` for `get_work_dim`, `ulong` for the linear ids.
    pub(super) fn vk_work_item(
        &mut self,
        used: &mut BTreeSet<Word>,
        w: clc_passes::ast::builtin::WorkItem,
        span: clc_passes::diag::Span,
    ) -> Result<Word> {
        use clc_passes::ast::builtin::WorkItem as W;
        let u = self.uint();
        let v3 = self.v3uint();
        let ulong = self.scalar(Scalar::Int {
            width: 64,
            signed: false,
        });
        let v3ulong = self.b.type_vector(ulong, 3);
        let nd = self.ndrange();
        let private =
            |w: &mut Self, used: &mut BTreeSet<Word>, var: Word, ty: Word| -> Result<Word> {
                used.insert(var);
                Ok(w.b.load(ty, None, var, None, [])?)
            };
        let v = match w {
            W::WorkDim => return private(self, used, nd.work_dim, u),
            W::GlobalSize => private(self, used, nd.global_size, v3)?,
            W::GlobalOffset => private(self, used, nd.offset, v3)?,
            W::EnqueuedLocalSize => private(self, used, nd.local_size, v3)?,
            W::GlobalId => {
                let off = private(self, used, nd.offset, v3)?;
                let gid = self.vk_load_input(used, BuiltIn::GlobalInvocationId)?;
                let id = self.b.u_convert(v3ulong, None, gid)?;
                let off = self.b.u_convert(v3ulong, None, off)?;
                return Ok(self.b.i_add(v3ulong, None, id, off)?);
            }
            W::LocalId => self.vk_load_input(used, BuiltIn::LocalInvocationId)?,
            W::GroupId => self.vk_load_input(used, BuiltIn::WorkgroupId)?,
            W::NumGroups => self.vk_load_input(used, BuiltIn::NumWorkgroups)?,
            W::LocalSize => {
                // The last work-group of a non-uniform NDRange is smaller.
                let ls = private(self, used, nd.local_size, v3)?;
                let gs = private(self, used, nd.global_size, v3)?;
                let group = self.vk_load_input(used, BuiltIn::WorkgroupId)?;
                let start = self.b.i_mul(v3, None, group, ls)?;
                let rest = self.b.i_sub(v3, None, gs, start)?;
                let set = self.ext;
                self.b.ext_inst(
                    v3,
                    None,
                    set,
                    rspirv::spirv::GlslStd450Op::UMin as u32,
                    [Operand::IdRef(ls), Operand::IdRef(rest)],
                )?
            }
            W::GlobalLinearId => {
                let gid = self.vk_load_input(used, BuiltIn::GlobalInvocationId)?;
                let gs = private(self, used, nd.global_size, v3)?;
                let gid = self.b.u_convert(v3ulong, None, gid)?;
                let gs = self.b.u_convert(v3ulong, None, gs)?;
                return self.linear_index(gid, gs);
            }
            W::LocalLinearId => {
                let (var, ty) = self.vk_input(BuiltIn::LocalInvocationIndex);
                used.insert(var);
                let i = self.b.load(ty, None, var, None, [])?;
                return Ok(self.b.u_convert(ulong, None, i)?);
            }
            W::SubGroupId | W::SubGroupLocalId => {
                self.capabilities
                    .insert(rspirv::spirv::Capability::GroupNonUniform);
                let b = if w == W::SubGroupId {
                    BuiltIn::SubgroupId
                } else {
                    BuiltIn::SubgroupLocalInvocationId
                };
                let (var, ty) = self.vk_input(b);
                used.insert(var);
                return Ok(self.b.load(ty, None, var, None, [])?);
            }
            W::SubGroupSize | W::MaxSubGroupSize | W::NumSubGroups | W::EnqueuedNumSubGroups => {
                return self.vk_sub_group_count(used, w, span)
            }
        };
        Ok(self.b.u_convert(v3ulong, None, v)?)
    }

    /// Vulkan: OpenCL's sub-group sizes and counts from the device's subgroup size `S`, the
    /// work-group's items `n` (fewer in the last group of a non-uniform NDRange) and those
    /// enqueued `e`: sub-groups are consecutive runs of `S` linear local ids, so this one
    /// has `min(S, n - id·S)` items, there are `ceil(n / S)` (`ceil(e / S)` enqueued), and at
    /// most `min(S, e)` items in one.
    fn vk_sub_group_count(
        &mut self,
        used: &mut BTreeSet<Word>,
        w: clc_passes::ast::builtin::WorkItem,
        span: clc_passes::diag::Span,
    ) -> Result<Word> {
        use clc_passes::ast::builtin::WorkItem as W;
        self.capabilities
            .insert(rspirv::spirv::Capability::GroupNonUniform);
        let u = self.uint();
        let (var, _) = self.vk_input(BuiltIn::SubgroupSize);
        used.insert(var);
        let s = self.b.load(u, None, var, None, [])?;
        let items = |wr: &mut Self, used: &mut BTreeSet<Word>, which: W| -> Result<Word> {
            let v3 = wr.v3uint();
            let size = match which {
                W::LocalSize => {
                    let (_, n, _) = wr.vk_group_geometry(used, span)?;
                    return Ok(wr.b.u_convert(u, None, n)?);
                }
                _ => {
                    let nd = wr.ndrange();
                    used.insert(nd.local_size);
                    wr.b.load(v3, None, nd.local_size, None, [])?
                }
            };
            let c = |wr: &mut Self, i: u32| wr.b.composite_extract(u, None, size, [i]);
            let (x, y, z) = (c(wr, 0)?, c(wr, 1)?, c(wr, 2)?);
            let xy = wr.b.i_mul(u, None, x, y)?;
            Ok(wr.b.i_mul(u, None, xy, z)?)
        };
        let one = self.u32_const(1);
        let ceil_div = |wr: &mut Self, a: Word| -> Result<Word> {
            let am = wr.b.i_add(u, None, a, s)?;
            let am = wr.b.i_sub(u, None, am, one)?;
            Ok(wr.b.u_div(u, None, am, s)?)
        };
        let umin = |wr: &mut Self, a: Word, b: Word| -> Result<Word> {
            let set = wr.ext;
            Ok(wr.b.ext_inst(
                u,
                None,
                set,
                rspirv::spirv::GlslStd450Op::UMin as u32,
                [Operand::IdRef(a), Operand::IdRef(b)],
            )?)
        };
        match w {
            W::SubGroupSize => {
                let n = items(self, used, W::LocalSize)?;
                let (id_var, _) = self.vk_input(BuiltIn::SubgroupId);
                used.insert(id_var);
                let id = self.b.load(u, None, id_var, None, [])?;
                let start = self.b.i_mul(u, None, id, s)?;
                let rest = self.b.i_sub(u, None, n, start)?;
                umin(self, s, rest)
            }
            W::MaxSubGroupSize => {
                let e = items(self, used, W::EnqueuedLocalSize)?;
                umin(self, s, e)
            }
            W::NumSubGroups => {
                let n = items(self, used, W::LocalSize)?;
                ceil_div(self, n)
            }
            _ => {
                let e = items(self, used, W::EnqueuedLocalSize)?;
                ceil_div(self, e)
            }
        }
    }
}
