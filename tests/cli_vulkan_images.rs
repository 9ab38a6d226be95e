//! Images and samplers on the Vulkan target: their descriptors and block words in the
//! reflection, and what has no Vulkan form (docs/VULKAN.md). Kernels run in tests/kernels.rs.

mod common;
use common::{clc, stderr, write};

const IMAGES: &str = "\
float4 get(read_only image2d_t img, sampler_t s, int2 c) { return read_imagef(img, s, c); }
kernel void k(read_only image2d_t src, sampler_t s, write_only image2d_t dst,
              read_only image1d_buffer_t lut, read_write image2d_t rw, global int *o,
              write_only image2d_t idst) {
    int2 c = (int2)(get_global_id(0), 0);
    write_imagef(dst, c, get(src, s, c) + read_imagef(lut, c.x) + read_imagef(rw, c));
    write_imagei(idst, c, (int4)(o[0]));
    o[1] = get_image_channel_order(src);
}
";

#[test]
fn image_arguments_are_descriptors_with_their_format_in_the_block() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", IMAGES);
    let o = clc(
        d.path(),
        &[
            "--target=vulkan1.2",
            "-cl-std=CL2.0",
            "k.cl",
            "-o",
            "k.spv",
            "--reflect=k.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("k.json")).unwrap()).unwrap();
    let k = &r["kernels"][0];
    let arg = |i: usize| &k["args"][i]["vulkan"];
    // Images: a binding each (from 2), two words in the block; the sampler: one word.
    assert_eq!(arg(0)["binding"], 2);
    assert_eq!(arg(0)["descriptor"], "sampled_image");
    assert_eq!(
        (arg(0)["offset"].as_u64(), arg(0)["size"].as_u64()),
        (Some(48), Some(8))
    );
    assert_eq!(
        (arg(1)["offset"].as_u64(), arg(1)["size"].as_u64()),
        (Some(56), Some(4))
    );
    assert_eq!(arg(1)["binding"], serde_json::Value::Null);
    assert_eq!(arg(2)["descriptor"], "storage_image");
    assert_eq!(arg(2)["offset"], 60);
    assert_eq!(arg(3)["descriptor"], "uniform_texel_buffer");
    assert_eq!(arg(4)["descriptor"], "storage_image");
    assert_eq!(
        arg(5)["offset"],
        88,
        "the buffer address after the image words, 8-aligned"
    );
    assert_eq!(arg(6)["binding"], 6);
    let bindings = &k["vulkan"]["bindings"];
    assert_eq!(
        *bindings,
        serde_json::json!([
            {"set": 0, "binding": 2, "descriptor": "sampled_image", "what": "arg", "arg": 0},
            {"set": 0, "binding": 3, "descriptor": "storage_image", "what": "arg", "arg": 2},
            {"set": 0, "binding": 4, "descriptor": "uniform_texel_buffer", "what": "arg", "arg": 3},
            {"set": 0, "binding": 5, "descriptor": "storage_image", "what": "arg", "arg": 4},
            {"set": 0, "binding": 6, "descriptor": "storage_image", "what": "arg", "arg": 6},
        ])
    );
    let features: Vec<&str> = r["vulkan"]["features"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| f.as_str())
        .collect();
    assert!(
        features.contains(&"shaderStorageImageWriteWithoutFormat")
            && features.contains(&"shaderStorageImageReadWithoutFormat"),
        "{features:?}"
    );
}

#[test]
fn kernels_without_images_need_no_image_features() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "w.cl",
        "kernel void w(write_only image2d_t dst) { write_imagef(dst, (int2)(0), (float4)(1.0f)); }\n\
         kernel void b(global int *o) { o[0] = 1; }\n",
    );
    let o = clc(
        d.path(),
        &[
            "--target=vulkan1.2",
            "w.cl",
            "-o",
            "w.spv",
            "--reflect=w.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("w.json")).unwrap()).unwrap();
    let features = r["vulkan"]["features"].to_string();
    // Written, never read: no read-without-format feature.
    assert!(
        features.contains("shaderStorageImageWriteWithoutFormat"),
        "{features}"
    );
    assert!(!features.contains("ReadWithoutFormat"), "{features}");
    assert_eq!(r["kernels"][1]["vulkan"]["bindings"], serde_json::json!([]));
}

#[test]
fn an_image_read_as_two_texel_kinds_is_a_located_error() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "t.cl",
        "kernel void t(read_only image2d_t img, global float4 *o) {\n    o[0] = read_imagef(img, (int2)(0));\n    o[1] = convert_float4(read_imagei(img, (int2)(1)));\n}\n",
    );
    let o = clc(d.path(), &["--target=vulkan1.2", "t.cl", "-o", "t.spv"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            "t.cl:3:27: error: unsupported: an image read or written with both float and int texels on the Vulkan target"
        ),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("t.spv").exists());
    // The same through a helper: the kinds meet at the call.
    write(
        d.path(),
        "h.cl",
        "uint4 get(read_only image2d_t i) { return read_imageui(i, (int2)(0)); }\nkernel void h(read_only image2d_t img, global float4 *o) {\n    o[0] = read_imagef(img, (int2)(0));\n    o[1] = convert_float4(get(img));\n}\n",
    );
    let o = clc(d.path(), &["--target=vulkan1.2", "h.cl", "-o", "h.spv"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("h.cl:4:27: error: unsupported: an image read or written with both"),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("h.spv").exists());
}
