//! Kernel metadata: what a host program needs to call each kernel (the information
//! clGetKernelArgInfo gives at run time, here at build time, with type layouts). Written by
//! `--reflect=FILE` as JSON, and the source of the build-script API's typed bindings.

use clc_passes::address_space::ArgKind;
use clc_passes::ast::{AddressSpace, Handle, Module, Type};
use clc_passes::pipeline::Validated;
use serde::Serialize;

/// Every kernel of a module.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reflection {
    /// The target environment (`opencl`, `vulkan1.2`, `vulkan1.3`).
    pub target: String,
    /// What a Vulkan host needs for the whole module (docs/VULKAN.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vulkan: Option<VulkanModule>,
    /// Kernels in source order.
    pub kernels: Vec<KernelInfo>,
}

/// Module-wide facts for a Vulkan host.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VulkanModule {
    /// SPIR-V version `[major, minor]`.
    pub spirv_version: [u8; 2],
    /// Device features to enable.
    pub features: Vec<&'static str>,
    /// Device extensions to enable.
    pub extensions: Vec<&'static str>,
    /// The boolean specialization constant to set where the device computes GLSL.std.450
    /// `Fma` with one rounding (GPUs): `fma()` then uses it instead of an exact emulation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fma_fused_spec_id: Option<u32>,
    /// The subgroup operations the device must support in compute shaders (`basic`,
    /// `vote`, `arithmetic`, `shuffle`, `shuffle_relative`): sub-group functions use them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub subgroup_operations: Vec<&'static str>,
    /// Float-control properties the module's execution modes ask for
    /// (`VkPhysicalDeviceFloatControlsProperties` names): `shaderDenormPreserveFloat16` for
    /// half arithmetic. Where the device lacks it, the host removes the module's
    /// `OpExecutionMode … DenormPreserve 16` instructions (half subnormals may then flush, as
    /// OpenCL allows).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<&'static str>,
    /// Generic pointers whose address space is chosen at run time are device addresses:
    /// kernels have a `local_frame` (docs/VULKAN.md, "Generic pointers chosen at run time").
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub flat_generic: bool,
    /// The module data buffer (program-scope variables), when there is one.
    pub data: Option<DataBuffer>,
    /// How to format the records of the printf buffer, when a kernel calls `printf`
    /// (docs/VULKAN.md, "printf").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printf: Option<crate::back::spv::printf::Printf>,
}

/// The module data buffer's size and initial bytes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DataBuffer {
    /// Bytes.
    pub size: u64,
    /// Initial contents, hex.
    pub init: String,
    /// Address constants: `[at, addend]`, the buffer's address plus `addend` written as 8
    /// bytes at byte `at` by the host.
    pub relocations: Vec<[u64; 2]>,
}

/// How a Vulkan host dispatches one kernel.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VulkanKernel {
    /// The `GLCompute` entry point.
    pub entry_point: String,
    /// `push_constant` or `uniform_buffer` (set 0, binding 0).
    pub block: &'static str,
    /// The argument block's size in bytes.
    pub block_size: u64,
    /// The work-group size: `fixed` by `reqd_work_group_size`, and/or the `spec_ids` of
    /// the specialization constants that set it.
    pub workgroup_size: WorkgroupSize,
    /// Bytes of private stack per work-item (0: none).
    pub private_stack_bytes: u64,
    /// The descriptors of set 0 the pipeline layout needs, by binding (empty: none).
    pub bindings: Vec<VulkanBinding>,
    /// Flat generic pointers: where the work-group local frames are passed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local_frame: Option<LocalFrame>,
}

/// The work-group local frames of a flat-generic kernel: `__local` variables (the first
/// `static_bytes`), then the `__local` arguments, each at the offset the host writes at its
/// `vulkan.offset`, 16-aligned. At `offset` in the block the host writes the frames
/// buffer's address, at `offset + 8` the bytes of one frame (both `ulong`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LocalFrame {
    /// Byte offset in the argument block.
    pub offset: u64,
    /// Bytes of the `__local` variables at the start of each frame (a multiple of 16).
    pub static_bytes: u64,
}

