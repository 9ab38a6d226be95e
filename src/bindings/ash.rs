//! Typed `ash` host bindings for Vulkan modules (docs/VULKAN.md): per module the features,
//! extensions and data buffer, per kernel a `#[repr(C)]` argument block whose layout rustc
//! checks against the reflection, its specialization constants, descriptor bindings, and
//! helpers that create the layouts and the pipeline and record a dispatch.
//!
//! Everything kernel-independent is the fixed text of `ash_prelude.rs` (the generated
//! `vulkan` module); this file writes what depends on the reflection.

use super::{ident, is_packed, Mirrors};
use crate::reflect::{ArgClass, KernelInfo, TypeInfo, VulkanModule};
use std::fmt::Write;

/// The generated `vulkan` module shared by every kernel.
pub(super) const PRELUDE: &str = include_str!("ash_prelude.rs");

/// Features every clc Vulkan module needs, listed or not (docs/VULKAN.md, "Module").
const ALWAYS: &[&str] = &[
    "bufferDeviceAddress",
    "shaderInt64",
    "vulkanMemoryModel",
    "vulkanMemoryModelDeviceScope",
    "scalarBlockLayout",
    "variablePointers",
    "variablePointersStorageBuffer",
];

/// Each feature name the reflection may list, and its field in the generated `Features`.
const FEATURE_FIELDS: &[(&str, &str)] = &[
    ("shaderInt64", "v10.shader_int64"),
    ("shaderInt16", "v10.shader_int16"),
    ("shaderFloat64", "v10.shader_float64"),
    ("variablePointers", "v11.variable_pointers"),
    (
        "variablePointersStorageBuffer",
        "v11.variable_pointers_storage_buffer",
    ),
    (
        "storageBuffer16BitAccess",
        "v11.storage_buffer16_bit_access",
    ),
    (
        "uniformAndStorageBuffer16BitAccess",
        "v11.uniform_and_storage_buffer16_bit_access",
    ),
    ("storagePushConstant16", "v11.storage_push_constant16"),
    ("bufferDeviceAddress", "v12.buffer_device_address"),
    ("vulkanMemoryModel", "v12.vulkan_memory_model"),
    (
        "vulkanMemoryModelDeviceScope",
        "v12.vulkan_memory_model_device_scope",
    ),
    ("scalarBlockLayout", "v12.scalar_block_layout"),
    ("shaderInt8", "v12.shader_int8"),
    ("shaderFloat16", "v12.shader_float16"),
    ("storageBuffer8BitAccess", "v12.storage_buffer8_bit_access"),
    (
        "uniformAndStorageBuffer8BitAccess",
        "v12.uniform_and_storage_buffer8_bit_access",
    ),
    ("storagePushConstant8", "v12.storage_push_constant8"),
    (
        "shaderBufferInt64Atomics",
        "v12.shader_buffer_int64_atomics",
    ),
    (
        "shaderSharedInt64Atomics",
        "v12.shader_shared_int64_atomics",
    ),
    (
        "shaderSubgroupExtendedTypes",
        "v12.shader_subgroup_extended_types",
    ),
    ("subgroupSizeControl", "v13.subgroup_size_control"),
    ("computeFullSubgroups", "v13.compute_full_subgroups"),
    ("maintenance4", "v13.maintenance4"),
];

/// `VkSubgroupFeatureFlagBits` by the reflection's names.
const SUBGROUP_BITS: &[(&str, u32)] = &[
    ("basic", 0x1),
    ("vote", 0x2),
    ("arithmetic", 0x4),
    ("ballot", 0x8),
    ("shuffle", 0x10),
    ("shuffle_relative", 0x20),
    ("clustered", 0x40),
    ("quad", 0x80),
];

/// The `vk::DescriptorType` of a reflected descriptor name.
fn descriptor_type(name: &str) -> Option<&'static str> {
    Some(match name {
        "uniform_buffer" => "UNIFORM_BUFFER",
        "storage_buffer" => "STORAGE_BUFFER",
        "sampled_image" => "SAMPLED_IMAGE",
        "storage_image" => "STORAGE_IMAGE",
        "uniform_texel_buffer" => "UNIFORM_TEXEL_BUFFER",
        "storage_texel_buffer" => "STORAGE_TEXEL_BUFFER",
        _ => return None,
    })
}

