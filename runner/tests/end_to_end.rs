//! End-to-end checks of the runner on the real driver: clang-22 → SPIR-V → Intel CPU runtime,
//! through the child-process isolation. A missing clang-22 or runtime fails the test (run
//! `scripts/setup.sh`): a test that cannot run must not pass.

use std::path::Path;

use clc_runner::compare::check_expected;
use clc_runner::exec::{child_main_if_requested, ocl_prefix, run_isolated, BuildFailed};
use clc_runner::reference::{clang_binary, clang_compile, driver_options, run_driver};
use clc_runner::spec::SpecFile;
use clc_runner::values::Values;
use clc_runner::verdict::failure_kind;

fn spec(dir: &Path, name: &str, cl: &str, toml: &str) -> SpecFile {
    std::fs::write(dir.join(format!("{name}.cl")), cl).unwrap();
    let p = dir.join(format!("{name}.toml"));
    std::fs::write(&p, toml).unwrap();
    SpecFile::load(&p).unwrap()
}

fn compile(s: &SpecFile, dir: &Path) -> std::path::PathBuf {
    let out = dir.join(s.path.file_stem().unwrap()).with_extension("spv");
    clang_compile(s, &out).unwrap();
    out
}

fn main() {
    child_main_if_requested();
    let have_clang = std::process::Command::new(clang_binary())
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let have_rt = ocl_prefix().join("lib/libintelocl.so").exists();
    assert!(
        have_clang && have_rt,
        "end_to_end cannot run: clang-22 found: {have_clang}, Intel runtime found: {have_rt} \
         (scripts/setup.sh installs both)"
    );
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();

    // 1. A normal run with a scalar, a __local arg and an expected output.
    let s = spec(
        d,
        "scale",
        "kernel void scale(global const int *a, global int *b, int k, local int *t) {\n\
           size_t l = get_local_id(0); t[l] = a[get_global_id(0)] * k;\n\
           barrier(CLK_LOCAL_MEM_FENCE);\n\
           b[get_global_id(0)] = t[get_local_size(0) - 1 - l]; }\n",
        r#"[[run]]
kernel = "scale"
global = [8]
local = [4]
[[run.args]]
name = "a"
kind = "buffer"
type = "int"
fill = "iota"
len = 8
[[run.args]]
name = "b"
kind = "buffer"
type = "int"
len = 8
expect = [9, 6, 3, 0, 21, 18, 15, 12]
[[run.args]]
name = "k"
kind = "scalar"
type = "int"
value = 3
[[run.args]]
name = "t"
kind = "local"
type = "int"
len = 4
"#,
    );
    let spv = compile(&s, d);
    let out = run_isolated(&s.runs[0], &spv).expect("scale runs");
    assert_eq!(
        out.outputs,
        vec![(
            "b".to_string(),
            Values::I32(vec![9, 6, 3, 0, 21, 18, 15, 12])
        )]
    );
    check_expected(&s.runs[0], &out).unwrap();
    println!("end_to_end: normal run ok");

    // 1b. A global work offset reaches get_global_id/get_global_offset.
    let s = spec(
        d,
        "offset",
        "kernel void offset(global int *o) {\n\
           size_t x = get_global_id(0) - get_global_offset(0);\n\
           size_t y = get_global_id(1) - get_global_offset(1);\n\
           o[y * get_global_size(0) + x] = (int)(get_global_id(0) * 100 + get_global_id(1)); }\n",
        "[[run]]\nkernel = \"offset\"\nglobal = [2, 2]\noffset = [3, 5]\n\
         [[run.args]]\nname = \"o\"\nkind = \"buffer\"\ntype = \"int\"\nlen = 4\n\
         expect = [305, 405, 306, 406]\n",
    );
    assert_eq!(s.runs[0].label(), "offset[2x2@3x5]");
    let spv = compile(&s, d);
    let out = run_isolated(&s.runs[0], &spv).expect("offset runs");
    check_expected(&s.runs[0], &out).unwrap();
    println!("end_to_end: global offset ok");

    // 1c. Images and samplers: a read_only image read through a sampler argument into a
    // buffer, and a write_only image read back with clEnqueueReadImage.
    const IMG_TOML: &str = r#"[[run]]
kernel = "img"
global = [2, 2]
[[run.args]]
name = "src"
kind = "image"
image = "2d"
width = 2
height = 2
channel_order = "R"
channel_type = "FLOAT"
data = [1.0, 2.0, 3.0, 4.0]
[[run.args]]
name = "s"
kind = "sampler"
addressing = "clamp_to_edge"
filter = "nearest"
[[run.args]]
name = "dst"
kind = "image"
image = "2d"
width = 2
height = 2
channel_order = "RGBA"
channel_type = "UNSIGNED_INT8"
access = "write"
expect = [0, 0, 0, 255, 1, 0, 1, 255, 0, 1, 1, 255, 1, 1, 2, 255]
[[run.args]]
name = "o"
kind = "buffer"
type = "float"
len = 4
expect = [2.0, 2.0, 4.0, 4.0]
"#;
    const IMG_CL: &str =
        "kernel void img(read_only image2d_t src, sampler_t s, write_only image2d_t dst,\n\
                         global float *o) {\n\
           int x = get_global_id(0), y = get_global_id(1);\n\
           o[y * 2 + x] = read_imagef(src, s, (int2)(x + 1, y)).x;\n\
           write_imageui(dst, (int2)(x, y), (uint4)(x, y, x + y, 255)); }\n";
    let s = spec(d, "img", IMG_CL, IMG_TOML);
    let spv = compile(&s, d);
    let out = run_isolated(&s.runs[0], &spv).expect("img runs");
    check_expected(&s.runs[0], &out).unwrap();
    assert_eq!(out.get("o"), Some(&Values::F32(vec![2.0, 2.0, 4.0, 4.0])));
    assert_eq!(
        out.get("dst"),
        Some(&Values::U8(vec![
            0, 0, 0, 255, 1, 0, 1, 255, 0, 1, 1, 255, 1, 1, 2, 255
        ]))
    );
    println!("end_to_end: images and samplers ok");

    // 1d. A format the runtime lacks (RGB/UNORM_INT8) is reported with the supported ones.
    let s = spec(
        d,
        "img_rgb",
        IMG_CL,
        &IMG_TOML
            .replace("\"RGBA\"", "\"RGB\"")
            .replace("UNSIGNED_INT8\"", "UNORM_INT8\"")
            .replace(
                "expect = [0, 0, 0, 255, 1, 0, 1, 255, 0, 1, 1, 255, 1, 1, 2, 255]",
                "output = true",
            ),
    );
    let e = format!("{:#}", run_isolated(&s.runs[0], &spv).unwrap_err());
    assert!(
        e.contains("does not support RGB/UNORM_INT8") && e.contains("RGBA/UNORM_INT8"),
        "{e}"
    );
    println!("end_to_end: unsupported image format reported");

    // 2. A write past the end of a buffer is caught by the guard zone.
    let s = spec(
        d,
        "overrun",
        "kernel void overrun(global int *a) { a[get_global_id(0) + 1] = 7; }\n",
        "[[run]]\nkernel = \"overrun\"\nglobal = [4]\n[[run.args]]\nname = \"a\"\nkind = \"buffer\"\ntype = \"int\"\nlen = 4\noutput = true\n",
    );
    let spv = compile(&s, d);
    let e = format!("{:#}", run_isolated(&s.runs[0], &spv).unwrap_err());
    assert!(e.contains("past the end of buffer `a`"), "{e}");
    println!("end_to_end: overrun caught: {e}");

    // 3. Wrong kernel name and wrong arg count are reported.
    let e = format!(
        "{:#}",
        run_isolated(
            &clc_runner::spec::Run {
                kernel: "nope".into(),
                ..s.runs[0].clone()
            },
            &spv
        )
        .unwrap_err()
    );
    assert!(e.contains("nope") && e.contains("overrun"), "{e}");
    let e = format!(
        "{:#}",
        run_isolated(
            &clc_runner::spec::Run {
                args: vec![],
                ..s.runs[0].clone()
            },
            &spv
        )
        .unwrap_err()
    );
    assert!(e.contains("1 parameters but the spec gives 0"), "{e}");

    // 4. Invalid SPIR-V is an error, not a crash of this process.
    let bad = d.join("bad.spv");
    std::fs::write(&bad, [0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0, 0, 0, 0, 0]).unwrap();
    let e = format!("{:#}", run_isolated(&s.runs[0], &bad).unwrap_err());
    println!("end_to_end: bad module: {e}");

    // 5. The second reference: the runtime builds the source itself, with the spec's options and
    // the source's directory for its quoted includes.
    std::fs::write(d.join("twice.h"), "#define TWICE(x) ((x) * 2)\n").unwrap();
    let s = spec(
        d,
        "drv",
        "#include \"twice.h\"\nkernel void drv(global int *a) { a[get_global_id(0)] = TWICE(K); }\n",
        "options = [\"-DK=21\"]\n[[run]]\nkernel = \"drv\"\nglobal = [2]\n[[run.args]]\nname = \"a\"\nkind = \"buffer\"\ntype = \"int\"\nlen = 2\nexpect = [42, 42]\n",
    );
    assert!(
        driver_options(&s)
            .unwrap()
            .starts_with("-cl-std=CL1.2 -DK=21 -I/"),
        "{}",
        driver_options(&s).unwrap()
    );
    let out = run_driver(&s.runs[0], &s).expect("the runtime builds and runs the source");
    check_expected(&s.runs[0], &out).unwrap();
    // A source the runtime's compiler rejects is a build failure, with its log.
    std::fs::write(
        &s.source,
        "kernel void drv(global int *a) { a[0] = undeclared; }\n",
    )
    .unwrap();
    let e = run_driver(&s.runs[0], &s).unwrap_err();
    assert!(e.is::<BuildFailed>(), "{e:#}");
    assert_eq!(failure_kind(&e), "build failed");
    assert!(format!("{e:#}").contains("undeclared"), "{e:#}");
    println!("end_to_end: driver reference ok");

    // 6. A kernel that never ends is killed after CLC_RUNNER_TIMEOUT seconds.
    let s = spec(
        d,
        "spin",
        "kernel void spin(global volatile int *f) { while (f[0] == 0) { } }\n",
        "[[run]]\nkernel = \"spin\"\nglobal = [1]\n[[run.args]]\nname = \"f\"\nkind = \"buffer\"\ntype = \"int\"\nlen = 1\n",
    );
    let spv = compile(&s, d);
    std::env::set_var("CLC_RUNNER_TIMEOUT", "3");
    let e = format!("{:#}", run_isolated(&s.runs[0], &spv).unwrap_err());
    assert!(e.contains("timed out"), "{e}");
    println!("end_to_end: timeout ok");
    println!("end_to_end: all checks passed");
}