/// One descriptor of a kernel's set 0.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VulkanBinding {
    /// Descriptor set (always 0).
    pub set: u32,
    /// Binding number.
    pub binding: u32,
    /// `uniform_buffer`, `storage_buffer`, `sampled_image`, `storage_image`,
    /// `uniform_texel_buffer` or `storage_texel_buffer` (`VK_DESCRIPTOR_TYPE_*`).
    pub descriptor: &'static str,
    /// What is bound: `arguments` (the argument block), `printf` (the printf buffer) or
    /// `arg` (the image argument `arg`).
    pub what: &'static str,
    /// The argument's index, for `arg`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub arg: Option<usize>,
}

/// How the work-group size is chosen.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WorkgroupSize {
    /// Required by the kernel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fixed: Option<[u32; 3]>,
    /// Specialization constants to set (to `fixed` when both are given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spec_ids: Option<[u32; 3]>,
    /// The kernel cannot observe its work-groups (no local ids or sizes, barriers or
    /// `__local` memory): a host may run it with any local size it prefers.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub free: bool,
}

/// Where a Vulkan kernel argument arrives.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VulkanArg {
    /// Byte offset in the argument block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<u64>,
    /// Bytes in the block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<u64>,
    /// `__local` arguments: the specialization constant holding the array's length.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spec_id: Option<u32>,
    /// `__local` arguments: bytes per element.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elem_size: Option<u64>,
    /// Images: the binding in descriptor set 0 (`offset` then holds the image's OpenCL
    /// channel order and channel data type codes, two `uint`s).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub binding: Option<u32>,
    /// Images: the descriptor type at `binding`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub descriptor: Option<&'static str>,
}

/// One kernel.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KernelInfo {
    /// Entry point name.
    pub name: String,
    /// Arguments in order.
    pub args: Vec<ArgInfo>,
    /// `reqd_work_group_size`.
    pub reqd_work_group_size: Option<[u32; 3]>,
    /// `work_group_size_hint`.
    pub work_group_size_hint: Option<[u32; 3]>,
    /// Vulkan dispatch facts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vulkan: Option<VulkanKernel>,
}

/// How an argument is passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ArgClass {
    /// A `__global` or `__constant` buffer (a `cl_mem`).
    Buffer,
    /// A `__local` pointer: only a size is passed.
    Local,
    /// A value copied into the kernel.
    Value,
    /// An image, sampler or other opaque object.
    Opaque,
}

/// One kernel argument.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ArgInfo {
    /// Parameter name.
    pub name: String,
    /// Type as written, qualifiers dropped (`float4*`).
    pub type_name: String,
    /// How it is passed.
    pub class: ArgClass,
    /// The pointee's address space for pointers (`global`, `constant`, `local`).
    pub address_space: Option<&'static str>,
    /// Never written by the kernel (`const __global`, `__constant`).
    pub read_only: bool,
    /// For pointers the element type, for values the value's type.
    pub ty: TypeInfo,
    /// Vulkan: where the argument arrives.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vulkan: Option<VulkanArg>,
}

/// A type with its layout (sizes and offsets in bytes, as clang lays them out).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TypeInfo {
    /// `bool`, integers and floats.
    Scalar {
        /// OpenCL C name.
        name: &'static str,
        /// Size.
        size: u64,
    },
    /// `gentypeN` (3-component vectors take the storage of 4).
    Vector {
        /// Element name.
        elem: &'static str,
        /// Components.
        len: u8,
        /// Size.
        size: u64,
    },
    /// A fixed-size array.
    Array {
        /// Element type.
        elem: Box<TypeInfo>,
        /// Length.
        len: u64,
        /// Size.
        size: u64,
    },
    /// A struct or union.
    Struct {
        /// Tag name (may be empty).
        name: String,
        /// Size.
        size: u64,
        /// Alignment.
        align: u64,
        /// Union rather than struct.
        union: bool,
        /// Members with their offsets.
        fields: Vec<FieldInfo>,
    },
    /// A pointer (inside structs or as a value).
    Pointer {
        /// Size.
        size: u64,
    },
    /// `void` (a `void *` buffer).
    Void,
    /// An image, sampler, event….
    Opaque {
        /// OpenCL C name.
        name: String,
    },
}

