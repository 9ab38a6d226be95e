//! The typed `ash` bindings of the build-script API (`Build::ash_bindings`): the snapshots
//! of `tests/ash_bindings_snapshots.rs` compiled into this test under `#![deny(warnings)]`
//! (so rustc checks their layout assertions) and their helpers run byte for byte. The
//! example `examples/vulkan-ash` runs such bindings on a device.

#![deny(warnings)]

use std::path::Path;

/// The snapshots, compiled.
#[allow(dead_code)]
mod compiled {
    include!("out/bindings/ash_compiled.rs");
}

/// The image snapshot, compiled.
#[allow(dead_code)]
mod images {
    include!("out/bindings/ash_images.rs");
}

/// The mirrors of packed structs, compiled.
#[allow(dead_code)]
mod packed {
    include!("out/bindings/packed.rs");
}

#[test]
fn packed_structs_are_mirrored_at_their_opencl_size() {
    use packed::types::{holds_p5, p3, p5, pv};
    use std::mem::{offset_of, size_of};
    assert_eq!((size_of::<p3>(), offset_of!(p3, c)), (3, 2));
    assert_eq!((size_of::<pv>(), offset_of!(pv, c)), (9, 8));
    assert_eq!((size_of::<p5>(), offset_of!(p5, b)), (5, 4));
    assert_eq!((size_of::<holds_p5>(), offset_of!(holds_p5, x)), (6, 1));
    let k = &packed::modules::packed::kernels::packed::ARGS;
    assert_eq!([k[0].size, k[1].size, k[2].size], [3, 9, 6]);
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

#[test]
fn push_constant_blocks_hold_the_header_and_the_arguments_at_their_offsets() {
    use compiled::modules::k::kernels::saxpy;
    use compiled::vulkan::{BlockKind, DevicePtr, NdRange};
    assert_eq!(saxpy::BLOCK_KIND, BlockKind::PushConstant);
    let range = NdRange::new([1000], [64]).with_offset([5]);
    assert_eq!(
        range.group_counts(),
        [16, 1, 1],
        "ceil(1000 / 64), unused dims 1"
    );
    let block = saxpy::Block::new(
        &range,
        0xDA7A,
        0x57AC,
        &saxpy::Args {
            x: DevicePtr::new(0x1111_2222_3333_4444),
            y: DevicePtr::new(0x5555),
            a: 2.5,
        },
    );
    let b = block.as_bytes();
    assert_eq!(b.len(), 72);
    assert_eq!([u32_at(b, 0), u32_at(b, 4), u32_at(b, 8)], [5, 0, 0]);
    assert_eq!(u32_at(b, 12), 1, "work dim");
    assert_eq!([u32_at(b, 16), u32_at(b, 20), u32_at(b, 24)], [1000, 1, 1]);
    assert_eq!((u64_at(b, 32), u64_at(b, 40)), (0xDA7A, 0x57AC));
    assert_eq!(u64_at(b, 48), 0x1111_2222_3333_4444);
    assert_eq!(u64_at(b, 56), 0x5555);
    assert_eq!(&b[64..68], &2.5f32.to_le_bytes());
    let layout = saxpy::descriptor_set_layout_bindings();
    assert!(layout.is_empty());
}

#[test]
fn large_blocks_go_in_a_uniform_buffer_at_binding_0() {
    use ash::vk;
    use compiled::modules::k::kernels::horner;
    use compiled::vulkan::{BlockKind, DevicePtr, NdRange};
    assert_eq!(horner::BLOCK_KIND, BlockKind::UniformBuffer);
    let bindings = horner::descriptor_set_layout_bindings();
    assert_eq!(bindings.len(), 1);
    assert_eq!(bindings[0].binding, 0);
    assert_eq!(
        bindings[0].descriptor_type,
        vk::DescriptorType::UNIFORM_BUFFER
    );
    assert_eq!(bindings[0].stage_flags, vk::ShaderStageFlags::COMPUTE);
    let pool = horner::descriptor_pool_sizes();
    assert_eq!(
        (pool.len(), pool[0].ty, pool[0].descriptor_count),
        (1, vk::DescriptorType::UNIFORM_BUFFER, 1)
    );
    let mut c = [0.0f32; 40];
    c[39] = 7.0;
    let block = horner::Block::new(
        &NdRange::new([16, 8], [8, 4]),
        0,
        0,
        &horner::Args {
            y: DevicePtr::new(9),
            p: compiled::types::poly { c, n: 3 },
            shift: [1.0, 2.0, 3.0, 0.0],
        },
    );
    let b = block.as_bytes();
    assert_eq!(u32_at(b, 12), 2, "work dim");
    assert_eq!(horner::BLOCK_SIZE, 240);
    assert_eq!(u64_at(b, 48), 9);
    // `p` at 56: 40 floats then `n`; `shift` (a float3, 16 bytes) 16-aligned after it.
    assert_eq!(&b[56 + 39 * 4..56 + 160], &7.0f32.to_le_bytes());
    assert_eq!(u32_at(b, 216), 3);
    assert_eq!(&b[224..228], &1.0f32.to_le_bytes());
    // The required work-group size still goes through the specialization constants, set
    // to it (another kernel of the module has none).
    let spec = horner::Spec {
        local_size: [8, 4, 1],
        fma_fused: vk::FALSE,
    };
    let ids: Vec<u32> = horner::SPEC_MAP_ENTRIES
        .iter()
        .map(|e| e.constant_id)
        .collect();
    assert_eq!(ids, [0, 1, 2, 1 << 20]);
    assert_eq!(spec.info().data_size, 16);
}

#[test]
fn local_arguments_are_specialization_constants() {
    use compiled::modules::k::kernels::fill;
    use compiled::vulkan::{DevicePtr, NdRange};
    let spec = fill::Spec {
        local_size: [32, 1, 1],
        scratch: 32,
        more: 1,
        fma_fused: 1,
    };
    let entries: Vec<(u32, u32)> = fill::SPEC_MAP_ENTRIES
        .iter()
        .map(|e| (e.constant_id, e.offset))
        .collect();
    assert_eq!(
        entries,
        [(0, 0), (1, 4), (2, 8), (3, 12), (4, 16), (1 << 20, 20)]
    );
    let b = spec.as_bytes();
    assert_eq!((u32_at(b, 12), u32_at(b, 16), u32_at(b, 20)), (32, 1, 1));
    // The struct argument is its mirror, 16-aligned in the block.
    let v = compiled::types::item {
        tag: 3,
        _pad1: [0; 15],
        v: [1.0, 2.0, 3.0, 4.0],
    };
    let block = fill::Block::new(
        &NdRange::new([32], [32]),
        0,
        0,
        &fill::Args {
            o: DevicePtr::new(1),
            v,
        },
    );
    let b = block.as_bytes();
    assert_eq!(b[64], 3);
    assert_eq!(&b[80..84], &1.0f32.to_le_bytes());
}

#[test]
fn names_rust_reserves_are_renamed() {
    use compiled::modules::k::kernels::r#gen;
    use compiled::vulkan::{DevicePtr, NdRange};
    let args = r#gen::Args {
        header_: DevicePtr::new(1),
        r#type: 2,
        _pad0_: 3,
    };
    let block = r#gen::Block::new(&NdRange::new([1], [1]), 0, 0, &args);
    assert_eq!(u32_at(block.as_bytes(), 56), 2);
    let spec = r#gen::Spec {
        local_size: [1; 3],
        self_: 1,
        fma_fused: 0,
    };
    assert_eq!(spec.as_bytes().len(), 20);
}

