//! The `clc` command line for the Vulkan targets: modules, their ABI and reflection, and
//! the located errors for what the target cannot lower.

mod common;
use common::*;

/// Compiles `source` (in `dir`) for vulkan1.2 with `--reflect` and returns the reflection.
fn vulkan_reflection(dir: &std::path::Path, source: &str) -> serde_json::Value {
    let o = clc(
        dir,
        &[
            "--target=vulkan1.2",
            source,
            "-o",
            "r.spv",
            "--reflect=r.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    serde_json::from_str(&std::fs::read_to_string(dir.join("r.json")).unwrap()).unwrap()
}

#[test]
fn vulkan_targets_write_compute_modules_and_their_abi() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    for (target, version) in [("vulkan1.2", 0x0001_0500), ("vulkan1.3", 0x0001_0600)] {
        let out = format!("{target}.spv");
        let json = format!("--reflect={target}.json");
        let o = clc(
            d.path(),
            &[&format!("--target={target}"), "k.cl", "-o", &out, &json],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let w = words(&std::fs::read(d.path().join(&out)).unwrap());
        assert_eq!(w[1], version, "{target}");
        assert!(has_entry_point(&w, 5), "{target}: no GLCompute entry point");
        let r: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(d.path().join(format!("{target}.json"))).unwrap(),
        )
        .unwrap();
        assert_eq!(r["target"], target);
        let k = &r["kernels"][0];
        assert_eq!(k["vulkan"]["block"], "push_constant");
        assert_eq!(k["vulkan"]["block_size"], 72);
        assert_eq!(
            k["vulkan"]["workgroup_size"]["spec_ids"],
            serde_json::json!([0, 1, 2])
        );
        for (i, offset) in [48, 56, 64].into_iter().enumerate() {
            assert_eq!(k["args"][i]["vulkan"]["offset"], offset);
        }
        assert!(r["vulkan"]["features"]
            .as_array()
            .unwrap()
            .contains(&serde_json::json!("bufferDeviceAddress")));
    }
    // SPIR-V 1.6 is too new for Vulkan 1.2.
    let o = clc(
        d.path(),
        &[
            "--target=vulkan1.2",
            "--spirv-version=1.6",
            "k.cl",
            "-o",
            "x.spv",
        ],
    );
    assert_ne!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("too new for Vulkan 1.2"),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("x.spv").exists());
}

#[test]
fn vulkan_reflection_says_which_kernels_cannot_observe_their_work_groups() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "g.cl",
        "static int id(void) { return (int)get_global_id(0); }\n\
         kernel void free_k(global int *o) { o[id()] = id(); }\n\
         static int lid(void) { return (int)get_local_id(0); }\n\
         kernel void local_id(global int *o) { o[get_global_id(0)] = lid(); }\n\
         kernel void fenced(global int *o) { barrier(CLK_GLOBAL_MEM_FENCE); o[0] = 1; }\n\
         kernel void scratch(global int *o, local int *t) { t[0] = 1; o[0] = t[0]; }\n\
         kernel __attribute__((reqd_work_group_size(64, 1, 1))) void fixed(global int *o) { o[0] = 1; }\n",
    );
    let r = vulkan_reflection(d.path(), "g.cl");
    let free: Vec<(String, bool)> = r["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            (
                k["name"].as_str().unwrap().to_string(),
                k["vulkan"]["workgroup_size"]["free"]
                    .as_bool()
                    .unwrap_or(false),
            )
        })
        .collect();
    assert_eq!(
        free,
        [
            ("free_k".to_string(), true),
            ("local_id".to_string(), false),
            ("fenced".to_string(), false),
            ("scratch".to_string(), false),
            ("fixed".to_string(), false),
        ]
    );
}

