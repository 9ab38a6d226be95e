//! Snapshots of the typed `ash` bindings (`Build::ash_bindings`): the generated text of
//! compiled kernels, and of an image/sampler kernel from a reflection written here, compared
//! with `tests/out/bindings/`, and the struct mirrors of packed structs (`packed.rs`). `CLC_BLESS=1 cargo test --test ash_bindings_snapshots`
//! rewrites them after an intended change; `tests/ash_bindings.rs` compiles and runs them.

use clc::reflect::{
    ArgClass, ArgInfo, KernelInfo, Reflection, TypeInfo, VulkanArg, VulkanBinding, VulkanKernel,
    VulkanModule, WorkgroupSize,
};
use std::path::PathBuf;

/// Kernels covering push-constant and uniform-buffer blocks, struct and vector values,
/// `__local` arguments, a required work-group size, and a data buffer with an address
/// constant.
const SOURCE: &str = r#"
typedef struct { char tag; float4 v; } item;
typedef struct { float c[40]; int n; } poly;
constant int table[4] = {1, 2, 3, 4};
constant int *constant second = &table[1];

kernel void saxpy(global const float *x, global float *y, float a) {
    size_t i = get_global_id(0);
    y[i] = fma(a, x[i], y[i]) + (float)*second;
}

kernel void fill(global item *o, item v, local int *scratch, local float4 *more) {
    scratch[get_local_id(0)] = v.tag;
    more[0] = v.v;
    barrier(CLK_LOCAL_MEM_FENCE);
    o[get_global_id(0)].v = more[0] * (float)scratch[0];
}

__attribute__((reqd_work_group_size(8, 4, 1)))
kernel void horner(global float *y, poly p, float3 shift) {
    float acc = 0.0f;
    for (int k = p.n; k >= 0; k--)
        acc = acc * y[get_global_id(0)] + p.c[k];
    y[get_global_id(0)] = acc + shift.y;
}