/// The alignment rustc gives the mirror of `t` (the generated types use no wider alignment
/// than OpenCL C's, and structs carry theirs with `align(N)`).
fn rust_align(t: &TypeInfo) -> u64 {
    match t {
        TypeInfo::Scalar { size, .. } => (*size).max(1),
        TypeInfo::Vector { elem, .. } => crate::reflect::rust_scalar(elem).map_or(1, |s| match s {
            "u8" | "i8" => 1,
            "u16" | "i16" => 2,
            "u32" | "i32" | "f32" => 4,
            _ => 8,
        }),
        TypeInfo::Array { elem, .. } => rust_align(elem),
        TypeInfo::Struct {
            align,
            union,
            fields,
            ..
        } => {
            if is_packed(*union, *align, fields) {
                1
            } else {
                *align
            }
        }
        TypeInfo::Pointer { .. } | TypeInfo::Opaque { .. } => 8,
        TypeInfo::Void => 1,
    }
}

/// The module-level items: features, extensions, the data buffer, the shader module.
pub(super) fn module_items(out: &mut String, v: &VulkanModule) -> Result<(), String> {
    let mut features: Vec<&str> = ALWAYS.to_vec();
    for f in &v.features {
        if !features.contains(f) {
            features.push(f);
        }
    }
    let mut enable = String::new();
    let mut missing = String::new();
    for f in &features {
        let field = FEATURE_FIELDS
            .iter()
            .find(|(n, _)| n == f)
            .map(|(_, field)| *field)
            .ok_or_else(|| format!("the ash bindings do not know the Vulkan feature `{f}`"))?;
        let _ = writeln!(enable, "    f.{field} = vk::TRUE;");
        let _ = writeln!(
            missing,
            "    if supported.{field} != vk::TRUE {{\n        return Some({f:?});\n    }}"
        );
    }
    let mut subgroup = 0u32;
    for op in &v.subgroup_operations {
        subgroup |= SUBGROUP_BITS
            .iter()
            .find(|(n, _)| n == op)
            .map(|(_, b)| *b)
            .ok_or_else(|| format!("the ash bindings do not know the subgroup operation `{op}`"))?;
    }
    let quoted = |list: &[&str]| list.iter().map(|f| format!("{f:?}")).collect::<Vec<_>>();
    let extensions: Vec<String> = v.extensions.iter().map(|e| format!("c{e:?}")).collect();
    let (size, init, relocations) = match &v.data {
        Some(d) => {
            let bytes: Vec<String> = (0..d.init.len() / 2)
                .map(|i| format!("0x{}", &d.init[2 * i..2 * i + 2]))
                .collect();
            let relocs: Vec<String> = d
                .relocations
                .iter()
                .map(|[at, addend]| format!("[{at}, {addend}]"))
                .collect();
            (d.size, bytes, relocs)
        }
        None => (0, Vec::new(), Vec::new()),
    };
    let [major, minor] = v.spirv_version;
    let _ = write!(
        out,
        "\
#[allow(unused_imports)]
use ::ash::vk;
#[allow(unused_imports)]
use super::super::vulkan;
/// The module's SPIR-V version `(major, minor)`.
pub const SPIRV_VERSION: (u8, u8) = ({major}, {minor});
/// Device features to enable, by their Vulkan names (those every clc module needs included);
/// [`enable_features`] turns them on.
pub const FEATURES: &[&str] = &[{features}];
/// Device extensions to enable.
pub const EXTENSIONS: &[&::core::ffi::CStr] = &[{extensions}];
/// The subgroup operations the device must support in compute shaders
/// (`VkPhysicalDeviceSubgroupProperties::supported_operations`).
pub const SUBGROUP_OPERATIONS: vk::SubgroupFeatureFlags = vk::SubgroupFeatureFlags::from_raw({subgroup:#x});
/// The boolean specialization constant `Spec::fma_fused` sets, when the module calls `fma()`.
pub const FMA_FUSED_SPEC_ID: Option<u32> = {fma:?};
/// Bytes of the module data buffer (program-scope variables; 0: the module has none). One
/// buffer of this size, filled with [`data_bytes`], serves every dispatch of the module: its
/// address goes in each block's header.
pub const DATA_SIZE: u64 = {size};
/// The data buffer's initial bytes.
pub static DATA_INIT: &[u8] = &[{init}];
/// Address constants of the data buffer: `[at, addend]`, the buffer's address plus `addend`
/// written as 8 bytes at byte `at`.
pub static DATA_RELOCATIONS: &[[u64; 2]] = &[{relocations}];

/// The data buffer's contents for a buffer at `address`: [`DATA_INIT`] with
/// [`DATA_RELOCATIONS`] applied.
pub fn data_bytes(address: vk::DeviceAddress) -> Vec<u8> {{
    let mut bytes = DATA_INIT.to_vec();
    for &[at, addend] in DATA_RELOCATIONS {{
        let at = at as usize;
        bytes[at..at + 8].copy_from_slice(&address.wrapping_add(addend).to_le_bytes());
    }}
    bytes
}}

/// Turns on in `f` every feature of [`FEATURES`].
pub fn enable_features(f: &mut vulkan::Features) {{
{enable}}}

/// The first feature of [`FEATURES`] that `supported` lacks.
pub fn missing_feature(supported: &vulkan::Features) -> Option<&'static str> {{
{missing}    None
}}

/// Creates the shader module from [`SPIRV`].
///
/// # Safety
/// `device` must be a valid device with [`FEATURES`] and [`EXTENSIONS`] enabled.
pub unsafe fn create_shader_module(device: &::ash::Device) -> ::ash::prelude::VkResult<vk::ShaderModule> {{
    let info = vk::ShaderModuleCreateInfo::default().code(SPIRV);
    // SAFETY: the caller gives a valid device; SPIRV is a module clc validated.
    unsafe {{ device.create_shader_module(&info, None) }}
}}
",
        features = quoted(&features).join(", "),
        extensions = extensions.join(", "),
        fma = v.fma_fused_spec_id,
        init = init.join(", "),
        relocations = relocations.join(", "),
    );
    Ok(())
}

