//! The Vulkan flavour (SPEC.md §Mapping, Vulkan column): compute shaders whose C pointers
//! into `__global` and `__constant` memory are buffer device addresses.

use super::Site;
use clc_passes::ast::AddressSpace;
use rspirv::spirv::{
    Capability, GlslStd450Op, MemorySemantics, OpenclStd100Op, StorageClass, Word,
};

/// Address space → storage class, by where the object is.
pub fn storage_class(space: AddressSpace, site: Site) -> StorageClass {
    match (space, site) {
        (AddressSpace::Global, _) => StorageClass::PhysicalStorageBuffer,
        // Program-scope `__constant` data lives in the module data buffer, so pointers to
        // it and to `__constant` arguments are alike: buffer device addresses.
        (AddressSpace::Constant, _) => StorageClass::PhysicalStorageBuffer,
        (AddressSpace::Local, _) => StorageClass::Workgroup,
        (AddressSpace::Private, Site::ModuleVariable) => StorageClass::Private,
        (AddressSpace::Private, Site::FunctionVariable) => StorageClass::Function,
        // Private objects whose address is taken live in the per-work-item stack.
        (AddressSpace::Private, Site::Pointee) => StorageClass::PhysicalStorageBuffer,
        // Generic pointers are resolved before the backend; one that is left is rejected
        // where its type is lowered.
        (AddressSpace::Generic, _) => StorageClass::Generic,
    }
}

/// The mapping of a module with *flat* generic pointers (docs/VULKAN.md, "Generic pointers
/// chosen at run time"): every object a generic pointer may reach is in device memory, so
/// generic pointers and `__local` objects are buffer device addresses too (`__local`
/// objects in the work-group's local frame). Only the sites that differ from
/// [`storage_class`] are listed.
pub fn flat_storage_class(space: AddressSpace, site: Site) -> StorageClass {
    match space {
        AddressSpace::Local | AddressSpace::Generic => StorageClass::PhysicalStorageBuffer,
        AddressSpace::Global | AddressSpace::Constant | AddressSpace::Private => {
            storage_class(space, site)
        }
    }
}

/// `Shader` defines the environment; `PhysicalStorageBufferAddresses` gives C pointers,
/// `Int64` the 64-bit addresses and `size_t`, `VulkanMemoryModel` the memory model.
/// (`VariablePointers` is added only by modules that step, compare or store `__local`
/// pointers.)
pub const BASE_CAPABILITIES: &[Capability] = &[
    Capability::Shader,
    Capability::PhysicalStorageBufferAddresses,
    Capability::Int64,
    Capability::VulkanMemoryModel,
    Capability::VulkanMemoryModelDeviceScope,
];

/// Capabilities of the OpenCL execution environment that Vulkan does not have.
pub fn forbidden_capability(cap: Capability) -> bool {
    matches!(
        cap,
        Capability::Kernel
            | Capability::Addresses
            | Capability::GenericPointer
            | Capability::Linkage
            | Capability::Float16Buffer
            | Capability::DeviceEnqueue
            | Capability::Pipes
            | Capability::SubgroupShuffleINTEL
            | Capability::Groups
            | Capability::ImageBasic
            | Capability::LiteralSampler
    )
}

/// The Vulkan memory model has no sequential consistency; acquire-release with explicit
/// availability and visibility gives the ordering OpenCL's barriers and atomics need.
pub fn semantics(order: MemorySemantics, storage: MemorySemantics) -> MemorySemantics {
    let order = if order.contains(MemorySemantics::SEQUENTIALLY_CONSISTENT) {
        MemorySemantics::ACQUIRE_RELEASE
    } else {
        order
    };
    let mut s = order | storage;
    if order.intersects(MemorySemantics::RELEASE | MemorySemantics::ACQUIRE_RELEASE) {
        s |= MemorySemantics::MAKE_AVAILABLE;
    }
    if order.intersects(MemorySemantics::ACQUIRE | MemorySemantics::ACQUIRE_RELEASE) {
        s |= MemorySemantics::MAKE_VISIBLE;
    }
    s
}

