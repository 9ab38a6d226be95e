//! The build-script API: outputs, generated bindings, and errors rendered clang-style.

use std::path::Path;

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn compiles_every_file_and_generates_bindings() {
    let d = tempfile::tempdir().unwrap();
    let a = write(d.path(), "a.cl", "typedef struct { char c; float4 v; } item;\nkernel void fill(global item *o, int k) { o[0].c = (char)k; }\n");
    let b = write(
        d.path(),
        "b.cl",
        "#include \"inc.h\"\nkernel void twice(global float *x) { x[0] *= FACTOR; }\n",
    );
    write(d.path(), "inc/inc.h", "#define FACTOR 2.0f\n");
    let out = clc::Build::new()
        .files([&a, &b])
        .include(d.path().join("inc"))
        .out_dir(d.path())
        .cargo_metadata(false)
        .opencl3_bindings(true)
        .try_compile("kernels")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.modules.len(), 2);
    assert!(out.modules[1]
        .dependencies
        .iter()
        .any(|p| p.ends_with("inc/inc.h")));
    for m in &out.modules {
        let spv = std::fs::read(&m.spirv).unwrap();
        assert_eq!(&spv[..4], &0x0723_0203u32.to_le_bytes());
    }
    let rs = std::fs::read_to_string(&out.bindings).unwrap();
    for needle in [
        "pub mod a {",
        "pub static SPIRV: &[u32] = &[",
        "pub mod fill {",
        "pub const NAME: &str = \"fill\";",
        "pub struct item {",
        "#[repr(C, align(16))]",
        "assert!(::core::mem::offset_of!(item, v) == 16);",
        "pub o: &'a opencl3::memory::Buffer<item>,",
        "pub k: i32,",
        "pub mod twice {",
    ] {
        assert!(rs.contains(needle), "missing {needle:?} in:\n{rs}");
    }
}

#[test]
fn dependencies_are_the_sources_and_their_headers_only() {
    // With two files or more, clc::Build reads clang's OpenCL declarations from a
    // precompiled header of its own: neither a dependency nor left in the output folder.
    let d = tempfile::tempdir().unwrap();
    let a = write(
        d.path(),
        "a.cl",
        "kernel void one(global int *o) { o[get_global_id(0)] = CLK_LOCAL_MEM_FENCE; }\n",
    );
    let b = write(
        d.path(),
        "b.cl",
        "#include \"inc.h\"\nkernel void two(global float *x) { x[0] = FACTOR; }\n",
    );
    let inc = write(d.path(), "inc/inc.h", "#define FACTOR 2.0f\n");
    let out_dir = d.path().join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let out = clc::Build::new()
        .files([&a, &b])
        .include(d.path().join("inc"))
        .out_dir(&out_dir)
        .cargo_metadata(false)
        .try_compile("kernels")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.modules[0].dependencies, vec![a]);
    assert_eq!(out.modules[1].dependencies, vec![b, inc]);
    let mut left: Vec<String> = std::fs::read_dir(&out_dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["a.spv", "b.spv", "kernels.rs"]);
}

#[test]
fn errors_from_every_file_are_rendered() {
    let d = tempfile::tempdir().unwrap();
    let a = write(
        d.path(),
        "a.cl",
        "kernel void k(global int *p) { p[0] = undeclared; }\n",
    );
    let b = write(
        d.path(),
        "b.cl",
        "kernel void k(global int *p) {\n    int x = 1\n}\n",
    );
    let e = clc::Build::new()
        .files([&a, &b])
        .out_dir(d.path())
        .cargo_metadata(false)
        .try_compile("kernels")
        .unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("a.cl:1:39: error: use of undeclared identifier 'undeclared'"),
        "{text}"
    );
    assert!(
        text.contains("b.cl:2:14: error: expected ';' at end of declaration"),
        "{text}"
    );
    assert!(!d.path().join("kernels.rs").exists());
}