/// A struct's `as_bytes`, for a type whose layout assertions prove it has no padding.
fn as_bytes(name: &str) -> String {
    format!(
        "    /// Its bytes.
    pub fn as_bytes(&self) -> &[u8] {{
        // SAFETY: `{name}` is `repr(C)`, and the assertions above prove that its fields
        // (integers, floats, and arrays and structs of them, themselves without padding) cover
        // every byte: all are initialized.
        unsafe {{
            ::core::slice::from_raw_parts(
                (self as *const {name}).cast::<u8>(),
                ::core::mem::size_of::<{name}>(),
            )
        }}
    }}
"
    )
}

/// The items of one kernel, unindented.
pub(super) fn kernel_items(
    out: &mut String,
    k: &KernelInfo,
    m: &VulkanModule,
    mirrors: &mut Mirrors,
) -> Result<(), String> {
    let v = k
        .vulkan
        .as_ref()
        .ok_or_else(|| format!("kernel `{}` has no Vulkan layout", k.name))?;
    if v.local_frame.is_some() {
        return Err(format!(
            "kernel `{}`: its generic pointers are chosen at run time (work-group local frames, docs/VULKAN.md), which the ash bindings do not support yet",
            k.name
        ));
    }
    let push = match v.block {
        "push_constant" => true,
        "uniform_buffer" => false,
        other => return Err(format!("kernel `{}`: unknown block kind `{other}`", k.name)),
    };
    // The argument list and the block, field by field.
    let mut args = String::new();
    let mut block = String::from("    /// The fixed header.\n    pub header: vulkan::Header,\n");
    let mut init = String::from("            header: range.header(data_address, stack_address),\n");
    let mut asserts = String::new();
    let mut pos = 48u64;
    let mut align = 8u64;
    let mut locals = Vec::new();
    let mut pads = 0;
    // The block's own fields are `header` and `_pad*`: an argument of such a name gets `_`.
    let field = |a: &crate::reflect::ArgInfo| {
        let mut name = ident(&a.name);
        if name == "header" || name.starts_with("_pad") {
            name.push('_');
        }
        name
    };
    for a in &k.args {
        let name = field(a);
        let place = a.vulkan.as_ref();
        let (ty, doc) = match a.class {
            ArgClass::Local => {
                locals.push(a);
                continue;
            }
            ArgClass::Buffer => {
                let elem = match &a.ty {
                    TypeInfo::Void => "::core::ffi::c_void".to_string(),
                    t => mirrors.rust(t),
                };
                (
                    format!("vulkan::DevicePtr<{elem}>"),
                    format!(
                        "`{}` (`{} {}`): a buffer's device address.",
                        a.name,
                        a.address_space.unwrap_or("global"),
                        a.type_name
                    ),
                )
            }
            ArgClass::Value => (
                mirrors.rust(&a.ty),
                format!("`{}` (`{}`).", a.name, a.type_name),
            ),
            ArgClass::Opaque => {
                if place.is_some_and(|p| p.binding.is_some()) {
                    (
                        "vulkan::ImageFormat".to_string(),
                        format!(
                            "`{}` (`{}`): the image's OpenCL channel order and data type (the \
                             image itself is a descriptor of set 0).",
                            a.name, a.type_name
                        ),
                    )
                } else if place.is_some_and(|p| p.offset.is_some()) {
                    (
                        "u32".to_string(),
                        format!(
                            "`{}` (`{}`): the OpenCL sampler bits (`vulkan::sampler`).",
                            a.name, a.type_name
                        ),
                    )
                } else {
                    continue;
                }
            }
        };
        let (Some(offset), Some(size)) = (place.and_then(|p| p.offset), place.and_then(|p| p.size))
        else {
            return Err(format!(
                "kernel `{}`: argument `{}` has no place in the block",
                k.name, a.name
            ));
        };
        if offset < pos {
            return Err(format!(
                "kernel `{}`: argument `{}` at byte {offset} overlaps what precedes it",
                k.name, a.name
            ));
        }
        let field_align = match a.class {
            ArgClass::Buffer => 8,
            ArgClass::Opaque => 4,
            _ => rust_align(&a.ty),
        };
        align = align.max(field_align);
        if offset > pos {
            let _ = writeln!(
                block,
                "    /// Padding.\n    pub _pad{pads}: [u8; {}],",
                offset - pos
            );
            let _ = writeln!(init, "            _pad{pads}: [0; {}],", offset - pos);
            pads += 1;
        }
        let _ = writeln!(args, "    /// {doc}\n    pub {name}: {ty},");
        let _ = writeln!(block, "    /// {doc}\n    pub {name}: {ty},");
        let _ = writeln!(init, "            {name}: args.{name},");
        let _ = writeln!(
            asserts,
            "    assert!(::core::mem::offset_of!(Block, {name}) == {offset});\n    assert!(::core::mem::size_of::<{ty}>() == {size});"
        );
        pos = offset + size;
    }
    if pos > v.block_size {
        return Err(format!(
            "kernel `{}`: arguments end at byte {pos}, past the {}-byte block",
            k.name, v.block_size
        ));
    }
    let total = v.block_size.next_multiple_of(align);
    if total > pos {
        let _ = writeln!(
            block,
            "    /// Padding.\n    pub _pad_end: [u8; {}],",
            total - pos
        );
        let _ = writeln!(init, "            _pad_end: [0; {}],", total - pos);
    }
    let name = &k.name;
    let (kind, where_) = if push {
        ("PushConstant", "push constants")
    } else {
        ("UniformBuffer", "a uniform buffer at set 0, binding 0")
    };
    let _ = write!(
        out,
        "\
#[allow(unused_imports)]
use ::ash::vk;
#[allow(unused_imports)]
use super::super::super::super::vulkan;
/// The entry point, for `vk::PipelineShaderStageCreateInfo::name`.
pub const ENTRY_POINT: &::core::ffi::CStr = c{entry:?};
/// Where the argument block goes.
pub const BLOCK_KIND: vulkan::BlockKind = vulkan::BlockKind::{kind};
/// The argument block's size in bytes, as reflected ([`Block`] rounds it up to its alignment).
pub const BLOCK_SIZE: u32 = {block_size};
/// Bytes of private stack per work-item (0: the kernel needs none).
pub const PRIVATE_STACK_BYTES: u64 = {stack};
/// Whether the kernel cannot observe its work-groups (then any local size gives the same
/// results).
pub const WORKGROUP_SIZE_FREE: bool = {free};

/// The arguments of `{name}` that go in its argument block (`__local` arguments are sized by
/// [`Spec`], images bound in set 0).
#[derive(Clone, Copy, Debug)]
pub struct Args {{
{args}}}

/// The argument block of `{name}` ({block_size} bytes, in {where_}): the header, then each
/// argument at its reflected offset.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Block {{
{block}}}
const _: () = {{
    assert!(::core::mem::size_of::<Block>() == {total});
    assert!(::core::mem::align_of::<Block>() == {align});
{asserts}}};