/// The GLSL.std.450 instruction computing OpenCL.std's `op`, where its precision meets
/// OpenCL's bounds: exact operations, and the `native_`/`half_` functions whose precision
/// OpenCL leaves to the implementation. `relaxed` (`-cl-fast-relaxed-math`) admits the
/// transcendental functions too. `None`: the function needs an emulation this target does
/// not have yet.
pub fn glsl_op(op: OpenclStd100Op, relaxed: bool) -> Option<GlslStd450Op> {
    use GlslStd450Op as G;
    use OpenclStd100Op as C;
    Some(match op {
        C::fabs => G::FAbs,
        C::floor => G::Floor,
        C::ceil => G::Ceil,
        C::trunc => G::Trunc,
        C::rint => G::RoundEven,
        C::fmin => G::NMin,
        C::fmax => G::NMax,
        // GLSL.std.450's Fma may round twice (Vulkan gives it the precision of a multiply
        // and an add): right for `mad` and relaxed math; a correctly rounded `fma` is
        // emulated (vkmath).
        C::mad => G::Fma,
        C::fma if relaxed => G::Fma,
        // sign: emulated (vkmath), FSign may drop the sign of -0.
        C::step => G::Step,
        C::s_abs => G::SAbs,
        C::s_min => G::SMin,
        C::u_min => G::UMin,
        C::s_max => G::SMax,
        C::u_max => G::UMax,
        C::fclamp => G::FClamp,
        C::s_clamp => G::SClamp,
        C::u_clamp => G::UClamp,
        C::ldexp => G::Ldexp,
        C::degrees => G::Degrees,
        C::radians => G::Radians,
        // Cross: emulated (vkmath), GLSL.std.450's takes only 3 components.
        // Vulkan: 2 ULP for inversesqrt, sqrt inherited from it (OpenCL: 2 and 3 ULP).
        C::sqrt | C::native_sqrt | C::half_sqrt => G::Sqrt,
        C::rsqrt | C::native_rsqrt | C::half_rsqrt => G::InverseSqrt,
        C::native_sin | C::half_sin => G::Sin,
        C::native_cos | C::half_cos => G::Cos,
        C::native_tan | C::half_tan => G::Tan,
        C::native_exp | C::half_exp => G::Exp,
        C::native_exp2 | C::half_exp2 => G::Exp2,
        C::native_log | C::half_log => G::Log,
        C::native_log2 | C::half_log2 => G::Log2,
        C::native_powr | C::half_powr => G::Pow,
        C::sin if relaxed => G::Sin,
        C::cos if relaxed => G::Cos,
        C::tan if relaxed => G::Tan,
        C::asin if relaxed => G::Asin,
        C::acos if relaxed => G::Acos,
        C::atan if relaxed => G::Atan,
        C::atan2 if relaxed => G::Atan2,
        C::sinh if relaxed => G::Sinh,
        C::cosh if relaxed => G::Cosh,
        C::tanh if relaxed => G::Tanh,
        C::exp if relaxed => G::Exp,
        C::exp2 if relaxed => G::Exp2,
        C::log if relaxed => G::Log,
        C::log2 if relaxed => G::Log2,
        C::pow | C::powr if relaxed => G::Pow,
        _ => return None,
    })
}

/// The subgroup operations (`VkSubgroupFeatureFlagBits`, by their names without
/// `VK_SUBGROUP_FEATURE_` and `_BIT`, lower case) a device must support in compute shaders
/// for a module that declares `caps`: sub-group functions need them.
pub fn subgroup_operations(caps: &[Capability]) -> Vec<&'static str> {
    [
        (Capability::GroupNonUniform, "basic"),
        (Capability::GroupNonUniformVote, "vote"),
        (Capability::GroupNonUniformArithmetic, "arithmetic"),
        (Capability::GroupNonUniformShuffle, "shuffle"),
        (
            Capability::GroupNonUniformShuffleRelative,
            "shuffle_relative",
        ),
    ]
    .into_iter()
    .filter(|(c, _)| caps.contains(c))
    .map(|(_, n)| n)
    .collect()
}

/// The capabilities for 8- and 16-bit scalars in the storage classes Vulkan guards with
/// features: `StorageBuffer`/`PhysicalStorageBuffer`, `Uniform` and `PushConstant`, found
/// from the module's pointer types (a half kept in private or workgroup memory needs none).
pub fn narrow_storage_capabilities(module: &rspirv::dr::Module) -> Vec<Capability> {
    use rspirv::dr::Operand;
    use rspirv::spirv::Op;
    use rustc_hash::FxHashMap;
    // Per type id: (holds an 8-bit scalar, holds a 16-bit scalar). Types come before use.
    let mut narrow: FxHashMap<Word, (bool, bool)> = FxHashMap::default();
    let mut caps = Vec::new();
    let id = |o: &Operand| match o {
        Operand::IdRef(i) => Some(*i),
        _ => None,
    };
    for inst in &module.types_global_values {
        let Some(result) = inst.result_id else {
            continue;
        };
        let flags = match inst.class.opcode {
            Op::TypeInt | Op::TypeFloat => match inst.operands.first() {
                Some(Operand::LiteralBit32(8)) => (true, false),
                Some(Operand::LiteralBit32(16)) => (false, true),
                _ => (false, false),
            },
            Op::TypeVector | Op::TypeMatrix | Op::TypeArray | Op::TypeRuntimeArray => inst
                .operands
                .first()
                .and_then(id)
                .and_then(|e| narrow.get(&e).copied())
                .unwrap_or_default(),
            Op::TypeStruct => inst
                .operands
                .iter()
                .filter_map(|o| id(o).and_then(|m| narrow.get(&m).copied()))
                .fold((false, false), |a, b| (a.0 | b.0, a.1 | b.1)),
            Op::TypePointer => {
                let class = match inst.operands.first() {
                    Some(Operand::StorageClass(c)) => *c,
                    _ => continue,
                };
                let (n8, n16) = inst
                    .operands
                    .get(1)
                    .and_then(id)
                    .and_then(|p| narrow.get(&p).copied())
                    .unwrap_or_default();
                let pair = match class {
                    StorageClass::StorageBuffer | StorageClass::PhysicalStorageBuffer => (
                        Capability::StorageBuffer8BitAccess,
                        Capability::StorageBuffer16BitAccess,
                    ),
                    StorageClass::Uniform => (
                        Capability::UniformAndStorageBuffer8BitAccess,
                        Capability::UniformAndStorageBuffer16BitAccess,
                    ),
                    StorageClass::PushConstant => (
                        Capability::StoragePushConstant8,
                        Capability::StoragePushConstant16,
                    ),
                    _ => continue,
                };
                for (needed, cap) in [(n8, pair.0), (n16, pair.1)] {
                    if needed && !caps.contains(&cap) {
                        caps.push(cap);
                    }
                }
                continue;
            }
            _ => continue,
        };
        narrow.insert(result, flags);
    }
    caps
}