#[test]
fn vulkan_target_takes_qualification_conversions_in_calls() {
    // john's SHA helpers: a `const uchar data[64]` parameter given a `uchar *` (exit 70
    // "a call typed unlike" from the address-space inference before).
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "q.cl",
        "typedef struct { uchar buffer[64]; uint n; } C;\nstatic void process(C *c, const uchar data[64]) { c->n += data[0]; }\nkernel void q(global uint *o) {\n    C c = { {7}, 0 };\n    process(&c, c.buffer);\n    o[0] = c.n;\n}\n",
    );
    let o = clc(d.path(), &["--target=vulkan1.2", "q.cl", "-o", "q.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(d.path().join("q.spv").exists());
}

#[test]
fn private_variables_passed_to_helpers_stay_out_of_the_private_stack() {
    // `&x` given to a helper that only dereferences its parameter, or passes it on, or to a
    // builtin's out-pointer, needs no address: the variable stays in Function storage and
    // the helper takes a Function pointer. A pointer kept in a variable, and a helper also
    // given an escaping variable, keep the stack (src/back/spv/flavor/logical_private.rs).
    let d = tempfile::tempdir().unwrap();
    let stack_of = |src: &str| {
        write(d.path(), "p.cl", src);
        let o = clc(
            d.path(),
            &[
                "--target=vulkan1.2",
                "p.cl",
                "-o",
                "p.spv",
                "--reflect=p.json",
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let r: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.path().join("p.json")).unwrap())
                .unwrap();
        r["kernels"][0]["vulkan"]["private_stack_bytes"]
            .as_u64()
            .unwrap()
    };
    let helpers = "void sort2(float *a, float *b) { float lo = fmin(*a, *b); *b = fmax(*a, *b); *a = lo; }\n\
                   void sort3(float *a, float *b, float *c) { sort2(a, b); sort2(b, c); sort2(a, b); }\n";
    let logical = format!(
        "{helpers}kernel void k(global float *o) {{\n\
         float x = o[0], y = o[1], z = o[2], c;\n\
         sort3(&x, &y, &z);\n\
         float s = sincos(x, &c);\n\
         o[0] = x + s; o[1] = y + c; o[2] = z;\n}}\n"
    );
    assert_eq!(stack_of(&logical), 0);
    // `y` also escapes through `p`: sort2 and sort3 take addresses, so x, y, z need slots.
    let escaping = format!(
        "{helpers}kernel void k(global float *o) {{\n\
         float x = o[0], y = o[1], z = o[2];\n\
         float *p = o[3] > 0 ? &x : &y;\n\
         *p = 9;\n\
         sort3(&x, &y, &z);\n\
         o[0] = x; o[1] = y; o[2] = z;\n}}\n"
    );
    assert_eq!(stack_of(&escaping), 16);
    // The benchmark's median filter: nine floats sorted by helpers.
    let median = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/cpu/kernels/median.cl"),
    )
    .unwrap();
    assert_eq!(stack_of(&median), 0);
}