impl Block {{
    /// The block of a dispatch of `range` with `args`. `data_address`: the module data
    /// buffer's (0 when `DATA_SIZE` is 0); `stack_address`: the private stack's, of
    /// [`private_stack_size`] bytes (0 when [`PRIVATE_STACK_BYTES`] is 0).
    pub fn new(
        range: &vulkan::NdRange,
        data_address: vk::DeviceAddress,
        stack_address: vk::DeviceAddress,
        args: &Args,
    ) -> Block {{
        Block {{
{init}        }}
    }}

{as_bytes}}}

/// Bytes of private stack a dispatch of `range` needs ([`PRIVATE_STACK_BYTES`] per
/// work-item).
pub fn private_stack_size(range: &vulkan::NdRange) -> vk::DeviceSize {{
    PRIVATE_STACK_BYTES * range.work_items()
}}
",
        entry = v.entry_point,
        block_size = v.block_size,
        stack = v.private_stack_bytes,
        free = v.workgroup_size.free,
        as_bytes = as_bytes("Block"),
    );
    spec_items(out, k, m, &locals)?;
    layout_items(out, k, push)?;
    Ok(())
}

/// `Spec`, its map entries, and `create_pipeline`.
fn spec_items(
    out: &mut String,
    k: &KernelInfo,
    m: &VulkanModule,
    locals: &[&crate::reflect::ArgInfo],
) -> Result<(), String> {
    let v = k.vulkan.as_ref().ok_or("no Vulkan layout")?;
    let mut fields = String::new();
    let mut entries = Vec::new();
    let mut offset = 0u32;
    if let Some(ids) = v.workgroup_size.spec_ids {
        let fixed = match v.workgroup_size.fixed {
            Some([x, y, z]) => {
                format!(" The kernel requires `[{x}, {y}, {z}]` (`reqd_work_group_size`).")
            }
            None => String::new(),
        };
        let _ = writeln!(
            fields,
            "    /// The local (work-group) size, as in the [`vulkan::NdRange`] of the dispatches\n    /// (constants {}, {}, {}).{fixed}\n    pub local_size: [u32; 3],",
            ids[0], ids[1], ids[2]
        );
        for id in ids {
            entries.push((id, offset, 4));
            offset += 4;
        }
    }
    let mut names: Vec<String> = vec!["local_size".into(), "fma_fused".into()];
    for a in locals {
        let id = a.vulkan.as_ref().and_then(|p| p.spec_id).ok_or_else(|| {
            format!(
                "kernel `{}`: `__local` argument `{}` has no spec_id",
                k.name, a.name
            )
        })?;
        let mut name = ident(&a.name);
        while names.contains(&name) {
            name.push_str("_len");
        }
        names.push(name.clone());
        let _ = writeln!(
            fields,
            "    /// `{}` (`local {}`): the `__local` array's length in elements, at least 1\n    /// (constant {id}).\n    pub {name}: u32,",
            a.name, a.type_name
        );
        entries.push((id, offset, 4));
        offset += 4;
    }
    if let Some(id) = m.fma_fused_spec_id {
        let _ = writeln!(
            fields,
            "    /// `vk::TRUE` when the device computes `Fma` with one rounding (GPUs): `fma()` then\n    /// uses it instead of an exact emulation. `vk::FALSE` when unsure (constant {id}).\n    pub fma_fused: vk::Bool32,"
        );
        entries.push((id, offset, 4));
        offset += 4;
    }
    let map: Vec<String> = entries
        .iter()
        .map(|(id, at, size)| {
            format!(
                "    vk::SpecializationMapEntry {{\n        constant_id: {id},\n        offset: {at},\n        size: {size},\n    }},"
            )
        })
        .collect();
    let _ = write!(
        out,
        "
/// The specialization constants of a `{name}` pipeline.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {{
{fields}}}
const _: () = assert!(::core::mem::size_of::<Spec>() == {offset});