/// The device properties (`VkPhysicalDeviceFloatControlsProperties`) the execution modes
/// of a module declaring `caps` ask for. Optional: where the device lacks
/// `shaderDenormPreserveFloat16`, the host removes the `DenormPreserve 16` modes.
pub fn properties(caps: &[Capability]) -> Vec<&'static str> {
    [(Capability::DenormPreserve, "shaderDenormPreserveFloat16")]
        .into_iter()
        .filter(|(c, _)| caps.contains(c))
        .map(|(_, n)| n)
        .collect()
}

/// The Vulkan device features a module declaring `caps` needs, by their names in the
/// Vulkan feature structures (`VkPhysicalDeviceVulkan12Features` and friends).
pub fn features(caps: &[Capability]) -> Vec<&'static str> {
    let mut out = vec![
        "bufferDeviceAddress",
        "shaderInt64",
        "vulkanMemoryModel",
        "vulkanMemoryModelDeviceScope",
        "scalarBlockLayout",
    ];
    for cap in caps {
        let names: &[&str] = match cap {
            Capability::Int8 => &["shaderInt8"],
            Capability::Int16 => &["shaderInt16"],
            Capability::Float16 => &["shaderFloat16"],
            Capability::Float64 => &["shaderFloat64"],
            Capability::StorageBuffer8BitAccess => &["storageBuffer8BitAccess"],
            Capability::UniformAndStorageBuffer8BitAccess => &["uniformAndStorageBuffer8BitAccess"],
            Capability::StoragePushConstant8 => &["storagePushConstant8"],
            Capability::StorageBuffer16BitAccess => &["storageBuffer16BitAccess"],
            Capability::UniformAndStorageBuffer16BitAccess => {
                &["uniformAndStorageBuffer16BitAccess"]
            }
            Capability::StoragePushConstant16 => &["storagePushConstant16"],
            Capability::Int64Atomics => &["shaderBufferInt64Atomics", "shaderSharedInt64Atomics"],
            Capability::VariablePointers => &["variablePointers", "variablePointersStorageBuffer"],
            Capability::StorageImageReadWithoutFormat => &["shaderStorageImageReadWithoutFormat"],
            Capability::StorageImageWriteWithoutFormat => &["shaderStorageImageWriteWithoutFormat"],
            _ => &[],
        };
        for n in names {
            if !out.contains(n) {
                out.push(n);
            }
        }
    }
    out
}

/// The kernel ABI (docs/VULKAN.md): where each argument is, in a block that starts with a
/// fixed header.
pub mod abi {
    use clc_passes::address_space::ArgKind;
    use clc_passes::ast::{
        AddressSpace, CastKind, ConstValue, Expr, ExprKind, Function, Global, GlobalInit, Handle,
        Local, Module, Scalar, Type,
    };
    use clc_passes::diag::Diagnostic;
    use clc_passes::pipeline::Validated;
    use rustc_hash::{FxHashMap, FxHashSet};

    use super::super::logical_private;

    /// Bytes of the block header (global offset, work dimension, global size, the data
    /// buffer's and the private stack's addresses).
    pub const HEADER_BYTES: u64 = 48;
    /// Member index of each header field in the block struct.
    pub const GLOBAL_OFFSET: u32 = 0;
    /// `get_work_dim`.
    pub const WORK_DIM: u32 = 3;
    /// `get_global_size`, three members from here.
    pub const GLOBAL_SIZE: u32 = 4;
    /// The module data buffer's address.
    pub const DATA: u32 = 8;
    /// The private stack's address.
    pub const STACK: u32 = 9;
    /// Members before the first argument.
    pub const HEADER_MEMBERS: u32 = 10;
    /// The largest block passed as push constants (Vulkan's guaranteed minimum).
    pub const PUSH_CONSTANT_LIMIT: u64 = 128;
    /// Specialization constants of the work-group size.
    pub const WORKGROUP_SIZE_SPEC_IDS: [u32; 3] = [0, 1, 2];