#[test]
fn vulkan_target_rejects_what_it_cannot_lower_at_its_location() {
    let d = tempfile::tempdir().unwrap();
    // __local vectors read as their components are an access chain; as another type they
    // have no Vulkan form (work-group memory has no byte layout).
    write(
        d.path(),
        "v.cl",
        "kernel void v(local int4 *t, global int *o) {\n    o[0] = ((local int *)t)[get_local_id(0)] + ((local short *)t)[1];\n}\n",
    );
    let o = clc(d.path(), &["--target=vulkan1.2", "v.cl", "-o", "v.spv"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("v.cl:2:64: error: unsupported: reading __local memory as another type through a pointer cast on the Vulkan target"),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("v.spv").exists());
    // A pointer whose space differs at run time: generic pointers become flat device
    // addresses and `__local` memory moves into work-group local frames, which the
    // reflection describes (docs/VULKAN.md, "Generic pointers chosen at run time").
    write(
        d.path(),
        "g.cl",
        "kernel void g(global int *a, local int *b, int c) {\n    int *p = a;\n    if (c) p = b;\n    *p = 1;\n}\n",
    );
    let o = clc(
        d.path(),
        &[
            "--target=vulkan1.2",
            "-cl-std=CL2.0",
            "g.cl",
            "-o",
            "g.spv",
            "--reflect=g.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("g.json")).unwrap()).unwrap();
    assert_eq!(r["vulkan"]["flat_generic"], true, "{r}");
    let k = &r["kernels"][0];
    // a, b (its offset in the frame), c, then the frames' address and size.
    assert_eq!(k["args"][1]["vulkan"]["offset"], 56, "{k}");
    assert!(k["args"][1]["vulkan"]["spec_id"].is_null(), "{k}");
    assert_eq!(k["vulkan"]["local_frame"]["offset"], 72, "{k}");
    assert_eq!(k["vulkan"]["local_frame"]["static_bytes"], 0, "{k}");
    assert_eq!(k["vulkan"]["block_size"], 88, "{k}");
    // The same pointer with one space: resolved statically, no frames.
    write(
        d.path(),
        "s.cl",
        "kernel void s(global int *a, local int *b, int c) {\n    int *p = b;\n    if (c) p = b + 1;\n    *p = 1;\n}\n",
    );
    let o = clc(
        d.path(),
        &[
            "--target=vulkan1.2",
            "-cl-std=CL2.0",
            "s.cl",
            "-o",
            "s.spv",
            "--reflect=s.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("s.json")).unwrap()).unwrap();
    assert!(r["vulkan"]["flat_generic"].is_null(), "{r}");
    assert!(r["kernels"][0]["vulkan"]["local_frame"].is_null(), "{r}");
    // A struct holding a bool reached through a buffer address (here a private object whose
    // address is kept in a variable) has no Vulkan layout: a located error, never a validator abort
    // (rodinia's dwt2d made spirv-val assert before).
    write(
        d.path(),
        "b.cl",
        "typedef struct { bool on; int n; } S;\nstatic void set(S *s) { S *t = s; t->n = 1; }\nkernel void b(global int *o) {\n    S s = { true, 0 };\n    set(&s);\n    o[0] = s.n;\n}\n",
    );
    let o = clc(d.path(), &["--target=vulkan1.2", "b.cl", "-o", "b.spv"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o)
            .contains("b.cl:2:20: error: unsupported: 'struct S' in buffer memory on the Vulkan target: it holds a bool"),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("b.spv").exists());
}

/// The reflection's device features for `src` compiled for Vulkan 1.2, past the five every
/// module needs.
fn extra_features(src: &str) -> Vec<String> {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", src);
    let o = clc(
        d.path(),
        &[
            "--target=vulkan1.2",
            "k.cl",
            "-o",
            "k.spv",
            "--reflect=k.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("k.json")).unwrap()).unwrap();
    let all: Vec<String> = r["vulkan"]["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        all[..5],
        [
            "bufferDeviceAddress",
            "shaderInt64",
            "vulkanMemoryModel",
            "vulkanMemoryModelDeviceScope",
            "scalarBlockLayout"
        ]
    );
    all[5..].to_vec()
}

#[test]
fn reflection_lists_exactly_the_half_and_narrow_storage_features() {
    const FP16: &str = "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n";
    // float only: none
    assert!(extra_features(VADD).is_empty());
    // half arithmetic in private memory only: shaderFloat16, no storage feature
    assert_eq!(
        extra_features(&format!(
            "{FP16}kernel void k(global float *d) {{ half x = (half)d[0]; d[1] = x * x; }}"
        )),
        // shaderInt16: halfs are widened from their bits (NVIDIA folds `(float)(half)x`).
        ["shaderFloat16", "shaderInt16"]
    );
    // half in __local memory needs no storage feature either
    assert_eq!(
        extra_features(&format!(
            "{FP16}kernel void k(global float *d, local half *l) {{ l[0] = d[0]; d[1] = l[0]; }}"
        )),
        ["shaderFloat16", "shaderInt16"]
    );
    // half in a buffer
    assert_eq!(
        extra_features(&format!(
            "{FP16}kernel void k(global half *h) {{ h[1] = h[0] * h[0]; }}"
        )),
        ["shaderFloat16", "storageBuffer16BitAccess"]
    );
    // half by value: in the push-constant argument block
    assert_eq!(
        extra_features(&format!(
            "{FP16}kernel void k(global float *d, half h) {{ d[0] = h; }}"
        )),
        ["shaderFloat16", "shaderInt16", "storagePushConstant16"]
    );
    // an argument block too big for push constants is a uniform buffer
    let args: Vec<String> = (0..80).map(|i| format!("half h{i}")).collect();
    let sum: Vec<String> = (0..80).map(|i| format!("h{i}")).collect();
    assert_eq!(
        extra_features(&format!(
            "{FP16}kernel void k(global float *d, {}) {{ d[0] = {}; }}",
            args.join(", "),
            sum.join(" + ")
        )),
        [
            "shaderFloat16",
            "shaderInt16",
            "uniformAndStorageBuffer16BitAccess"
        ]
    );
    // short and char in buffers and by value
    assert_eq!(
        extra_features(
            "kernel void k(global short *s, global uchar *c, char q) { s[0] = c[0] + q; }"
        ),
        [
            "shaderInt16",
            "shaderInt8",
            "storageBuffer16BitAccess",
            "storageBuffer8BitAccess",
            "storagePushConstant8"
        ]
    );
}

#[test]
fn cl_ext_without_fp64_makes_double_an_error_on_both_targets() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "d.cl",
        "kernel void k(global float *f) {\n    double x = f[0];\n    f[1] = x;\n}\n",
    );
    for target in ["--target=opencl", "--target=vulkan1.2"] {
        let o = clc(
            d.path(),
            &[target, "-cl-ext=-cl_khr_fp64", "d.cl", "-o", "d.spv"],
        );
        assert_eq!(o.status.code(), Some(1), "{target}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("d.cl:2:5: error: use of type 'double' requires cl_khr_fp64"),
            "{target}: {}",
            stderr(&o)
        );
        assert!(!d.path().join("d.spv").exists(), "{target}: wrote a module");
        // The same source compiles where the device has doubles.
        let o = clc(
            d.path(),
            &[target, "-cl-ext=+cl_khr_fp64", "d.cl", "-o", "d.spv"],
        );
        assert_eq!(o.status.code(), Some(0), "{target}: {}", stderr(&o));
        std::fs::remove_file(d.path().join("d.spv")).unwrap();
    }
    for bad in [
        "-cl-ext=",
        "-cl-ext=cl_khr_fp64",
        "-cl-ext=-cl khr",
        "-cl-ext=+",
    ] {
        let o = clc(d.path(), &[bad, "d.cl", "-o", "d.spv"]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
        assert!(stderr(&o).contains("-cl-ext="), "{bad}: {}", stderr(&o));
    }
}

/// Compiles `src` as `k.cl` for Vulkan and returns the exit code and stderr, checking that a
/// failed compilation wrote no module.
fn vulkan_compile(dir: &std::path::Path, src: &str) -> (Option<i32>, String) {
    write(dir, "k.cl", src);
    let _ = std::fs::remove_file(dir.join("k.spv"));
    let o = clc(dir, &["--target=vulkan1.2", "k.cl", "-o", "k.spv"]);
    if o.status.code() != Some(0) {
        assert!(!dir.join("k.spv").exists(), "{}", stderr(&o));
    }
    (o.status.code(), stderr(&o))
}

#[test]
fn vulkan_printf_needs_literal_formats_and_string_arguments() {
    let d = tempfile::tempdir().unwrap();
    let (code, err) = vulkan_compile(
        d.path(),
        "kernel void k(global int *o) {\n    constant char *f = \"%d\\n\";\n    printf(f, o[0]);\n}\n",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("k.cl:3:12: error: unsupported: printf with a format that is not a string literal on the Vulkan target\n    printf(f, o[0]);\n           ^\n"),
        "{err}"
    );
    let (code, err) = vulkan_compile(
        d.path(),
        "kernel void k(constant char *s, global int *o) {\n    printf(\"%s=%d\\n\", s, o[0]);\n}\n",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("k.cl:2:23: error: unsupported: a printf %s argument that is not a string literal on the Vulkan target"),
        "{err}"
    );
    let (code, err) = vulkan_compile(
        d.path(),
        "kernel void k(global int *o) {\n    printf(\"%d %d\\n\", o[0]);\n}\n",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("k.cl:2:5: error: unsupported: printf: the format needs 2 arguments, 1 given"),
        "{err}"
    );
    let (code, err) = vulkan_compile(
        d.path(),
        "kernel void k(global int *o) {\n    printf(\"%v5d\\n\", o[0]);\n}\n",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("k.cl:2:12: error: unsupported: the printf conversion `%v5`"),
        "{err}"
    );
    let (code, err) = vulkan_compile(
        d.path(),
        "kernel void k(local int *l) {\n    printf(\"%p\\n\", l);\n}\n",
    );
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("k.cl:2:20: error: unsupported: printing a __local or __private pointer on the Vulkan target"),
        "{err}"
    );
}

#[test]
fn vulkan_reflection_lists_printf_formats() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "p.cl",
        "void say(global int *o) {\n    printf(\"%s %d %v2hlf %ld %p %%\\n\", \"hi\", o[0], (float2)(1.0f, 2.0f), (long)o[1], o);\n}\nkernel void talks(global int *o) { say(o); printf(\"%s\\n\", \"hi\"); }\nkernel void quiet(global int *o) { o[0] = 1; }\n",
    );
    for target in ["--target=vulkan1.2", "--target=vulkan1.3"] {
        let o = clc(
            d.path(),
            &[target, "p.cl", "-o", "p.spv", "--reflect=p.json"],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let r: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.path().join("p.json")).unwrap())
                .unwrap();
        let p = &r["vulkan"]["printf"];
        assert_eq!(p["version"], 1);
        assert_eq!(p["binding"], 1);
        assert_eq!(p["header_bytes"], 8);
        assert_eq!(p["strings"], serde_json::json!(["hi"]));
        let arg = |kind: &str, size: u32, components: u32| serde_json::json!({"kind": kind, "size": size, "components": components});
        assert_eq!(
            p["formats"],
            serde_json::json!([
                {"id": 1, "format": "%s %d %v2hlf %ld %p %%\n", "args": [
                    arg("string", 4, 1), arg("int", 4, 1), arg("float", 4, 2),
                    arg("int", 8, 1), arg("pointer", 8, 1)]},
                {"id": 2, "format": "%s\n", "args": [arg("string", 4, 1)]},
            ])
        );
        let bindings = |k: usize| r["kernels"][k]["vulkan"]["bindings"].clone();
        assert_eq!(
            bindings(0),
            serde_json::json!([{"set": 0, "binding": 1, "descriptor": "storage_buffer", "what": "printf"}])
        );
        assert_eq!(bindings(1), serde_json::json!([]));
    }
    // No printf: no printf section.
    write(
        d.path(),
        "n.cl",
        "kernel void quiet(global int *o) { o[0] = 1; }\n",
    );
    let o = clc(
        d.path(),
        &[
            "--target=vulkan1.2",
            "n.cl",
            "-o",
            "n.spv",
            "--reflect=n.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("n.json")).unwrap()).unwrap();
    assert!(r["vulkan"].get("printf").is_none(), "{r}");
}

#[test]
fn half_arithmetic_asks_for_the_float_controls_it_declares() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "h.cl",
        "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\nkernel void h(global half *p) { p[1] = p[0] / p[2]; }\nkernel void f(global float *p) { p[0] = 1.0f; }\n",
    );
    write(
        d.path(),
        "f.cl",
        "kernel void f(global float *p) { p[0] = 1.0f; }\n",
    );
    for (file, want) in [
        ("h", serde_json::json!(["shaderDenormPreserveFloat16"])),
        ("f", serde_json::Value::Null),
    ] {
        let o = clc(
            d.path(),
            &[
                "--target=vulkan1.2",
                &format!("{file}.cl"),
                "-o",
                &format!("{file}.spv"),
                &format!("--reflect={file}.json"),
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let r: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(d.path().join(format!("{file}.json"))).unwrap(),
        )
        .unwrap();
        assert_eq!(r["vulkan"]["properties"], want, "{file}");
    }
}

/// `Program::executables`: what the driver made of a kernel's pipeline. Where the device has
/// `VK_KHR_pipeline_executable_properties` (NVIDIA), each executable comes with statistics;
/// where it lacks it (the lavapipe of Debian 12), the call is a located `Unsupported` error
/// naming the extension, and the program still launches.
#[test]
fn pipeline_statistics_come_from_the_driver_or_name_the_missing_extension() {
    if std::env::var_os(vkhost::DEVICE_ENV).is_none() {
        std::env::set_var(vkhost::DEVICE_ENV, "llvmpipe");
    }
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    let o = clc(
        d.path(),
        &[
            "--target=vulkan1.2",
            "k.cl",
            "-o",
            "k.spv",
            "--reflect=k.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let r =
        vkhost::Reflection::from_json(&std::fs::read_to_string(d.path().join("k.json")).unwrap())
            .unwrap();
    let Ok(dev) = vkhost::Device::new() else {
        eprintln!("no Vulkan device: skipped");
        return;
    };
    let words = vkhost::spirv_words(&std::fs::read(d.path().join("k.spv")).unwrap()).unwrap();
    let p = vkhost::Program::load(&dev, &words, &r).unwrap();
    let name = r.kernels[0].name.clone();
    let bufs: Vec<vkhost::Buffer> = (0..3)
        .map(|_| vkhost::Buffer::from_bytes(&dev, &[0u8; 256]).unwrap())
        .collect();
    let args: Vec<vkhost::Arg> = bufs.iter().map(vkhost::Arg::Buffer).collect();
    let range = vkhost::NdRange::new(&[64]);
    let has = dev.has_extension(vkhost::PIPELINE_EXECUTABLE_PROPERTIES);
    match p.executables(&name, &range, &args) {
        Ok(exes) => {
            assert!(has, "statistics without the extension");
            assert!(!exes.is_empty());
            assert!(exes.iter().all(|e| !e.statistics.is_empty()), "{exes:?}");
        }
        Err(e) => {
            assert!(!has, "{e}");
            assert!(matches!(e, vkhost::Error::Unsupported(_)), "{e:?}");
            assert!(
                e.to_string()
                    .contains("VK_KHR_pipeline_executable_properties"),
                "{e}"
            );
        }
    }
    p.launch(&name, &range, &args).unwrap();
}

/// The `Unroll` loop controls of a compiled module, in order (bit 0 of `OpLoopMerge`'s
/// third operand).
fn unroll_marks(words: &[u32]) -> Vec<bool> {
    let mut i = 5;
    let mut marks = Vec::new();
    while i < words.len() {
        let (count, op) = ((words[i] >> 16) as usize, words[i] & 0xffff);
        if op == 246 {
            marks.push(words[i + 3] & 1 != 0);
        }
        i += count.max(1);
    }
    marks
}

/// At `-O1` and above the Vulkan target marks counted loops with a small constant trip count
/// `Unroll` (NVIDIA's compiler unrolls only marked loops): a counter that starts at a
/// constant, is compared with a constant and stepped by a constant, in its own type. Loops
/// it cannot count, long ones, ones the body leaves early or whose counter the body writes,
/// and ones that divide doubles stay unmarked; so do `-O0`, `-fno-unroll-loops` and the OpenCL
/// target.
#[test]
fn counted_loops_are_marked_for_unrolling_on_vulkan() {
    let d = tempfile::tempdir().unwrap();
    let body = |l: &str| {
        format!(
            "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n\
             kernel void k(global float *o, global double *q, int n) {{\n\
             float a = o[0]; double x = q[0];\n{l}\no[1] = a; q[1] = x;\n}}\n"
        )
    };
    let cases: &[(&str, bool)] = &[
        ("for (int i = 0; i < 8; i++) a += o[i];", true),
        ("for (uint s = 1; s < 256u; s <<= 1) a += o[s];", true),
        ("for (int i = 10; i > 0; i -= 3) a += o[i];", true),
        ("for (uchar c = 250; c != 4; c++) a += o[c];", true),
        ("int i = 0; while (i < 4) { a += o[i]; i++; }", false),
        ("for (int i = 0; i < n; i++) a += o[i];", false),
        ("for (int i = 0; i < 33; i++) a += o[i];", false),
        (
            "for (int i = 0; i < 8; i++) { if (a > 3.0f) break; a += o[i]; }",
            false,
        ),
        (
            "for (int i = 0; i < 8; i++) { a += o[i]; i += (a > 1.0f); }",
            false,
        ),
        (
            "for (int i = 0; i < 8; i++) { int *p = &i; a += o[*p]; }",
            false,
        ),
        ("for (int i = 1; i <= 10; i++) x += q[0] / i;", false),
        ("for (int i = 0; i < 1; i++) a += o[i];", false),
        (
            "for (int i = 0; i < 4; i++) for (int j = 0; j < 4; j++) a += o[4 * i + j];",
            true,
        ),
    ];
    for (i, (l, want)) in cases.iter().enumerate() {
        write(d.path(), "k.cl", &body(l));
        let out = format!("{i}.spv");
        let o = clc(d.path(), &["--target=vulkan1.2", "-O2", "k.cl", "-o", &out]);
        assert_eq!(o.status.code(), Some(0), "{l}: {}", stderr(&o));
        let marks = unroll_marks(&words(&std::fs::read(d.path().join(&out)).unwrap()));
        assert_eq!(
            marks.first().copied().unwrap_or(false),
            *want,
            "{l}: {marks:?}"
        );
        for opts in [
            &["--target=vulkan1.2", "-O0"][..],
            &["--target=vulkan1.2", "-O2", "-fno-unroll-loops"][..],
            &["-O2"][..],
        ] {
            let o = clc(d.path(), &[opts, &["k.cl", "-o", "x.spv"]].concat());
            assert_eq!(o.status.code(), Some(0), "{l}: {}", stderr(&o));
            let marks = unroll_marks(&words(&std::fs::read(d.path().join("x.spv")).unwrap()));
            assert!(marks.iter().all(|m| !m), "{opts:?} {l}: {marks:?}");
        }
    }
}

#[test]
fn local_pointers_into_one_object_need_no_variable_pointers() {
    // A __local pointer that points into one __local object is the object and an index
    // (src/back/spv/local_index.rs): stepped, kept in variables, compared, passed to
    // helpers (cloned per object when calls pass different ones), it needs no
    // VariablePointers, which NVIDIA's driver 580 answers by losing __local atomics
    // (kernels/fuzz/nvidia_vp_local_atomic). A pointer into one of two objects chosen at run
    // time still needs them.
    let d = tempfile::tempdir().unwrap();
    let variable_pointers = |src: &str| {
        write(d.path(), "l.cl", src);
        let o = clc(d.path(), &["--target=vulkan1.2", "l.cl", "-o", "l.spv"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let w = words(&std::fs::read(d.path().join("l.spv")).unwrap());
        // OpCapability (17) VariablePointersStorageBuffer (4441) or VariablePointers (4442).
        let mut i = 5;
        let mut found = false;
        while i < w.len() {
            let (len, op) = ((w[i] >> 16) as usize, w[i] & 0xffff);
            if op == 17 && matches!(w[i + 1], 4441 | 4442) {
                found = true;
            }
            i += len.max(1);
        }
        found
    };
    let kernels = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels");
    for k in [
        "local/local_pointer_index.cl",
        "fuzz/nvidia_vp_local_atomic.cl",
        "local/local_pointer_helpers.cl",
        "local/local_pointer_select.cl",
    ] {
        let src = std::fs::read_to_string(kernels.join(k)).unwrap();
        assert!(!variable_pointers(&src), "{k} declares VariablePointers");
    }
    // The smith kernels' shape: a helper stepping what each call gives it.
    let helper = "int sum(local int *p, int n) { int s = 0; for (local int *e = p + n; p < e; p++) s += *p; return s; }\n\
                  kernel void k(global int *o, local int *a) {\n\
                  local int b[64];\n\
                  int l = get_local_id(0);\n\
                  local int *q = a + l * 4;\n\
                  for (int i = 0; i < 4; i++) { q[i] = i; b[l * 4 + i] = i; }\n\
                  barrier(CLK_LOCAL_MEM_FENCE);\n\
                  o[l] = sum(q, 4) + sum(a, 2);\n}\n";
    assert!(!variable_pointers(helper));
    // The same helper given pointers into `a` and into `b`: cloned, one copy per object.
    let two = helper.replace("sum(a, 2)", "sum(b, 2)");
    assert!(!variable_pointers(&two));
    // A helper that only an uncalled helper calls is left out with it (its parameter
    // would be given no object).
    let dead = format!("int unused(local int *p) {{ return sum(p, 1); }}\n{helper}")
        .replace("int unused", "int sum(local int *p, int n);\nint unused");
    assert!(!variable_pointers(&dead));
    // A pointer chosen at run time between two objects.
    let chosen = "kernel void k(global int *o, local int *a) {\n\
                  local int b[8];\n\
                  local int *p = o[0] ? a : b;\n\
                  p[get_local_id(0)] = 1;\n\
                  barrier(CLK_LOCAL_MEM_FENCE);\n\
                  o[get_local_id(0)] = p[0];\n}\n";
    assert!(variable_pointers(chosen));
}

#[test]
fn cloned_helpers_have_their_stack_slots_in_the_reflected_frame() {
    // `weigh` is given pointers into two __local objects, so it is cloned per object; its
    // escaping private array takes a 16-byte stack slot in each copy. The host allocates
    // what the reflection says: both slots (16 would let a clone write past its frame).
    let d = tempfile::tempdir().unwrap();
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("kernels/local/local_pointer_helpers.cl");
    let r = vulkan_reflection(d.path(), src.to_str().unwrap());
    let weigh = r["kernels"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["name"] == "weigh_two")
        .unwrap();
    assert_eq!(weigh["vulkan"]["private_stack_bytes"].as_u64(), Some(32));
}

/// The same input gives the same module, byte for byte, from run to run (reproducible builds;
/// `clc::Build` caches). Vectors of 8 and 16 elements become arrays whose two length
/// constants were once placed in a hash map's order, which changes with each process.
#[test]
fn vulkan_modules_are_the_same_from_run_to_run() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "k.cl",
        "__kernel void k(__global float8 *a, __global int16 *b, __global float *o) {\n\
         \x20   size_t i = get_global_id(0);\n\
         \x20   float8 x = a[i] * (float8)(1, 2, 3, 4, 5, 6, 7, 8);\n\
         \x20   int16 y = b[i] + (int16)(3);\n\
         \x20   o[i] = x.s0 + x.s7 + (float)y.sf;\n\
         }\n",
    );
    let mut first: Option<Vec<u8>> = None;
    for run in 0..12 {
        let o = clc(d.path(), &["--target=vulkan1.3", "k.cl", "-o", "k.spv"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let bytes = std::fs::read(d.path().join("k.spv")).unwrap();
        match &first {
            None => first = Some(bytes),
            Some(f) => assert!(*f == bytes, "run {run} wrote a different module"),
        }
    }
}