#[test]
fn the_data_buffer_is_relocated_to_its_address() {
    use compiled::modules::k;
    assert_eq!(k::DATA_SIZE, 32);
    let bytes = k::data_bytes(0x1000);
    assert_eq!(
        &bytes[..16],
        &[1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0]
    );
    assert_eq!(u64_at(&bytes, 16), 0x1004, "`second` points at table[1]");
    let mut f = compiled::vulkan::Features::default();
    assert_eq!(k::missing_feature(&f), Some("bufferDeviceAddress"));
    k::enable_features(&mut f);
    assert_eq!(k::missing_feature(&f), None);
    assert_eq!(f.v11.variable_pointers, ash::vk::TRUE);
}

#[test]
fn images_and_samplers_are_descriptors_and_words_in_the_block() {
    use ash::vk;
    use images::modules::blur;
    use images::modules::blur::kernels::blur as k;
    use images::vulkan::{sampler, DevicePtr, ImageFormat, NdRange};
    let types: Vec<(u32, vk::DescriptorType)> = k::descriptor_set_layout_bindings()
        .iter()
        .map(|b| (b.binding, b.descriptor_type))
        .collect();
    assert_eq!(
        types,
        [
            (1, vk::DescriptorType::STORAGE_BUFFER),
            (2, vk::DescriptorType::SAMPLED_IMAGE),
            (3, vk::DescriptorType::STORAGE_IMAGE)
        ]
    );
    let range = NdRange::new([20, 9], [8, 8]);
    assert_eq!(range.group_counts(), [3, 2, 1]);
    assert_eq!(k::private_stack_size(&range), 16 * 180);
    let block = k::Block::new(
        &range,
        0,
        0x5000,
        &k::Args {
            src: ImageFormat {
                channel_order: 0x10B5,
                channel_data_type: 0x10D2,
            },
            dst: ImageFormat {
                channel_order: 0x10B0,
                channel_data_type: 0x10DE,
            },
            s: sampler::NORMALIZED_COORDS_TRUE | sampler::ADDRESS_REPEAT | sampler::FILTER_LINEAR,
            out: DevicePtr::new(0xABC),
            at: [3, -4],
        },
    );
    let b = block.as_bytes();
    assert_eq!(b.len(), 88);
    assert_eq!((u32_at(b, 48), u32_at(b, 52)), (0x10B5, 0x10D2));
    assert_eq!((u32_at(b, 56), u32_at(b, 60)), (0x10B0, 0x10DE));
    assert_eq!(u32_at(b, 64), 0x27);
    assert_eq!(u64_at(b, 72), 0xABC);
    assert_eq!(&b[80..88], &[3, 0, 0, 0, 0xFC, 0xFF, 0xFF, 0xFF]);
    // A required size without specialization constants: nothing to specialize.
    assert_eq!(std::mem::size_of::<k::Spec>(), 0);
    assert!(k::SPEC_MAP_ENTRIES.is_empty());
    assert_eq!(blur::EXTENSIONS, [c"VK_KHR_shader_non_semantic_info"]);
    assert_eq!(
        blur::SUBGROUP_OPERATIONS,
        vk::SubgroupFeatureFlags::BASIC | vk::SubgroupFeatureFlags::VOTE
    );
    assert!(blur::FEATURES.contains(&"shaderFloat16"));
    assert!(
        blur::FEATURES.contains(&"variablePointers"),
        "always required"
    );
}

#[test]
fn ash_bindings_need_a_vulkan_target_and_exclude_opencl3() {
    let d = tempfile::tempdir().unwrap();
    let src = d.path().join("k.cl");
    std::fs::write(&src, "kernel void k(global int *x) { x[0] = 1; }\n").unwrap();
    let build = || {
        clc::Build::new()
            .file(&src)
            .out_dir(d.path())
            .cargo_metadata(false)
            .ash_bindings(true)
    };
    let e = build().try_compile("k").unwrap_err().to_string();
    assert!(e.contains("ash bindings need a Vulkan target"), "{e}");
    let e = build()
        .target(clc::Target::Vulkan(2))
        .opencl3_bindings(true)
        .try_compile("k")
        .unwrap_err()
        .to_string();
    assert!(e.contains("cannot both be on"), "{e}");
    let out = build()
        .target(clc::Target::Vulkan(2))
        .try_compile("k")
        .unwrap_or_else(|e| panic!("{e}"));
    let text = std::fs::read_to_string(&out.bindings).unwrap();
    assert!(text.contains("pub mod vulkan {"), "{text}");
    assert!(Path::new(&out.bindings).exists());
}