    /// Whether kernel `k` (with every function it calls) cannot observe how its NDRange is
    /// cut into work-groups: it asks for no local or group id or size, synchronizes no
    /// work-group (barriers, collectives, sub-groups, async copies) and uses no `__local`
    /// memory. Any work-group size then gives the same results, and a host may pick the
    /// one its device runs best (the reflection says `"free": true`).
    pub fn group_free(module: &Module, k: Handle<Function>) -> bool {
        use clc_passes::ast::builtin::WorkItem as W;
        use clc_passes::ast::{Builtin, ExprKind, Space, Type};
        let local = |s: Space| s == Some(AddressSpace::Local);
        let mut seen = FxHashSet::default();
        let mut todo = vec![k];
        while let Some(h) = todo.pop() {
            if !seen.insert(h) {
                continue;
            }
            let f = &module.functions[h];
            let local_ptr =
                |t| matches!(module.types.get(t), Type::Pointer { space, .. } if local(*space));
            if f.locals
                .iter()
                .any(|(_, l)| local(l.ty.space) || local_ptr(l.ty.ty))
            {
                return false;
            }
            for (_, e) in f.exprs.iter() {
                match &e.kind {
                    ExprKind::Call { function, .. } => todo.push(*function),
                    ExprKind::Builtin { builtin, .. } => {
                        let observes = match builtin {
                            Builtin::WorkItem(w) => !matches!(
                                w,
                                W::WorkDim
                                    | W::GlobalSize
                                    | W::GlobalId
                                    | W::GlobalOffset
                                    | W::GlobalLinearId
                            ),
                            Builtin::Sync(_)
                            | Builtin::Group(..)
                            | Builtin::AsyncCopy { .. }
                            | Builtin::WaitGroupEvents => true,
                            _ => false,
                        };
                        if observes {
                            return false;
                        }
                    }
                    ExprKind::Global(g) if local(module.globals[*g].ty.space) => return false,
                    _ => {}
                }
                if local_ptr(e.ty)
                    || matches!(e.category, clc_passes::ast::Category::Place { space, .. } if local(space))
                {
                    return false;
                }
            }
        }
        true
    }

    /// Whether kernel `k`, or a function it calls, calls `printf` (it then binds the printf
    /// buffer).
    pub fn reaches_printf(module: &Module, k: Handle<Function>) -> bool {
        use clc_passes::ast::Builtin;
        let mut seen = FxHashSet::default();
        let mut todo = vec![k];
        while let Some(h) = todo.pop() {
            if !seen.insert(h) {
                continue;
            }
            for (_, e) in module.functions[h].exprs.iter() {
                match &e.kind {
                    ExprKind::Call { function, .. } => todo.push(*function),
                    ExprKind::Builtin {
                        builtin: Builtin::Printf,
                        ..
                    } => return true,
                    _ => {}
                }
            }
        }
        false
    }

    /// The boolean specialization constant that says the device computes GLSL.std.450
    /// `Fma` with one rounding. Vulkan only promises the precision of a multiply and an add,
    /// so `fma()` is emulated exactly (vkmath) unless the host sets it; GPUs fuse (NVIDIA,
    /// AMD, Intel), lavapipe does not. Far above the `__local` argument ids (3, 4, …).
    pub const FMA_FUSED_SPEC_ID: u32 = 1 << 20;