/// A struct member.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldInfo {
    /// Member name.
    pub name: String,
    /// Byte offset.
    pub offset: u64,
    /// Type.
    pub ty: TypeInfo,
}

fn space_name(s: AddressSpace) -> &'static str {
    match s {
        AddressSpace::Global => "global",
        AddressSpace::Constant => "constant",
        AddressSpace::Local => "local",
        AddressSpace::Private => "private",
        AddressSpace::Generic => "generic",
    }
}

fn type_info(m: &Module, h: Handle<Type>) -> TypeInfo {
    let layout = &m.lang.layout;
    match m.types.get(h) {
        Type::Void => TypeInfo::Void,
        Type::Scalar(s) => TypeInfo::Scalar {
            name: s.spelling(),
            size: s.size(),
        },
        Type::Vector { elem, len } => TypeInfo::Vector {
            elem: elem.spelling(),
            len: *len,
            size: m.types.size_of(h, layout),
        },
        Type::Array { elem, len } => TypeInfo::Array {
            elem: Box::new(type_info(m, *elem)),
            len: *len,
            size: m.types.size_of(h, layout),
        },
        Type::Struct(d) => {
            let def = &m.types.structs[*d];
            TypeInfo::Struct {
                name: def.name.clone(),
                size: def.size,
                align: def.align,
                union: def.is_union,
                fields: def
                    .fields
                    .iter()
                    .map(|f| FieldInfo {
                        name: f.name.clone(),
                        offset: f.offset,
                        ty: type_info(m, f.ty),
                    })
                    .collect(),
            }
        }
        Type::Pointer { .. } => TypeInfo::Pointer {
            size: m.types.size_of(h, layout),
        },
        Type::Image(_) | Type::Sampler | Type::Event => TypeInfo::Opaque {
            name: m.types.display(h),
        },
    }
}