// Names that are Rust keywords or the block's own fields.
kernel void gen(global int *header, int type, local int *self, int _pad0) {
    self[0] = type + _pad0;
    header[0] = self[0];
}
"#;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The bindings of `reflection` as `Build` writes them, with a one-word module so that the
/// snapshots do not change with every change to the SPIR-V.
fn bindings_of(name: &str, reflection: Reflection) -> String {
    let module = clc::build_script::Module {
        source: PathBuf::from(format!("{name}.cl")),
        spirv: PathBuf::from(format!("{name}.spv")),
        name: name.to_string(),
        reflection,
        dependencies: Vec::new(),
    };
    let flavors = clc::bindings::Flavors {
        opencl3: false,
        ash: true,
    };
    clc::bindings::generate(&[(module, vec![0x0723_0203])], flavors)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn compiled_reflection() -> Reflection {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("k.cl");
    std::fs::write(&path, SOURCE).unwrap();
    let opts = clc::Options {
        target: clc::Target::Vulkan(2),
        ..Default::default()
    };
    match clc::compile_file(&path, &opts) {
        Ok(c) => c.reflection,
        Err(e) => panic!("{e}"),
    }
}

fn slot(offset: u64, size: u64) -> Option<VulkanArg> {
    Some(VulkanArg {
        offset: Some(offset),
        size: Some(size),
        spec_id: None,
        elem_size: None,
        binding: None,
        descriptor: None,
    })
}

fn image(binding: u32, descriptor: &'static str, offset: u64) -> Option<VulkanArg> {
    Some(VulkanArg {
        binding: Some(binding),
        descriptor: Some(descriptor),
        ..slot(offset, 8).unwrap()
    })
}

fn arg(
    name: &str,
    type_name: &str,
    class: ArgClass,
    ty: TypeInfo,
    v: Option<VulkanArg>,
) -> ArgInfo {
    ArgInfo {
        name: name.into(),
        type_name: type_name.into(),
        class,
        address_space: (class == ArgClass::Buffer).then_some("global"),
        read_only: false,
        ty,
        vulkan: v,
    }
}

fn binding(
    binding: u32,
    descriptor: &'static str,
    what: &'static str,
    arg: Option<usize>,
) -> VulkanBinding {
    VulkanBinding {
        set: 0,
        binding,
        descriptor,
        what,
        arg,
    }
}

/// `kernel void blur(read_only image2d_t src, write_only image2d_t dst, sampler_t s,
/// global float4 *out, int2 at)` with `reqd_work_group_size(8, 8, 1)` and `printf`, laid out
/// as docs/VULKAN.md says (the Vulkan backend of this branch rejects image arguments, so the
/// reflection is written here).
fn image_reflection() -> Reflection {
    let opaque = |n: &str| TypeInfo::Opaque { name: n.into() };
    let float4 = TypeInfo::Vector {
        elem: "float",
        len: 4,
        size: 16,
    };
    let int2 = TypeInfo::Vector {
        elem: "int",
        len: 2,
        size: 8,
    };
    Reflection {
        target: "vulkan1.2".into(),
        vulkan: Some(VulkanModule {
            spirv_version: [1, 5],
            features: vec!["bufferDeviceAddress", "shaderInt64", "shaderFloat16"],
            extensions: vec!["VK_KHR_shader_non_semantic_info"],
            fma_fused_spec_id: None,
            subgroup_operations: vec!["basic", "vote"],
            properties: vec![],
            flat_generic: false,
            data: None,
            printf: None,
        }),
        kernels: vec![KernelInfo {
            name: "blur".into(),
            args: vec![
                arg(
                    "src",
                    "image2d_t",
                    ArgClass::Opaque,
                    opaque("image2d_t"),
                    image(2, "sampled_image", 48),
                ),
                arg(
                    "dst",
                    "image2d_t",
                    ArgClass::Opaque,
                    opaque("image2d_t"),
                    image(3, "storage_image", 56),
                ),
                arg(
                    "s",
                    "sampler_t",
                    ArgClass::Opaque,
                    opaque("sampler_t"),
                    slot(64, 4),
                ),
                arg("out", "float4*", ArgClass::Buffer, float4, slot(72, 8)),
                arg("at", "int2", ArgClass::Value, int2, slot(80, 8)),
            ],
            reqd_work_group_size: Some([8, 8, 1]),
            work_group_size_hint: None,
            vulkan: Some(VulkanKernel {
                entry_point: "blur".into(),
                block: "push_constant",
                block_size: 88,
                workgroup_size: WorkgroupSize {
                    fixed: Some([8, 8, 1]),
                    spec_ids: None,
                    free: false,
                },
                private_stack_bytes: 16,
                local_frame: None,
                bindings: vec![
                    binding(1, "storage_buffer", "printf", None),
                    binding(2, "sampled_image", "arg", Some(0)),
                    binding(3, "storage_image", "arg", Some(1)),
                ],
            }),
        }],
    }
}

/// Packed structs whose members are all aligned but whose size is not a multiple of their
/// largest member's alignment: `repr(C)` would pad them (OpenCL target; Vulkan's layouts
/// take no such struct in a buffer).
const PACKED: &str = r#"
typedef struct __attribute__((packed)) { short s; char c; } p3;
typedef struct __attribute__((packed)) { float2 v; char c; } pv;
typedef struct __attribute__((packed)) { int a; char b; } p5;
typedef struct { char t; p5 x; } holds_p5;

kernel void packed(global p3 *a, global pv *b, global holds_p5 *c) {
    a[1] = a[0];
    b[1] = b[0];
    c[1] = c[0];
}
"#;

/// The argument descriptions and struct mirrors (no host flavour) of `PACKED`.
fn packed_bindings() -> String {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("packed.cl");
    std::fs::write(&path, PACKED).unwrap();
    let reflection = match clc::compile_file(&path, &clc::Options::default()) {
        Ok(c) => c.reflection,
        Err(e) => panic!("{e}"),
    };
    let module = clc::build_script::Module {
        source: PathBuf::from("packed.cl"),
        spirv: PathBuf::from("packed.spv"),
        name: "packed".into(),
        reflection,
        dependencies: Vec::new(),
    };
    clc::bindings::generate(
        &[(module, vec![0x0723_0203])],
        clc::bindings::Flavors::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn generated_bindings_match_the_snapshots() {
    let bless = std::env::var_os("CLC_BLESS").is_some();
    let mut stale = Vec::new();
    for (file, text) in [
        ("ash_compiled.rs", bindings_of("k", compiled_reflection())),
        ("ash_images.rs", bindings_of("blur", image_reflection())),
        ("packed.rs", packed_bindings()),
    ] {
        let path = root().join("tests/out/bindings").join(file);
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &text).unwrap();
        } else if std::fs::read_to_string(&path).unwrap_or_default() != text {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "differ from the generated bindings: {}\n(review the change, then CLC_BLESS=1 cargo test --test ash_bindings_snapshots)",
        stale.join(", ")
    );
}