    /// Where one kernel argument arrives.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum ArgSlot {
        /// In the block at `offset`, `size` bytes (a device address for buffers).
        Block {
            /// Byte offset in the block.
            offset: u64,
            /// Bytes.
            size: u64,
        },
        /// A `__local` pointer: a work-group array whose length (in elements) is the
        /// specialization constant `spec_id`.
        LocalArray {
            /// Specialization constant id.
            spec_id: u32,
            /// Bytes per element.
            elem_size: u64,
        },
        /// A `__local` pointer of a flat-generic kernel: at `offset` in the block a `ulong`,
        /// the byte offset of the argument's memory in the work-group's local frame (the
        /// host lays the `__local` arguments out after the frame's static part).
        LocalOffset {
            /// Byte offset in the block.
            offset: u64,
            /// Bytes per element.
            elem_size: u64,
        },
        /// An image: a descriptor at set 0, `binding`, of type `descriptor`; at `offset` in
        /// the block two `uint`s, the image's OpenCL channel order and channel data type
        /// codes (`CL_RGBA`, `CL_UNORM_INT8`, …), which Vulkan cannot query.
        Image {
            /// Binding in descriptor set 0.
            binding: u32,
            /// The descriptor type.
            descriptor: Descriptor,
            /// Byte offset of the channel order and data type in the block.
            offset: u64,
        },
        /// A `sampler_t`: at `offset` in the block a `uint`, the OpenCL sampler bits
        /// (`CLK_NORMALIZED_COORDS_*` | `CLK_ADDRESS_*` | `CLK_FILTER_*`).
        Sampler {
            /// Byte offset in the block.
            offset: u64,
        },
        /// An object neither target passes (events, queues).
        Opaque,
    }

    /// Descriptor types of the kernel bindings (`VkDescriptorType`).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Descriptor {
        /// The argument block when it does not fit in push constants.
        UniformBuffer,
        /// A storage buffer (the printf buffer).
        StorageBuffer,
        /// A `read_only` image other than `image1d_buffer_t`.
        SampledImage,
        /// A `write_only` or `read_write` image other than `image1d_buffer_t`.
        StorageImage,
        /// A `read_only` `image1d_buffer_t`.
        UniformTexelBuffer,
        /// A `write_only` or `read_write` `image1d_buffer_t`.
        StorageTexelBuffer,
    }

    impl Descriptor {
        /// The name in the reflection (`VK_DESCRIPTOR_TYPE_*` in snake case).
        pub fn name(self) -> &'static str {
            match self {
                Descriptor::UniformBuffer => "uniform_buffer",
                Descriptor::StorageBuffer => "storage_buffer",
                Descriptor::SampledImage => "sampled_image",
                Descriptor::StorageImage => "storage_image",
                Descriptor::UniformTexelBuffer => "uniform_texel_buffer",
                Descriptor::StorageTexelBuffer => "storage_texel_buffer",
            }
        }

        /// The descriptor for an image type.
        pub fn of_image(image: clc_passes::ast::ImageType) -> Descriptor {
            use clc_passes::ast::{ImageAccess, ImageDim};
            match (image.dim == ImageDim::D1Buffer, image.access) {
                (false, ImageAccess::ReadOnly) => Descriptor::SampledImage,
                (false, _) => Descriptor::StorageImage,
                (true, ImageAccess::ReadOnly) => Descriptor::UniformTexelBuffer,
                (true, _) => Descriptor::StorageTexelBuffer,
            }
        }
    }

    /// Binding of the argument block in set 0 when it is a uniform buffer.
    pub const ARGS_BINDING: u32 = 0;
    /// Binding of the printf buffer in set 0.
    pub const PRINTF_BINDING: u32 = 1;
    /// Image arguments take bindings from this one up, in argument order.
    pub const FIRST_IMAGE_BINDING: u32 = 2;

    /// One descriptor a kernel's pipeline layout needs (all in set 0).
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Binding {
        /// Binding number.
        pub binding: u32,
        /// Descriptor type.
        pub descriptor: Descriptor,
        /// The kernel argument bound there (images), if any.
        pub arg: Option<usize>,
    }

    /// The ABI of one kernel.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct KernelAbi {
        /// The kernel.
        pub function: Handle<Function>,
        /// Each argument's slot.
        pub args: Vec<ArgSlot>,
        /// The block's size in bytes (a multiple of 4).
        pub block_size: u64,
        /// Push constants (else a uniform buffer at set 0, binding 0).
        pub push_constant: bool,
        /// The module writes printf records: a storage buffer at set 0, `PRINTF_BINDING`.
        pub printf: bool,
        /// Flat generic pointers: the block offset of the local frame's two `ulong`s (the
        /// frame buffer's address, then the bytes of one work-group's frame).
        pub local_frame: Option<u64>,
    }

    impl KernelAbi {
        /// The storage class of the argument block.
        pub fn block_class(&self) -> rspirv::spirv::StorageClass {
            if self.push_constant {
                rspirv::spirv::StorageClass::PushConstant
            } else {
                rspirv::spirv::StorageClass::Uniform
            }
        }

        /// The descriptors of set 0, by binding: the argument block when it is a uniform
        /// buffer, the printf buffer, the images.
        pub fn bindings(&self) -> Vec<Binding> {
            let mut out = Vec::new();
            if !self.push_constant {
                out.push(Binding {
                    binding: ARGS_BINDING,
                    descriptor: Descriptor::UniformBuffer,
                    arg: None,
                });
            }
            if self.printf {
                out.push(Binding {
                    binding: PRINTF_BINDING,
                    descriptor: Descriptor::StorageBuffer,
                    arg: None,
                });
            }
            for (i, slot) in self.args.iter().enumerate() {
                if let ArgSlot::Image {
                    binding,
                    descriptor,
                    ..
                } = *slot
                {
                    out.push(Binding {
                        binding,
                        descriptor,
                        arg: Some(i),
                    });
                }
            }
            out
        }
    }

    /// Program-scope variables in the module data buffer.
    #[derive(Debug, Clone, Default, PartialEq, Eq)]
    pub struct DataLayout {
        /// Byte offset of each variable.
        pub offsets: FxHashMap<Handle<Global>, u64>,
        /// Initial contents.
        pub bytes: Vec<u8>,
        /// Address constants: at byte `.0`, the buffer's address plus `.1`.
        pub relocations: Vec<(u64, u64)>,
    }

    /// Lays out every program-scope variable (`__constant` data and CL2.0 `__global`
    /// variables, string literals included) in one buffer, with its initial bytes. An
    /// initializer holding an address is an error at the variable: the buffer's address is
    /// known only at run time.
    pub fn data(module: &Module) -> Result<DataLayout, Diagnostic> {
        let layout = &module.lang.layout;
        let mut out = DataLayout::default();
        let mut end = 0u64;
        for (h, g) in module.globals.iter() {
            if matches!(module.types.get(g.ty.ty), Type::Sampler) {
                continue;
            }
            let align = module.types.align_of(g.ty.ty, layout).max(1);
            let at = end.div_ceil(align) * align;
            end = at + module.types.size_of(g.ty.ty, layout);
            out.offsets.insert(h, at);
        }
        out.bytes = vec![0; (end.div_ceil(16) * 16) as usize];
        for (h, g) in module.globals.iter() {
            let (Some(&at), GlobalInit::Const(v)) = (out.offsets.get(&h), &g.init) else {
                continue;
            };
            let mut w = DataWriter {
                module,
                offsets: &out.offsets,
                bytes: &mut out.bytes,
                relocations: &mut out.relocations,
            };
            w.put(g.ty.ty, v, at as usize)
                .map_err(|what| Diagnostic::unsupported(g.span, what))?;
        }
        Ok(out)
    }

    /// Writes constants into the data buffer's initial bytes.
    struct DataWriter<'a> {
        module: &'a Module,
        offsets: &'a FxHashMap<Handle<Global>, u64>,
        bytes: &'a mut Vec<u8>,
        relocations: &'a mut Vec<(u64, u64)>,
    }

    impl DataWriter<'_> {
        /// Writes constant `v` of type `ty` at `at`.
        fn put(&mut self, ty: Handle<Type>, v: &ConstValue, at: usize) -> Result<(), String> {
            let module = self.module;
            let layout = &module.lang.layout;
            match (module.types.get(ty), v) {
                (_, ConstValue::Zero) => {}
                (Type::Pointer { .. }, ConstValue::Address { global, indices }) => {
                    let Some(&base) = self.offsets.get(global) else {
                        return Err("the address of this variable".into());
                    };
                    // Walk the indices to the element's byte offset.
                    let mut cur = module.globals[*global].ty.ty;
                    let mut offset = base;
                    for &i in indices {
                        cur = match module.types.get(cur) {
                            Type::Array { elem, .. } => {
                                offset += u64::from(i) * module.types.size_of(*elem, layout);
                                *elem
                            }
                            Type::Struct(d) => {
                                match module.types.structs[*d].fields.get(i as usize) {
                                    Some(f) => {
                                        offset += f.offset;
                                        f.ty
                                    }
                                    None => return Err("this address constant".into()),
                                }
                            }
                            _ => return Err("this address constant".into()),
                        };
                    }
                    self.relocations.push((at as u64, offset));
                }
                (Type::Scalar(s), _) => put_scalar(*s, v, self.bytes, at)?,
                (Type::Vector { elem, .. }, ConstValue::Composite(items)) => {
                    let step = elem.size() as usize;
                    for (i, item) in items.iter().enumerate() {
                        put_scalar(*elem, item, self.bytes, at + i * step)?;
                    }
                }
                (Type::Array { elem, .. }, ConstValue::Composite(items)) => {
                    let step = module.types.size_of(*elem, layout) as usize;
                    for (i, item) in items.iter().enumerate() {
                        self.put(*elem, item, at + i * step)?;
                    }
                }
                (Type::Struct(d), ConstValue::Composite(items)) => {
                    let def = &module.types.structs[*d];
                    for (f, item) in def.fields.iter().zip(items) {
                        self.put(f.ty, item, at + f.offset as usize)?;
                        if def.is_union {
                            break;
                        }
                    }
                }
                _ => return Err("this constant initializer".into()),
            }
            Ok(())
        }
    }

    /// Writes scalar constant `v` of kind `s` at `at`.
    fn put_scalar(s: Scalar, v: &ConstValue, buf: &mut [u8], at: usize) -> Result<(), String> {
        let (int, float) = match v {
            ConstValue::Zero => return Ok(()),
            ConstValue::Int(i) => (*i, *i as i64 as f64),
            ConstValue::Float(f) => (*f as i64 as u64, *f),
            ConstValue::Bool(b) => (u64::from(*b), f64::from(u8::from(*b))),
            _ => return Err("this constant initializer".into()),
        };
        let bytes: Vec<u8> = match s {
            Scalar::Float { width: 16 } => crate::back::spv::types::half_bits(float as f32)
                .to_le_bytes()
                .to_vec(),
            Scalar::Float { width: 32 } => (float as f32).to_le_bytes().to_vec(),
            Scalar::Float { .. } => float.to_le_bytes().to_vec(),
            _ => int.to_le_bytes()[..(s.size() as usize).min(8)].to_vec(),
        };
        if let Some(dst) = buf.get_mut(at..at + bytes.len()) {
            dst.copy_from_slice(&bytes);
        }
        Ok(())
    }

    /// Private objects whose address escapes (taken with `&`, a decayed array used as a
    /// pointer, unions read through other members), in the per-work-item stack frame.
    #[derive(Debug, Clone, Default, PartialEq, Eq)]
    pub struct StackLayout {
        /// Offset of each object in the frame.
        pub slots: FxHashMap<(Handle<Function>, Handle<Local>), u64>,
        /// Bytes per work-item (a multiple of 16; 0 when nothing escapes).
        pub frame: u64,
        /// The private pointer parameters that are `Function`-storage pointers.
        pub logical_params: FxHashSet<logical_private::Param>,
    }

    /// Lays out the private stack: OpenCL C has no recursion, so every escaping object of
    /// the module gets its own slot in one frame. `&x` passed to a private pointer
    /// parameter that stays logical (`logical_private`) needs no slot.
    pub fn stack(module: &Module) -> StackLayout {
        let layout = &module.lang.layout;
        let mut out = StackLayout {
            logical_params: logical_private::logical_params(module),
            ..StackLayout::default()
        };
        let mut pos = 0u64;
        for (fh, f) in module.functions.iter() {
            let facts = logical_private::Facts::of(f);
            let passed = logical_private::passed_addresses(module, f, &facts, &out.logical_params);
            for l in escaping(module, f, &passed) {
                let ty = f.locals[l].ty.ty;
                let align = module.types.align_of(ty, layout).max(1);
                pos = pos.div_ceil(align) * align;
                out.slots.insert((fh, l), pos);
                pos += module.types.size_of(ty, layout).max(1);
            }
        }
        out.frame = pos.div_ceil(16) * 16;
        out
    }

    /// The static part of a work-group's local frame in a flat-generic module: every
    /// `__local` variable of the module gets its own slot (only kernels declare them, and
    /// one kernel runs per dispatch, so sharing the layout wastes no more than the stack
    /// does). `__local` arguments follow, placed by the host.
    pub fn local_frame(module: &Module) -> StackLayout {
        let layout = &module.lang.layout;
        let mut out = StackLayout::default();
        let mut pos = 0u64;
        for (fh, f) in module.functions.iter() {
            for (lh, l) in f.locals.iter() {
                if l.is_param || l.ty.space != Some(AddressSpace::Local) {
                    continue;
                }
                let align = module.types.align_of(l.ty.ty, layout).max(1);
                pos = pos.div_ceil(align) * align;
                out.slots.insert((fh, lh), pos);
                pos += module.types.size_of(l.ty.ty, layout).max(1);
            }
        }
        out.frame = pos.div_ceil(16) * 16;
        out
    }

    /// The private locals of `f` that cannot stay in logical `Function` storage; the
    /// address-of expressions in `passed` need no address (`logical_private`).
    pub fn escaping(
        module: &Module,
        f: &Function,
        passed: &FxHashSet<Handle<Expr>>,
    ) -> Vec<Handle<Local>> {
        let mut indexed = FxHashSet::default();
        for (_, e) in f.exprs.iter() {
            if let ExprKind::Index { base, .. } = e.kind {
                if matches!(
                    f.exprs[base].kind,
                    ExprKind::Cast {
                        kind: CastKind::ArrayToPointer,
                        ..
                    }
                ) {
                    indexed.insert(base);
                }
            }
        }
        let mut out = FxHashSet::default();
        for (h, e) in f.exprs.iter() {
            let root = match e.kind {
                ExprKind::AddrOf(_) if passed.contains(&h) => None,
                ExprKind::AddrOf(p) => root(f, p),
                ExprKind::Cast {
                    kind: CastKind::ArrayToPointer,
                    operand,
                    ..
                } if !indexed.contains(&h) => root(f, operand),
                _ => None,
            };
            out.extend(root);
        }
        for (lh, l) in f.locals.iter() {
            if contains_union(module, l.ty.ty) {
                out.insert(lh);
            }
        }
        let mut v: Vec<_> = out
            .into_iter()
            .filter(|&l| f.locals[l].ty.space != Some(AddressSpace::Local))
            .collect();
        v.sort_by_key(|l| l.index());
        v
    }

    /// The local variable a place expression designates (part of).
    pub(crate) fn root(f: &Function, e: Handle<Expr>) -> Option<Handle<Local>> {
        match &f.exprs[e].kind {
            ExprKind::Local(l) => Some(*l),
            ExprKind::CompoundLiteral { local, .. } => Some(*local),
            ExprKind::Member { base, .. } | ExprKind::Swizzle { base, .. } => root(f, *base),
            ExprKind::Index { base, .. } => match &f.exprs[*base].kind {
                ExprKind::Cast {
                    kind: CastKind::ArrayToPointer,
                    operand,
                    ..
                } => root(f, *operand),
                _ => None,
            },
            _ => None,
        }
    }

    fn contains_union(module: &Module, ty: Handle<Type>) -> bool {
        match module.types.get(ty) {
            Type::Struct(d) => {
                let def = &module.types.structs[*d];
                def.is_union || def.fields.iter().any(|f| contains_union(module, f.ty))
            }
            Type::Array { elem, .. } => contains_union(module, *elem),
            _ => false,
        }
    }

    /// The ABI of every kernel, in module order; `__local` arguments get specialization
    /// constant ids from 3 up, in that order. With `flat` generic pointers, `__local`
    /// arguments are offsets in the block instead, and the local frame's address and size
    /// follow the arguments.
    pub fn kernels(module: &Module, valid: &Validated, flat: bool) -> Vec<KernelAbi> {
        let layout = &module.lang.layout;
        let mut next_spec = 3;
        let mut out = Vec::new();
        for (h, f) in module.functions.iter() {
            if f.kernel.is_none() {
                continue;
            }
            let kinds = valid.kernel_args.get(h);
            let mut pos = HEADER_BYTES;
            let mut args = Vec::new();
            let mut next_binding = FIRST_IMAGE_BINDING;
            for (i, &p) in f.params.iter().enumerate() {
                let ty = f.locals[p].ty.ty;
                let kind = kinds
                    .and_then(|k| k.get(i))
                    .copied()
                    .unwrap_or(ArgKind::Value);
                let slot = match kind {
                    ArgKind::Buffer { .. } => {
                        pos = pos.div_ceil(8) * 8;
                        let s = ArgSlot::Block {
                            offset: pos,
                            size: 8,
                        };
                        pos += 8;
                        s
                    }
                    ArgKind::Local if flat => {
                        pos = pos.div_ceil(8) * 8;
                        let elem_size = match module.types.get(ty) {
                            Type::Pointer { pointee, .. } => {
                                module.types.size_of(*pointee, layout).max(1)
                            }
                            _ => 1,
                        };
                        let s = ArgSlot::LocalOffset {
                            offset: pos,
                            elem_size,
                        };
                        pos += 8;
                        s
                    }
                    ArgKind::Local => {
                        let elem_size = match module.types.get(ty) {
                            Type::Pointer { pointee, .. } => {
                                module.types.size_of(*pointee, layout).max(1)
                            }
                            _ => 1,
                        };
                        let s = ArgSlot::LocalArray {
                            spec_id: next_spec,
                            elem_size,
                        };
                        next_spec += 1;
                        s
                    }
                    ArgKind::Value => {
                        let align = module.types.align_of(ty, layout).max(1);
                        let size = module.types.size_of(ty, layout);
                        pos = pos.div_ceil(align) * align;
                        let s = ArgSlot::Block { offset: pos, size };
                        pos += size;
                        s
                    }
                    ArgKind::Opaque => match module.types.get(ty) {
                        Type::Image(image) => {
                            pos = pos.div_ceil(4) * 4;
                            let s = ArgSlot::Image {
                                binding: next_binding,
                                descriptor: Descriptor::of_image(*image),
                                offset: pos,
                            };
                            next_binding += 1;
                            pos += 8;
                            s
                        }
                        Type::Sampler => {
                            pos = pos.div_ceil(4) * 4;
                            let s = ArgSlot::Sampler { offset: pos };
                            pos += 4;
                            s
                        }
                        _ => ArgSlot::Opaque,
                    },
                };
                args.push(slot);
            }
            let local_frame = flat.then(|| {
                let at = pos.div_ceil(8) * 8;
                pos = at + 16;
                at
            });
            let block_size = pos.div_ceil(4) * 4;
            out.push(KernelAbi {
                local_frame,
                function: h,
                args,
                block_size,
                push_constant: block_size <= PUSH_CONSTANT_LIMIT,
                printf: reaches_printf(module, h),
            });
        }
        out
    }
}