#[test]
fn options_reach_the_compiler() {
    let d = tempfile::tempdir().unwrap();
    let a = write(
        d.path(),
        "g.cl",
        "global int counter = N;\nkernel void k(global int *p) { p[0] = counter; }\n",
    );
    let build = || {
        clc::Build::new()
            .file(&a)
            .out_dir(d.path())
            .cargo_metadata(false)
    };
    assert!(
        build().define("N", Some("3")).try_compile("x").is_err(),
        "program-scope globals need CL2.0"
    );
    let ok = build()
        .define("N", Some("3"))
        .cl_std("CL2.0")
        .try_compile("x");
    assert!(ok.is_ok(), "{}", ok.unwrap_err());
    assert!(build().cl_std("CL9").try_compile("x").is_err());
}

#[test]
fn warnings_become_cargo_warning_lines() {
    let d = tempfile::tempdir().unwrap();
    let a = write(
        d.path(),
        "w.cl",
        "kernel void k(global int *p) {\n    int x = p[0];\n    if (x = 2) p[1] = x;\n}\n",
    );
    let out = clc::Build::new()
        .file(&a)
        .out_dir(d.path())
        .cargo_metadata(false)
        .try_compile("w")
        .unwrap();
    let warning = format!(
        "cargo:warning={}:3:11: warning: using the result of an assignment as a condition without parentheses [-Wparentheses]",
        a.display()
    );
    assert!(out.cargo_lines.contains(&warning), "{:#?}", out.cargo_lines);
    assert!(out
        .cargo_lines
        .contains(&format!("cargo:rerun-if-changed={}", a.display())));
    assert!(out
        .cargo_lines
        .contains(&"cargo:rerun-if-env-changed=LIBCLANG_PATH".to_string()));
    let e = clc::Build::new()
        .file(&a)
        .out_dir(d.path())
        .cargo_metadata(false)
        .warnings_into_errors(true)
        .try_compile("w");
    assert!(e
        .unwrap_err()
        .to_string()
        .contains("w.cl:3:11: error: using the result of an assignment"));
}

#[test]
fn outputs_get_the_mode_of_any_new_file() {
    use std::os::unix::fs::PermissionsExt;
    let d = tempfile::tempdir().unwrap();
    let a = write(
        d.path(),
        "m.cl",
        "kernel void k(global int *p) { p[0] = 1; }\n",
    );
    let out = clc::Build::new()
        .file(&a)
        .out_dir(d.path())
        .cargo_metadata(false)
        .try_compile("m")
        .unwrap_or_else(|e| panic!("{e}"));
    // `File::create` asks for 0666 and gets it less this process's umask, as `cc` and
    // clang outputs do (tempfile's default would be 0600).
    let reference = write(d.path(), "reference", "");
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&out.modules[0].spirv), mode(&reference));
    assert_eq!(mode(&out.bindings), mode(&reference));
    assert_ne!(
        mode(&reference),
        0o600,
        "the test needs a umask other than 077"
    );
}

#[test]
fn opt_level_optimizes_the_modules() {
    let d = tempfile::tempdir().unwrap();
    let a = write(
        d.path(),
        "sum.cl",
        "kernel void sum(global int *out, int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++)\n        s += i;\n    out[0] = s;\n}\n",
    );
    let size = |build: clc::Build, dir: &str| {
        let out = d.path().join(dir);
        std::fs::create_dir(&out).unwrap();
        let o = build
            .file(&a)
            .out_dir(&out)
            .cargo_metadata(false)
            .try_compile("k")
            .unwrap_or_else(|e| panic!("{e}"));
        std::fs::metadata(&o.modules[0].spirv).unwrap().len()
    };
    // Outside a build script Cargo's OPT_LEVEL is unset: -O0, as cc.
    let default = size(clc::Build::new(), "default");
    assert_eq!(size(clc::Build::new().opt_level(0), "o0"), default);
    let o2 = size(clc::Build::new().opt_level(2), "o2");
    assert!(o2 < default, "{o2} {default}");
    assert_eq!(
        size(clc::Build::new().opt_level(7), "o7"),
        o2,
        "above 3 is 3"
    );
    assert_eq!(size(clc::Build::new().opt_level_str("s"), "os"), o2);
    let e = clc::Build::new()
        .file(&a)
        .out_dir(d.path())
        .cargo_metadata(false)
        .opt_level_str("fast")
        .try_compile("k")
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid optimization level '-Ofast' (expected -O0, -O1, -O2, -O3, -Os or -Oz)"
    );
}