/// Where each field of [`Spec`] goes.
pub static SPEC_MAP_ENTRIES: [vk::SpecializationMapEntry; {n}] = [
{map}];

impl Spec {{
    /// The `vk::SpecializationInfo` for [`create_pipeline`].
    pub fn info(&self) -> vk::SpecializationInfo<'_> {{
        vk::SpecializationInfo::default()
            .map_entries(&SPEC_MAP_ENTRIES)
            .data(self.as_bytes())
    }}

{as_bytes}}}
",
        name = k.name,
        n = entries.len(),
        map = if map.is_empty() {
            String::new()
        } else {
            map.join("\n") + "\n"
        },
        as_bytes = as_bytes("Spec"),
    );
    Ok(())
}

/// The descriptor bindings and the helpers creating layouts and pipelines and recording
/// dispatches.
fn layout_items(out: &mut String, k: &KernelInfo, push: bool) -> Result<(), String> {
    let v = k.vulkan.as_ref().ok_or("no Vulkan layout")?;
    let mut bindings = Vec::new();
    let mut pool = Vec::new();
    let mut docs = String::new();
    for b in &v.bindings {
        let ty = descriptor_type(b.descriptor).ok_or_else(|| {
            format!(
                "kernel `{}`: unknown descriptor type `{}`",
                k.name, b.descriptor
            )
        })?;
        let what = match (b.what, b.arg) {
            ("arg", Some(i)) => format!(
                "the image argument `{}`",
                k.args.get(i).map_or("?", |a| a.name.as_str())
            ),
            ("printf", _) => "the printf buffer".to_string(),
            _ => "the argument block".to_string(),
        };
        let _ = writeln!(docs, "/// - binding {}: {what} (`{ty}`)", b.binding);
        bindings.push(format!(
            "        vk::DescriptorSetLayoutBinding::default()\n            .binding({})\n            .descriptor_type(vk::DescriptorType::{ty})\n            .descriptor_count(1)\n            .stage_flags(vk::ShaderStageFlags::COMPUTE),",
            b.binding
        ));
        pool.push(format!(
            "        vk::DescriptorPoolSize {{\n            ty: vk::DescriptorType::{ty},\n            descriptor_count: 1,\n        }},"
        ));
    }
    if docs.is_empty() {
        docs = "/// (none)\n".into();
    }
    let push_bytes = if push {
        "::core::mem::size_of::<Block>() as u32"
    } else {
        "0"
    };
    let push_arg = if push {
        "Some(block.as_bytes())"
    } else {
        "None"
    };
    let reqd = match v.workgroup_size.fixed {
        Some([x, y, z]) => format!(
            "    debug_assert_eq!(range.local_size, [{x}, {y}, {z}], \"reqd_work_group_size\");\n"
        ),
        None => String::new(),
    };
    let block_doc = if push {
        "pushes `block`"
    } else {
        "(the uniform buffer bound at binding 0 must hold `block.as_bytes()` when the command\n/// runs)"
    };
    let _ = write!(
        out,
        "
/// The descriptors of set 0:
{docs}pub fn descriptor_set_layout_bindings() -> [vk::DescriptorSetLayoutBinding<'static>; {n}] {{
    [
{bindings}    ]
}}

/// The pool sizes one descriptor set of [`descriptor_set_layout_bindings`] takes.
pub fn descriptor_pool_sizes() -> [vk::DescriptorPoolSize; {n}] {{
    [
{pool}    ]
}}

/// Creates the descriptor set layout (from [`descriptor_set_layout_bindings`]) and the
/// pipeline layout (with the push-constant range when the block is in push constants).
///
/// # Safety
/// `device` must be a valid device.
pub unsafe fn create_layout(device: &::ash::Device) -> ::ash::prelude::VkResult<vulkan::KernelLayout> {{
    // SAFETY: the caller's guarantee.
    unsafe {{ vulkan::KernelLayout::create(device, &descriptor_set_layout_bindings(), {push_bytes}) }}
}}

/// Creates the compute pipeline of `{name}`, specialized with `spec`.
///
/// # Safety
/// `module` (from `create_shader_module`) and `layout` (from [`create_layout`]) must come
/// from `device`; `cache` is null or a pipeline cache of `device`.
pub unsafe fn create_pipeline(
    device: &::ash::Device,
    module: vk::ShaderModule,
    layout: &vulkan::KernelLayout,
    spec: &Spec,
    cache: vk::PipelineCache,
) -> ::ash::prelude::VkResult<vk::Pipeline> {{
    // SAFETY: the caller's guarantees; `Spec` describes this entry point's constants.
    unsafe {{ vulkan::create_compute_pipeline(device, module, ENTRY_POINT, layout, &spec.info(), cache) }}
}}

/// Records a dispatch of `range` into `cmd`: binds `pipeline`, binds `descriptor_set` at set 0
/// when given (see [`descriptor_set_layout_bindings`]), {block_doc}, and dispatches
/// `range.group_counts()` work-groups.
///
/// # Safety
/// `cmd` must be a command buffer of `device` in the recording state; `pipeline` must come
/// from [`create_pipeline`] with `layout` and a [`Spec`] whose local size is `range`'s; the
/// buffers whose addresses `block` holds must stay alive until the command has run.
pub unsafe fn cmd_dispatch(
    device: &::ash::Device,
    cmd: vk::CommandBuffer,
    layout: &vulkan::KernelLayout,
    pipeline: vk::Pipeline,
    descriptor_set: Option<vk::DescriptorSet>,
    range: &vulkan::NdRange,
    block: &Block,
) {{
    debug_assert_eq!(block.header.global_size, range.global_size);
{reqd}    // SAFETY: the caller's guarantees; the layout's push-constant range covers the block.
    unsafe {{
        vulkan::cmd_dispatch(
            device,
            cmd,
            layout,
            pipeline,
            descriptor_set,
            {push_arg},
            range.group_counts(),
        )
    }}
}}
",
        n = bindings.len(),
        bindings = if bindings.is_empty() {
            String::new()
        } else {
            bindings.join("\n") + "\n"
        },
        pool = if pool.is_empty() {
            String::new()
        } else {
            pool.join("\n") + "\n"
        },
        name = k.name,
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_the_backend_lists_has_a_field() {
        for f in ALWAYS {
            assert!(FEATURE_FIELDS.iter().any(|(n, _)| n == f), "{f}");
        }
        use rspirv::spirv::Capability as C;
        let every = [
            C::Int8,
            C::Int16,
            C::Float16,
            C::Float64,
            C::StorageBuffer8BitAccess,
            C::UniformAndStorageBuffer8BitAccess,
            C::StoragePushConstant8,
            C::StorageBuffer16BitAccess,
            C::UniformAndStorageBuffer16BitAccess,
            C::StoragePushConstant16,
            C::Int64Atomics,
            C::VariablePointers,
            C::GroupNonUniform,
            C::GroupNonUniformVote,
            C::GroupNonUniformArithmetic,
            C::GroupNonUniformShuffle,
            C::GroupNonUniformShuffleRelative,
        ];
        for f in crate::back::spv::flavor::vulkan::features(&every) {
            assert!(FEATURE_FIELDS.iter().any(|(n, _)| *n == f), "{f}");
        }
        for op in crate::back::spv::flavor::vulkan::subgroup_operations(&every) {
            assert!(SUBGROUP_BITS.iter().any(|(n, _)| *n == op), "{op}");
        }
    }
}