/// The reflection of a validated module for `target`; `vulkan` carries the module-wide
/// facts of a Vulkan module.
pub fn reflect(
    m: &Module,
    valid: &Validated,
    target: crate::Target,
    vulkan: Option<VulkanModule>,
) -> Reflection {
    use crate::back::spv::flavor::vulkan::abi;
    let flat = vulkan.as_ref().is_some_and(|v| v.flat_generic);
    let static_local = if flat { abi::local_frame(m).frame } else { 0 };
    let abis = if vulkan.is_some() {
        abi::kernels(m, valid, flat)
    } else {
        Vec::new()
    };
    let any_spec = m
        .functions
        .iter()
        .filter_map(|(_, f)| f.kernel.as_ref())
        .any(|k| k.reqd_work_group_size.is_none());
    let stack_bytes = if vulkan.is_some() {
        abi::stack(m).frame
    } else {
        0
    };
    let mut kernels = Vec::new();
    for (h, f) in m.functions.iter() {
        let Some(attrs) = &f.kernel else { continue };
        let kinds = valid.kernel_args.get(h).cloned().unwrap_or_default();
        let kabi = abis.iter().find(|k| k.function == h);
        let args = f
            .params
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                let l = &f.locals[p];
                let kind = kinds.get(i).copied().unwrap_or(ArgKind::Value);
                let (class, address_space, read_only, ty) =
                    match (kind, m.types.as_pointer(l.ty.ty)) {
                        (ArgKind::Buffer { space, read_only }, Some((pointee, _, _))) => (
                            ArgClass::Buffer,
                            Some(space_name(space)),
                            read_only,
                            type_info(m, pointee),
                        ),
                        (ArgKind::Local, Some((pointee, _, _))) => {
                            (ArgClass::Local, Some("local"), false, type_info(m, pointee))
                        }
                        (ArgKind::Opaque, _) => {
                            (ArgClass::Opaque, None, false, type_info(m, l.ty.ty))
                        }
                        _ => (ArgClass::Value, None, false, type_info(m, l.ty.ty)),
                    };
                let vulkan = kabi.and_then(|k| k.args.get(i)).map(|slot| {
                    let mut v = VulkanArg {
                        offset: None,
                        size: None,
                        spec_id: None,
                        elem_size: None,
                        binding: None,
                        descriptor: None,
                    };
                    match *slot {
                        abi::ArgSlot::Block { offset, size } => {
                            v.offset = Some(offset);
                            v.size = Some(size);
                        }
                        abi::ArgSlot::LocalOffset { offset, elem_size } => {
                            v.offset = Some(offset);
                            v.size = Some(8);
                            v.elem_size = Some(elem_size);
                        }
                        abi::ArgSlot::LocalArray { spec_id, elem_size } => {
                            v.spec_id = Some(spec_id);
                            v.elem_size = Some(elem_size);
                        }
                        abi::ArgSlot::Image {
                            binding,
                            descriptor,
                            offset,
                        } => {
                            v.offset = Some(offset);
                            v.size = Some(8);
                            v.binding = Some(binding);
                            v.descriptor = Some(descriptor.name());
                        }
                        abi::ArgSlot::Sampler { offset } => {
                            v.offset = Some(offset);
                            v.size = Some(4);
                        }
                        abi::ArgSlot::Opaque => {}
                    }
                    v
                });
                ArgInfo {
                    name: l.name.clone(),
                    type_name: attrs.arg_type_names.get(i).cloned().unwrap_or_default(),
                    class,
                    address_space,
                    read_only,
                    ty,
                    vulkan,
                }
            })
            .collect();
        kernels.push(KernelInfo {
            name: f.name.clone(),
            args,
            reqd_work_group_size: attrs.reqd_work_group_size,
            work_group_size_hint: attrs.work_group_size_hint,
            vulkan: kabi.map(|k| VulkanKernel {
                entry_point: f.name.clone(),
                block: if k.push_constant {
                    "push_constant"
                } else {
                    "uniform_buffer"
                },
                block_size: k.block_size,
                workgroup_size: WorkgroupSize {
                    fixed: attrs.reqd_work_group_size,
                    spec_ids: any_spec.then_some(abi::WORKGROUP_SIZE_SPEC_IDS),
                    free: attrs.reqd_work_group_size.is_none() && abi::group_free(m, k.function),
                },
                private_stack_bytes: stack_bytes,
                local_frame: k.local_frame.map(|offset| LocalFrame {
                    offset,
                    static_bytes: static_local,
                }),
                bindings: k
                    .bindings()
                    .into_iter()
                    .map(|b| VulkanBinding {
                        set: 0,
                        binding: b.binding,
                        descriptor: b.descriptor.name(),
                        what: match (b.arg, b.binding) {
                            (Some(_), _) => "arg",
                            (None, abi::PRINTF_BINDING) => "printf",
                            (None, _) => "arguments",
                        },
                        arg: b.arg,
                    })
                    .collect(),
            }),
        });
    }
    Reflection {
        target: target.to_string(),
        vulkan,
        kernels,
    }
}

/// Scalar spelling for generated code.
pub(crate) fn rust_scalar(name: &str) -> Option<&'static str> {
    Some(match name {
        "bool" | "uchar" => "u8",
        "char" => "i8",
        "short" => "i16",
        "ushort" | "half" => "u16",
        "int" => "i32",
        "uint" => "u32",
        "long" => "i64",
        "ulong" => "u64",
        "float" => "f32",
        "double" => "f64",
        _ => return None,
    })
}