/// Semantics for an atomic store (at most release) or load (at most acquire): the Vulkan
/// memory model rejects the other half of acquire-release on them.
pub fn one_way(s: MemorySemantics, store: bool) -> MemorySemantics {
    let strong =
        MemorySemantics::ACQUIRE | MemorySemantics::RELEASE | MemorySemantics::ACQUIRE_RELEASE;
    if !s.intersects(strong) {
        return s;
    }
    let rest = s - strong - MemorySemantics::MAKE_AVAILABLE - MemorySemantics::MAKE_VISIBLE;
    if store {
        rest | MemorySemantics::RELEASE | MemorySemantics::MAKE_AVAILABLE
    } else {
        rest | MemorySemantics::ACQUIRE | MemorySemantics::MAKE_VISIBLE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mapping_matches_the_spec_table() {
        use AddressSpace::*;
        use Site::*;
        for site in [FunctionVariable, ModuleVariable, Pointee] {
            assert_eq!(
                storage_class(Global, site),
                StorageClass::PhysicalStorageBuffer
            );
            assert_eq!(storage_class(Local, site), StorageClass::Workgroup);
        }
        // Program-scope `__constant` data lives in the module data buffer.
        assert_eq!(
            storage_class(Constant, ModuleVariable),
            StorageClass::PhysicalStorageBuffer
        );
        assert_eq!(
            storage_class(Constant, Pointee),
            StorageClass::PhysicalStorageBuffer
        );
        assert_eq!(
            storage_class(Private, FunctionVariable),
            StorageClass::Function
        );
        assert_eq!(
            storage_class(Private, ModuleVariable),
            StorageClass::Private
        );
        // Escaping private objects live in the private stack.
        assert_eq!(
            storage_class(Private, Pointee),
            StorageClass::PhysicalStorageBuffer
        );
    }

    #[test]
    fn flat_generic_modules_reach_every_space_through_device_addresses() {
        use AddressSpace::*;
        use Site::*;
        for site in [FunctionVariable, ModuleVariable, Pointee] {
            for space in [Local, Generic, Global] {
                assert_eq!(
                    flat_storage_class(space, site),
                    StorageClass::PhysicalStorageBuffer
                );
            }
            assert_eq!(
                flat_storage_class(Private, site),
                storage_class(Private, site),
                "private objects keep their classes (escaping ones are in the stack)"
            );
        }
    }

    #[test]
    fn no_sequential_consistency_under_the_vulkan_memory_model() {
        let s = semantics(
            MemorySemantics::SEQUENTIALLY_CONSISTENT,
            MemorySemantics::WORKGROUP_MEMORY,
        );
        assert!(!s.contains(MemorySemantics::SEQUENTIALLY_CONSISTENT));
        assert!(s.contains(
            MemorySemantics::ACQUIRE_RELEASE
                | MemorySemantics::MAKE_AVAILABLE
                | MemorySemantics::MAKE_VISIBLE
                | MemorySemantics::WORKGROUP_MEMORY
        ));
    }
}
