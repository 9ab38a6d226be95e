//! The `clc` command line: options, exit codes (0, 1, 2), clang-style diagnostics at exact
//! positions, and that nothing is written when there is an error.

use common::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

#[test]
fn compiles_to_a_spirv_1_0_module() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "vadd.cl", VADD);
    let o = clc(d.path(), &["vadd.cl", "-o", "vadd.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let w = words(&std::fs::read(d.path().join("vadd.spv")).unwrap());
    assert_eq!(w[0], 0x0723_0203, "magic");
    assert_eq!(w[1], 0x0001_0000, "SPIR-V 1.0");
    // No temporary files are left next to the output.
    let names: Vec<_> = std::fs::read_dir(d.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn default_output_name_follows_the_input() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    assert_eq!(clc(d.path(), &["k.cl"]).status.code(), Some(0));
    assert!(d.path().join("k.spv").exists());
}

#[test]
fn dash_s_writes_assembly_and_dash_o_dash_writes_stdout() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "vadd.cl", VADD);
    let o = clc(d.path(), &["-S", "vadd.cl", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("OpCapability Kernel"), "{text}");
    assert!(text.contains("OpEntryPoint Kernel"), "{text}");
    assert!(text.contains("OpMemoryModel Physical64 OpenCL"), "{text}");
    let o = clc(d.path(), &["vadd.cl", "-o", "-"]);
    assert_eq!(words(&o.stdout)[0], 0x0723_0203);
}

#[test]
fn every_syntax_error_is_reported_at_its_position_and_nothing_is_written() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "bad.cl",
        "kernel void k(global int *p) {\n    int x = 1\n    p[0] = x;\n    p[1] = undeclared;\n}\n",
    );
    let o = clc(d.path(), &["bad.cl", "-o", "bad.spv"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(e.contains("bad.cl:2:14: error: expected ';' at end of declaration\n    int x = 1\n             ^\n"), "{e}");
    assert!(
        e.contains("bad.cl:4:12: error: use of undeclared identifier 'undeclared'\n"),
        "{e}"
    );
    assert!(e.contains("2 errors generated."), "{e}");
    assert!(!d.path().join("bad.spv").exists());
}

#[test]
fn an_existing_output_is_left_alone_on_error() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "bad.cl", "kernel void k() { int x = ; }\n");
    write(d.path(), "out.spv", "previous");
    assert_eq!(
        clc(d.path(), &["bad.cl", "-o", "out.spv"]).status.code(),
        Some(1)
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("out.spv")).unwrap(),
        "previous"
    );
}

#[test]
fn unsupported_features_are_located_errors() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "ext.cl", "extern global int shared_counter;\nkernel void k(global int *p) {\n    p[0] = shared_counter;\n}\n");
    let o = clc(d.path(), &["-cl-std=CL2.0", "ext.cl", "-o", "ext.spv"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("ext.cl:1:19: error: unsupported: 'extern' variables"),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("ext.spv").exists());
}

#[test]
fn zero_length_arrays_are_located_unsupported_errors() {
    // Found by the `compile` fuzz target (fuzz/regressions/compile): clang accepts them as a
    // GNU extension, and clc wrote an OpTypeArray of length 0 (an internal error).
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "z.cl",
        "kernel void k(global int *p) {\n    int cube[0][3][4];\n    p[0] = sizeof(cube);\n}\n",
    );
    for target in ["--target=opencl", "--target=vulkan1.2"] {
        let o = clc(d.path(), &[target, "z.cl", "-o", "z.spv"]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(
            stderr(&o).starts_with(
                "z.cl:2:9: error: unsupported: zero-length array type '__private int[0][3][4]'"
            ),
            "{}",
            stderr(&o)
        );
        assert!(!d.path().join("z.spv").exists());
    }
}

#[test]
fn diagnostics_in_clangs_own_buffers_are_located_there() {
    // Found by the `compile` fuzz target (fuzz/regressions/compile/builtin-buffer-location-*):
    // clc reported these at the same line numbers of the main file.
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "k.cl",
        "kernel void k(global int *o) {\n    o[0] = X;\n}\n",
    );
    let o = clc(
        d.path(),
        &["-UREMOVED-D", "-DX=1", "-DX=2", "k.cl", "-o", "k.spv"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stderr(&o),
        "<command line>:1:15: warning: extra tokens at end of #undef directive [-Wextra-tokens]\n\
         <command line>:3:9: warning: 'X' macro redefined [-Wmacro-redefined]\n\
         <command line>:2:9: note: previous definition is here\n\
         2 warnings generated.\n"
    );
}

#[test]
fn a_lone_carriage_return_ends_a_line_as_in_clang() {
    // Found by the `compile` fuzz target (fuzz/regressions/compile/lone-cr-line-*).
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "cr.cl",
        "kernel void k(global int *o) {\r    int x =\r\n        y;\n}\n",
    );
    let o = clc(d.path(), &["cr.cl", "-o", "cr.spv"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(
            "cr.cl:3:9: error: use of undeclared identifier 'y'\n        y;\n        ^\n"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn parses_clang_never_finishes_fail_after_the_parse_timeout() {
    // Found by the `compile` fuzz target (fuzz/findings/compile/libclang-*): clang-22 spins
    // forever on `(::v)` (its driver too) and on `__builtin_astype` of an overloaded
    // function (its driver crashes there); clc waited forever.
    let d = tempfile::tempdir().unwrap();
    for (name, expr) in [("colons.cl", "(::v)"), ("astype.cl", "as_uint(sin)")] {
        write(
            d.path(),
            name,
            &format!("kernel void k(global uint *o) {{\n    uint v = 1;\n    o[0] = {expr};\n}}\n"),
        );
        let start = std::time::Instant::now();
        let o = clc(d.path(), &["--parse-timeout=1", name, "-o", "k.spv"]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert_eq!(
            stderr(&o),
            format!(
                "clc: error: {name}: clang did not finish parsing within 1 s; clang-22 never \
                 finishes on some malformed input, such as `(::x)` or `as_uint(sin)` \
                 (docs/LIMITS.md)\n"
            )
        );
        assert!(start.elapsed() < std::time::Duration::from_secs(30));
        assert!(!d.path().join("k.spv").exists());
    }
}

#[test]
fn reserved_caret_caret_is_an_error_not_a_crash() {
    // Found by the `compile` fuzz target (fuzz/regressions/compile/caret-caret-*): clang-22
    // crashes on some programs with `^^` (reserved in OpenCL C) after its parse, inside
    // libclang's diagnostics (`e=^^,);`, `1 ^^\u{FEFF}`); clc died of SIGSEGV.
    let d = tempfile::tempdir().unwrap();
    for (src, at) in [
        (
            "kernel void k(global int *o) {\n    o[0] = 1 ^^\u{FEFF};\n}\n",
            "2:14",
        ),
        ("// ^^ in a comment\ne=^^,);\n", "2:3"),
        // A lone CR ends the unterminated string before it (fuzz/regressions/compile/
        // caret-caret-after-cr-*): clc's scan read `^^` as inside the string.
        ("kernel void k() {}\n\"\r^^\u{FFFD}", "3:1"),
    ] {
        write(d.path(), "c.cl", src);
        let o = clc(d.path(), &["c.cl", "-o", "c.spv"]);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(
            stderr(&o).starts_with(&format!(
                "c.cl:{at}: error: ^^ is a reserved operator in OpenCL (clc stops here: \
                 clang-22 crashes on some programs with one)\n"
            )),
            "{}",
            stderr(&o)
        );
        assert!(!d.path().join("c.spv").exists());
    }
}

#[test]
fn unroll_hints_become_loop_controls() {
    let d = tempfile::tempdir().unwrap();
    let src = "kernel void k(global int *o, int n)\n{\n#pragma unroll\n    for (int i = 0; i < 4; i++) o[i] = i;\n#pragma unroll 4\n    for (int i = 0; i < n; i++) o[i] += 1;\n#pragma nounroll\n    while (n-- > 0) o[0]++;\n}\n";
    write(d.path(), "u.cl", src);
    let controls = |version: &str| {
        let o = clc(d.path(), &["u.cl", "-S", "-o", "-", version]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        String::from_utf8(o.stdout)
            .unwrap()
            .lines()
            .filter_map(|l| l.trim().strip_prefix("OpLoopMerge "))
            .map(|l| l.split_whitespace().skip(2).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
    };
    // SPIR-V 1.0 has no PartialCount: the count is dropped, the other hints stay.
    assert_eq!(
        controls("--spirv-version=1.0"),
        ["Unroll", "None", "DontUnroll"]
    );
    assert_eq!(
        controls("--spirv-version=1.4"),
        ["Unroll", "PartialCount 4", "DontUnroll"]
    );
}

#[test]
fn for_headers_through_macros_that_disagree_are_located_unsupported_errors() {
    // One macro expands to two loops whose headers write different clauses: which header
    // the second statement's children belong to cannot be told from the invocation's tokens.
    let d = tempfile::tempdir().unwrap();
    let src = "#define TWO for (;;) break; for (int i = 0; ; ) break;
kernel void k(global int *o)
{
    TWO
    o[0] = 1;
}
";
    write(d.path(), "two.cl", src);
    let o = clc(d.path(), &["two.cl", "-o", "two.spv"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(
            "two.cl:4:5: error: unsupported: this 'for' header written through macros"
        ),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("two.spv").exists());
}

#[test]
fn address_space_errors_come_out_clang_style() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "as.cl",
        "kernel void k(__private int *p) {\n    *p = 1;\n}\n",
    );
    let o = clc(d.path(), &["as.cl"]);
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.starts_with(
            "as.cl:1:30: error: pointer arguments to kernel functions must reside in '__global', '__constant' or '__local' address space\n"
        ),
        "{e}"
    );
}

#[test]
fn defines_and_include_dirs_reach_the_preprocessor() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "inc/scale.h",
        "#define SCALE_BY(x) ((x) * FACTOR)\n",
    );
    write(
        d.path(),
        "k.cl",
        "#include \"scale.h\"\nkernel void k(global int *p) { p[0] = SCALE_BY(p[0]); }\n",
    );
    let o = clc(d.path(), &["k.cl", "-o", "k.spv"]);
    assert_eq!(
        o.status.code(),
        Some(1),
        "the header is not found without -I"
    );
    assert!(
        stderr(&o).contains("k.cl:1:10: fatal error: 'scale.h' file not found"),
        "{}",
        stderr(&o)
    );
    let o = clc(d.path(), &["-I", "inc", "k.cl", "-o", "k.spv"]);
    assert_eq!(o.status.code(), Some(1), "FACTOR is undefined without -D");
    let o = clc(
        d.path(),
        &["-Iinc", "-D", "FACTOR=3", "k.cl", "-o", "k.spv"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = clc(
        d.path(),
        &["-Iinc", "-DFACTOR=3", "-UFACTOR", "k.cl", "-o", "k2.spv"],
    );
    assert_eq!(o.status.code(), Some(1), "-U undefines");
}

#[test]
fn warnings_w_and_werror() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "w.cl",
        "kernel void k(global int *p) {\n    int x = p[0];\n    if (x = 2) p[1] = x;\n}\n",
    );
    let o = clc(d.path(), &["w.cl", "-o", "a.spv"]);
    assert_eq!(o.status.code(), Some(0));
    let e = stderr(&o);
    assert!(
        e.contains("w.cl:3:11: warning: using the result of an assignment as a condition without parentheses [-Wparentheses]"),
        "{e}"
    );
    assert!(e.contains("1 warning generated."), "{e}");

    let o = clc(d.path(), &["-w", "w.cl", "-o", "b.spv"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stderr(&o), "");

    let o = clc(d.path(), &["-Werror", "w.cl", "-o", "c.spv"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("w.cl:3:11: error: using the result of an assignment"),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("c.spv").exists());
}

#[test]
fn cl_std_selects_the_language() {
    let d = tempfile::tempdir().unwrap();
    // Program-scope __global variables exist only from OpenCL C 2.0 on.
    write(
        d.path(),
        "g.cl",
        "global int counter = 5;\nkernel void k(global int *p) { p[0] = counter; }\n",
    );
    let o = clc(d.path(), &["-cl-std=CL1.2", "g.cl", "-o", "a.spv"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("g.cl:1:12: error:"), "{}", stderr(&o));
    let o = clc(d.path(), &["-cl-std=CL2.0", "g.cl", "-o", "b.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = clc(d.path(), &["-cl-std=CL3.0", "g.cl", "-o", "c.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn bad_usage_exits_2() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    for args in [
        &["--frobnicate", "k.cl"][..],
        &[][..],
        &["-cl-std=CL9.9", "k.cl"][..],
        // clang takes `cl2.0` and `CL2.0`, not mixed case (found by the compile fuzz
        // target: clc passed it on, and libclang refused the whole command line).
        &["-cl-std=cL1.2", "k.cl"][..],
        &["k.cl", "other.cl"][..],
        &["k.cl", "-o"][..],
        &["--spirv-version=2.0", "k.cl"][..],
        &["--target=metal", "k.cl"][..],
    ] {
        let o = clc(d.path(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).starts_with("clc: error: "),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn io_problems_are_errors_not_crashes() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    let o = clc(d.path(), &["missing.cl"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "clc: error: no such file or directory: 'missing.cl'\n"
    );
    let o = clc(d.path(), &["k.cl", "-o", "no/such/dir/k.spv"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("clc: error: cannot write 'no/such/dir/k.spv'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn spirv_versions_and_json_diagnostics() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    let o = clc(d.path(), &["--spirv-version=1.4", "k.cl", "-o", "k14.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let w = words(&std::fs::read(d.path().join("k14.spv")).unwrap());
    assert_eq!(w[1], 0x0001_0400);
    write(d.path(), "bad.cl", "kernel void k() { undeclared(); }\n");
    let o = clc(d.path(), &["--diagnostics=json", "bad.cl"]);
    assert_eq!(o.status.code(), Some(1));
    let line = stderr(&o);
    let v: serde_json::Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    assert_eq!(v["severity"], "error");
    assert_eq!(v["location"]["line"], 1);
    assert_eq!(v["location"]["column"], 19);
}

#[test]
fn deep_nesting_is_compiled_or_rejected_never_a_crash() {
    let d = tempfile::tempdir().unwrap();
    let chain = |n: usize| {
        format!(
            "kernel void k(global int *p) {{ int a = p[0]; p[1] = {}; }}\n",
            vec!["a"; n].join("+")
        )
    };
    // Generated code chains thousands of operators; clang-22 compiles 20,000 (and crashes
    // at 50,000), so clc must too.
    write(d.path(), "deep.cl", &chain(20000));
    let o = clc(d.path(), &["deep.cl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(d.path().join("deep.spv").exists());
}

#[test]
fn a_missing_libclang_names_the_path_tried() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    let empty = d.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_clc"))
        .current_dir(d.path())
        .env("LIBCLANG_PATH", &empty)
        .arg("k.cl")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    assert!(
        e.starts_with("clc: error: libclang 22 or newer was not found; tried:\n"),
        "{e}"
    );
    assert!(
        e.contains(&format!("\n  LIBCLANG_PATH={}: ", empty.display())),
        "{e}"
    );
    assert!(e.contains("apt-get install libclang-22-dev"), "{e}");
    assert!(!d.path().join("k.spv").exists());
}

#[test]
fn without_libclang_path_the_library_found_at_build_time_is_loaded_without_a_search() {
    // clang-sys's run-time search starts with `llvm-config --prefix`: a fake one on PATH
    // leaves a mark if clc searched.
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    let bin = d.path().join("bin");
    let mark = d.path().join("llvm-config-ran");
    write(
        &bin,
        "llvm-config",
        &format!("#!/bin/sh\ntouch '{}'\nexit 1\n", mark.display()),
    );
    let chmod = Command::new("chmod")
        .arg("+x")
        .arg(bin.join("llvm-config"))
        .status();
    assert!(chmod.unwrap().success());
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new(env!("CARGO_BIN_EXE_clc"))
        .current_dir(d.path())
        .env_remove("LIBCLANG_PATH")
        .env("PATH", path)
        .args(["k.cl", "-o", "k.spv"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        words(&std::fs::read(d.path().join("k.spv")).unwrap())[0],
        0x0723_0203
    );
    assert!(
        !mark.exists(),
        "clc searched for libclang (ran llvm-config)"
    );
}

#[test]
fn half_storage_alone_needs_no_half_arithmetic() {
    // Found by mutation fuzzing: a half pointer converted to generic declared Float16.
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "h.cl",
        "kernel void k(global half *o, float x) {\n    vstore_half(x, 0, o);\n}\n",
    );
    for std in ["-cl-std=CL1.2", "-cl-std=CL2.0"] {
        let o = clc(d.path(), &[std, "-S", "h.cl", "-o", "-"]);
        assert_eq!(o.status.code(), Some(0), "{std}: {}", stderr(&o));
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(text.contains("OpCapability Float16Buffer"), "{text}");
        assert!(!text.contains("OpCapability Float16\n"), "{text}");
    }
}

#[test]
fn depfiles_and_reflection() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "inc/p.h",
        "typedef struct { float4 pos; float mass; int id; } particle;\n",
    );
    write(
        d.path(),
        "k.cl",
        "#include \"p.h\"\nkernel void k(global const particle *p, global float *o, local float *tmp, uint n) { o[0] = p[0].mass + n; }\n",
    );
    std::fs::create_dir(d.path().join("out")).unwrap();
    let o = clc(
        d.path(),
        &[
            "-Iinc",
            "k.cl",
            "-o",
            "out/k.spv",
            "-MD",
            "--reflect=k.json",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let dep = std::fs::read_to_string(d.path().join("out/k.d")).unwrap();
    assert_eq!(dep, "out/k.spv: \\\n  k.cl \\\n  inc/p.h\n\ninc/p.h:\n");
    let o = clc(
        d.path(),
        &["-Iinc", "k.cl", "-o", "k2.spv", "-MF", "deps.mk"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(std::fs::read_to_string(d.path().join("deps.mk"))
        .unwrap()
        .starts_with("k2.spv: \\\n  k.cl"));
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.path().join("k.json")).unwrap()).unwrap();
    let args = &r["kernels"][0]["args"];
    assert_eq!(r["kernels"][0]["name"], "k");
    assert_eq!(args[0]["class"], "buffer");
    assert_eq!(args[0]["read_only"], true);
    assert_eq!(args[0]["ty"]["size"], 32);
    assert_eq!(args[0]["ty"]["fields"][1]["offset"], 16);
    assert_eq!(args[2]["class"], "local");
    assert_eq!(args[3]["class"], "value");
    assert_eq!(args[3]["ty"]["name"], "uint");
}

#[test]
fn dump_after_shows_normalized_address_spaces() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "g.cl",
        "int first(int *p) { return p[0]; }\nkernel void k(global int *o) { o[0] = first(o); }\n",
    );
    let o = clc(
        d.path(),
        &[
            "-cl-std=CL2.0",
            "--dump-after=normalize-address-spaces",
            "g.cl",
            "-o",
            "g.spv",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.starts_with("; AST after normalize-address-spaces\n; OpenCL C CL2.0\n"),
        "{e}"
    );
    // The unqualified pointee became generic (AS-2); the argument is converted to it.
    assert!(
        e.contains("function int first(%p: __private __generic int *) {"),
        "{e}"
    );
    assert!(
        e.contains(
            "(AddressSpace (load %o:__private __global int *):__global int *):__generic int *"
        ),
        "{e}"
    );
}

#[test]
fn half_arithmetic_compiles_with_cl_khr_fp16() {
    // The CI driver has no cl_khr_fp16, so this is checked at the module level only.
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "h.cl",
        "#pragma OPENCL EXTENSION cl_khr_fp16 : enable\nkernel void k(global half *p, global half4 *v) {\n    half x = p[0] * (half)2.0f + p[1];\n    p[2] = x;\n    v[1] = v[0] * x;\n}\n",
    );
    let o = clc(d.path(), &["-S", "h.cl", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("OpCapability Float16\n"), "{text}");
    // `p[0] * 2 + p[1]` is contracted, as clang does; the vector product stands alone.
    assert!(text.contains("= OpExtInst %half %1 fma "), "{text}");
    assert!(text.contains("OpFMul %v4half"), "{text}");
}

/// `a * b + c` under FP_CONTRACT: fused into OpenCL.std `fma` by default (as clang-22 does),
/// never under `-ffp-contract=off` or in a `#pragma OPENCL FP_CONTRACT OFF` block.
const CONTRACT: &str = "kernel void k(global float *o, global const float4 *v) {
    o[0] = o[1] * o[2] - o[3];
    o[4] = (v[0] * v[1] + v[2]).x;
}
";

fn assembly(d: &Path, args: &[&str]) -> String {
    let o = clc(d, args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn products_feeding_additions_are_fused_unless_ffp_contract_is_off() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", CONTRACT);
    let text = assembly(d.path(), &["-S", "k.cl", "-o", "-"]);
    let fma = |t: &str| t.lines().filter(|l| l.contains(" fma ")).count();
    assert_eq!(fma(&text), 2, "{text}");
    assert!(
        text.contains("OpFNegate %float"),
        "a*b - c negates c: {text}"
    );
    assert!(!text.contains("OpFMul"), "{text}");
    // The driver must not fuse anything else: clang's modules say so too.
    assert!(text.contains("OpExecutionMode %k ContractionOff"), "{text}");

    let off = assembly(d.path(), &["-S", "-ffp-contract=off", "k.cl", "-o", "-"]);
    assert_eq!(fma(&off), 0, "{off}");
    assert!(
        off.contains("OpFMul %float") && off.contains("OpFSub %float"),
        "{off}"
    );
    assert!(off.contains("OpExecutionMode %k ContractionOff"), "{off}");

    let on = assembly(d.path(), &["-S", "-ffp-contract=on", "k.cl", "-o", "-"]);
    assert_eq!(on, text);
    // fast: fused the same way, and the driver may fuse across statements.
    let fast = assembly(d.path(), &["-S", "-ffp-contract=fast", "k.cl", "-o", "-"]);
    assert_eq!(fma(&fast), 2, "{fast}");
    assert!(!fast.contains("ContractionOff"), "{fast}");

    let o = clc(d.path(), &["-ffp-contract=sometimes", "k.cl"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("invalid value 'sometimes' in '-ffp-contract=sometimes'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn fp_contract_pragmas_are_scoped_like_c() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "k.cl",
        "kernel void on(global float *o) { o[0] = o[1] * o[2] + o[3]; }
#pragma OPENCL FP_CONTRACT OFF // a comment is not part of the pragma
kernel void off(global float *o) {
    o[0] = o[1] * o[2] + o[3];
    {
#pragma OPENCL FP_CONTRACT ON
        o[4] = o[5] * o[6] + o[7];
    }
    o[8] = o[9] * o[10] + o[11];
}
",
    );
    let text = assembly(d.path(), &["-S", "k.cl", "-o", "-"]);
    assert_eq!(text.matches(" fma ").count(), 2, "{text}");
    assert_eq!(text.matches("OpFMul").count(), 2, "{text}");
    // A FP_CONTRACT OFF region keeps ContractionOff even where an option would drop it.
    let mad = assembly(d.path(), &["-S", "-cl-mad-enable", "k.cl", "-o", "-"]);
    assert!(mad.contains("ContractionOff"), "{mad}");

    let o = clc(
        d.path(),
        &["--dump-after=contract-fp", "k.cl", "-o", "k.spv"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let dump = stderr(&o);
    assert!(dump.contains("(fma (load "), "{dump}");
    assert!(dump.contains("(Add nocontract (Mul "), "{dump}");

    write(
        d.path(),
        "p.cl",
        "#define OFF _Pragma(\"OPENCL FP_CONTRACT OFF\")\nkernel void k(global float *o) { o[0] = o[1] * o[2] + o[3]; }\n",
    );
    let o = clc(d.path(), &["p.cl"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("p.cl:1:13: error: unsupported: FP_CONTRACT through '_Pragma'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn more_parameters_than_spirv_allows_is_a_located_error() {
    let d = tempfile::tempdir().unwrap();
    let params: Vec<String> = (0..300).map(|i| format!("int a{i}")).collect();
    let src = format!(
        "kernel void k({}, global int *o) {{ o[0] = a0 + a299; }}\n",
        params.join(", ")
    );
    write(d.path(), "many.cl", &src);
    let o = clc(d.path(), &["many.cl"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with(
            "many.cl:1:13: error: kernel 'k' has 301 parameters; SPIR-V allows at most 255\n"
        ),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("many.spv").exists());
    // 255 is fine.
    let params: Vec<String> = (0..254).map(|i| format!("int a{i}")).collect();
    let src = format!(
        "kernel void k({}, global int *o) {{ o[0] = a0 + a253; }}\n",
        params.join(", ")
    );
    write(d.path(), "max.cl", &src);
    let o = clc(d.path(), &["max.cl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

/// Whether the tests run as root (who may create device nodes and ignores permissions).
fn is_root(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = write(dir, ".owner-probe", "");
    std::fs::metadata(probe).unwrap().uid() == 0
}

fn spawn(cmd: &str, args: &[&std::ffi::OsStr]) {
    let status = Command::new(cmd).args(args).status();
    assert!(status.is_ok_and(|s| s.success()), "{cmd} {args:?} failed");
}

fn clc_with_umask(dir: &Path, umask: &str, args: &[&str]) -> Output {
    Command::new("sh")
        .current_dir(dir)
        .arg("-c")
        .arg(format!("umask {umask} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_clc"))
        .args(args)
        .output()
        .expect("run clc through sh")
}

#[test]
fn dev_null_output_is_written_in_place() {
    use std::os::unix::fs::FileTypeExt;
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    let o = clc(d.path(), &["k.cl", "-o", "/dev/null"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let null = std::fs::metadata("/dev/null").unwrap();
    assert!(null.file_type().is_char_device(), "/dev/null was replaced");
    let stray: Vec<_> = std::fs::read_dir("/dev")
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".clc-"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

#[test]
fn a_fifo_output_is_written_in_place() {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    let fifo = d.path().join("out.fifo");
    spawn("mkfifo", &[fifo.as_os_str()]);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo))
    };
    let o = clc(d.path(), &["k.cl", "-o", "out.fifo"]);
    if !reader.is_finished() {
        // If clc never opened the FIFO the reader still waits for a writer: give it one
        // (non-blocking, so this cannot hang when the reader has just finished).
        let _ = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo);
    }
    let bytes = reader.join().unwrap().unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(words(&bytes)[0], 0x0723_0203);
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
}

#[test]
fn a_full_device_is_a_write_error() {
    use std::os::unix::fs::FileTypeExt;
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    // As root a copy of /dev/full, so that a regression cannot replace the real one.
    let full = if is_root(d.path()) {
        let copy = d.path().join("full");
        spawn(
            "mknod",
            &[copy.as_os_str(), "c".as_ref(), "1".as_ref(), "7".as_ref()],
        );
        copy
    } else {
        PathBuf::from("/dev/full")
    };
    for extra in [&[][..], &["-S"][..]] {
        let mut args = vec!["k.cl", "-o", full.to_str().unwrap()];
        args.extend(extra);
        let o = clc(d.path(), &args);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert_eq!(
            stderr(&o),
            format!(
                "clc: error: cannot write '{}': No space left on device (os error 28)\n",
                full.display()
            )
        );
        assert!(std::fs::metadata(&full)
            .unwrap()
            .file_type()
            .is_char_device());
    }
}

#[test]
fn outputs_get_0666_less_the_umask() {
    use std::os::unix::fs::PermissionsExt;
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    let mode = |name: &str| {
        let m = std::fs::metadata(d.path().join(name)).unwrap();
        m.permissions().mode() & 0o777
    };
    // A file being replaced gets the new mode, as clang gives it.
    write(d.path(), "old.spv", "old");
    std::fs::set_permissions(
        d.path().join("old.spv"),
        std::fs::Permissions::from_mode(0o600),
    )
    .unwrap();
    for (umask, want) in [("022", 0o644), ("027", 0o640)] {
        let args = ["k.cl", "-o", "k.spv", "-MD", "--reflect=k.json"];
        let o = clc_with_umask(d.path(), umask, &args);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        for name in ["k.spv", "k.d", "k.json"] {
            assert_eq!(mode(name), want, "{name} with umask {umask}");
            std::fs::remove_file(d.path().join(name)).unwrap();
        }
        let o = clc_with_umask(d.path(), umask, &["k.cl", "-o", "old.spv"]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(mode("old.spv"), want, "replaced file with umask {umask}");
    }
}

#[test]
fn a_symlinked_output_writes_the_file_it_names() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    write(d.path(), "real/k.spv", "old");
    std::os::unix::fs::symlink("real/k.spv", d.path().join("link.spv")).unwrap();
    std::os::unix::fs::symlink("real/new.spv", d.path().join("dangling.spv")).unwrap();
    for (link, target) in [("link.spv", "real/k.spv"), ("dangling.spv", "real/new.spv")] {
        let o = clc(d.path(), &["k.cl", "-o", link]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let meta = std::fs::symlink_metadata(d.path().join(link)).unwrap();
        assert!(meta.file_type().is_symlink(), "{link} was replaced");
        let bytes = std::fs::read(d.path().join(target)).unwrap();
        assert_eq!(words(&bytes)[0], 0x0723_0203, "{target}");
    }
    let names: Vec<_> = std::fs::read_dir(d.path().join("real"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn an_unwritable_output_folder_is_an_error_without_stray_files() {
    use std::os::unix::fs::PermissionsExt;
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", VADD);
    // Root ignores permission bits; sysfs refuses new files even to root.
    let dir = if is_root(d.path()) {
        PathBuf::from("/sys")
    } else {
        let ro = d.path().join("ro");
        std::fs::create_dir(&ro).unwrap();
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
        ro
    };
    assert!(
        dir.is_dir(),
        "{} does not exist here: no unwritable folder to test with",
        dir.display()
    );
    let out = dir.join("k.spv");
    let o = clc(d.path(), &["k.cl", "-o", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.starts_with(&format!("clc: error: cannot write '{}': ", out.display())),
        "{e}"
    );
    assert!(
        !e.contains(".clc-"),
        "the message names the temporary file: {e}"
    );
    assert!(!out.exists());
    let stray: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".clc-"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

#[test]
fn an_attribute_clc_cannot_evaluate_is_reported_at_the_attribute() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "k.cl",
        "typedef struct { int a, b; } S;\n\
         kernel __attribute__((reqd_work_group_size(sizeof(S), 1, 1)))\n\
         void k(global int *o) { o[0] = 1; }\n",
    );
    let o = clc(d.path(), &["k.cl"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with(
            "k.cl:2:23: error: unsupported: reqd_work_group_size with values clc cannot evaluate\n"
        ),
        "{}",
        stderr(&o)
    );
    // Constant expressions as macros expand them are evaluated.
    write(
        d.path(),
        "ok.cl",
        "#define WG (32 * 2)\n\
         kernel __attribute__((reqd_work_group_size((WG), sizeof(int) / 4, 1 << 0)))\n\
         void k(global int *o) { o[0] = 1; }\n",
    );
    let o = clc(d.path(), &["ok.cl", "-S", "-o", "-"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let asm = String::from_utf8_lossy(&o.stdout);
    assert!(asm.contains("OpExecutionMode %k LocalSize 64 1 1"), "{asm}");
}

/// Disassembles a binary module with spirv-dis (raw ids, one instruction per line).
fn spirv_dis(dir: &Path, module: &str) -> String {
    let o = Command::new("spirv-dis")
        .current_dir(dir)
        .args(["--raw-id", "--no-indent", module, "-o", "-"])
        .output()
        .expect("run spirv-dis");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).unwrap()
}

fn spirv_val(dir: &Path, env: &str, module: &str) {
    let o = Command::new("spirv-val")
        .current_dir(dir)
        .args(["--target-env", env, module])
        .output()
        .expect("run spirv-val");
    assert!(
        o.status.success(),
        "{module}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A kernel with a loop and private variables, which `-O2` turns into SSA values.
const LOOP: &str = "kernel void k(global int *out, int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i * 3;
    out[get_global_id(0)] = s;
}
";

#[test]
fn optimization_levels_shrink_the_module_and_keep_it_valid() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "k.cl", LOOP);
    let mut sizes = Vec::new();
    for level in ["-O0", "-O", "-O1", "-O2", "-O3", "-Os", "-Oz"] {
        let out = format!("k{level}.spv");
        let o = clc(d.path(), &[level, "k.cl", "-o", &out]);
        assert_eq!(o.status.code(), Some(0), "{level}: {}", stderr(&o));
        assert_eq!(stderr(&o), "", "{level}");
        spirv_val(d.path(), "opencl1.2", &out);
        sizes.push(std::fs::metadata(d.path().join(&out)).unwrap().len());
    }
    // -O0 is the default; every other level runs the same passes.
    let o = clc(d.path(), &["k.cl", "-o", "default.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let read = |f: &str| std::fs::read(d.path().join(f)).unwrap();
    assert_eq!(read("default.spv"), read("k-O0.spv"));
    assert!(sizes[1..].iter().all(|&s| s == sizes[3]), "{sizes:?}");
    assert!(sizes[3] < sizes[0], "-O2 {sizes:?}");
    // The private variables became SSA values: phis instead of loads (the dead stores stay:
    // spirv-opt's dead-code passes skip Kernel modules).
    let o2 = spirv_dis(d.path(), "k-O2.spv");
    let o0 = spirv_dis(d.path(), "k-O0.spv");
    let count = |text: &str, what: &str| text.lines().filter(|l| l.contains(what)).count();
    assert!(count(&o2, "OpPhi") > 0, "{o2}");
    assert_eq!(count(&o0, "OpPhi"), 0, "{o0}");
    assert!(count(&o2, "OpLoad") < count(&o0, "OpLoad"), "{o2}");
    // An explicit level wins over -cl-opt-disable in either order, as in clang; alone it
    // is -O0.
    for args in [
        &["-cl-opt-disable", "-O2", "k.cl", "-o", "a.spv"][..],
        &["-O2", "-cl-opt-disable", "k.cl", "-o", "b.spv"][..],
        &["-cl-opt-disable", "k.cl", "-o", "c.spv"][..],
    ] {
        let o = clc(d.path(), args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    }
    assert_eq!(read("a.spv"), read("k-O2.spv"));
    assert_eq!(read("b.spv"), read("k-O2.spv"));
    assert_eq!(read("c.spv"), read("k-O0.spv"));
    let o = clc(d.path(), &["-Ox", "k.cl"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "clc: error: invalid optimization level '-Ox' (expected -O0, -O1, -O2, -O3, -Os or -Oz)\n(run 'clc --help' for the list of options)\n"
    );
}

#[test]
fn dash_g_puts_source_lines_in_the_module() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "inc/twice.h",
        "int twice(int x) {\n    return x * 2;\n}\n",
    );
    write(
        d.path(),
        "g.cl",
        "#include \"twice.h\"\nkernel void k(global int *o, int n) {\n    int s = 0;\n\n    for (int i = 0; i < n; i++)\n        s += twice(i);\n    o[0] = s;\n}\n",
    );
    let o = clc(d.path(), &["-g", "-Iinc", "g.cl", "-o", "g.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    spirv_val(d.path(), "opencl1.2", "g.spv");
    let text = spirv_dis(d.path(), "g.spv");
    // The file names, the main one named by OpSource.
    let string_id = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_suffix(&format!(" = OpString \"{name}\"")))
            .unwrap_or_else(|| panic!("no OpString {name}:\n{text}"))
            .to_string()
    };
    let (main, header) = (string_id("g.cl"), string_id("inc/twice.h"));
    assert!(
        text.contains(&format!("OpSource OpenCL_C 102000 {main}\n")),
        "{text}"
    );
    // One line set per file: every statement of the kernel and of the included function.
    let lines_of = |file: &str| {
        let mut lines: Vec<u32> = text
            .lines()
            .filter_map(|l| l.strip_prefix(&format!("OpLine {file} ")))
            .map(|l| l.split(' ').next().unwrap().parse().unwrap())
            .collect();
        lines.sort();
        lines.dedup();
        lines
    };
    assert_eq!(lines_of(&main), [3, 5, 6, 7], "{text}");
    assert_eq!(lines_of(&header), [2], "{text}");
    // The column is the statement's or expression's: `twice(i)` starts at column 14.
    assert!(text.contains(&format!("OpLine {main} 6 14\n")), "{text}");
    // Without -g the module has no line information and OpSource names no file.
    let o = clc(d.path(), &["-Iinc", "g.cl", "-o", "plain.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let plain = spirv_dis(d.path(), "plain.spv");
    assert!(!plain.contains("OpLine"), "{plain}");
    assert!(plain.contains("OpSource OpenCL_C 102000\n"), "{plain}");
    // -g0 turns it off again, as in clang.
    let o = clc(d.path(), &["-g", "-g0", "-Iinc", "g.cl", "-o", "g0.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read(d.path().join("g0.spv")).unwrap(),
        std::fs::read(d.path().join("plain.spv")).unwrap()
    );
}

/// A kernel whose 32 bytes of `__local` memory exceed `--max-local-mem=16`, with an unused
/// variable for clang's `-Wunused-variable` (in `-Wall`).
const LOCAL: &str = "kernel void k(global int *o) {
    local int big[8];
    int unused;
    big[0] = o[0];
    o[1] = big[0];
}
";

const LOCAL_WARNING: &str = "l.cl:1:13: warning: kernel 'k' declares 32 bytes of '__local' memory, more than the 16 bytes a device must support [-Wlocal-memory-limit]
kernel void k(global int *o) {
            ^
";

const UNUSED_WARNING: &str = "l.cl:3:9: warning: unused variable 'unused' [-Wunused-variable]
    int unused;
        ^
";

#[test]
fn warning_flags_control_clangs_groups_and_clcs_own() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "l.cl", LOCAL);
    let run = |flags: &[&str]| {
        let mut args = vec!["--max-local-mem=16", "l.cl", "-o", "l.spv"];
        args.extend_from_slice(flags);
        let _ = std::fs::remove_file(d.path().join("l.spv"));
        let o = clc(d.path(), &args);
        let written = d.path().join("l.spv").exists();
        (o.status.code(), stderr(&o), written)
    };
    let ok = |text: String| (Some(0), text, true);
    let failed = |text: String| (Some(1), text, false);
    assert_eq!(
        run(&[]),
        ok(format!("{LOCAL_WARNING}1 warning generated.\n"))
    );
    assert_eq!(
        run(&["-Wall"]),
        ok(format!(
            "{UNUSED_WARNING}{LOCAL_WARNING}2 warnings generated.\n"
        ))
    );
    assert_eq!(
        run(&["-Wall", "-Wno-local-memory-limit"]),
        ok(format!("{UNUSED_WARNING}1 warning generated.\n"))
    );
    assert_eq!(
        run(&["-Wall", "-Wno-unused-variable"]),
        ok(format!("{LOCAL_WARNING}1 warning generated.\n"))
    );
    let as_error = LOCAL_WARNING
        .replace("warning:", "error:")
        .replace("[-Wlocal-memory-limit]", "[-Werror,-Wlocal-memory-limit]");
    assert_eq!(
        run(&["-Werror=local-memory-limit"]),
        failed(format!("{as_error}1 error generated.\n"))
    );
    assert_eq!(
        run(&["-Werror"]),
        failed(format!("{as_error}1 error generated.\n"))
    );
    // The last flag for a group decides whether it is on; -Werror=X turns it on.
    assert_eq!(
        run(&["-Wno-local-memory-limit", "-Werror=local-memory-limit"]),
        failed(format!("{as_error}1 error generated.\n"))
    );
    assert_eq!(
        run(&["-Werror=local-memory-limit", "-Wno-local-memory-limit"]),
        ok(String::new())
    );
    assert_eq!(
        run(&["-Werror", "-Wno-error=local-memory-limit"]),
        ok(format!("{LOCAL_WARNING}1 warning generated.\n"))
    );
    // Clang's warnings made errors stop compilation before clc's own checks run.
    assert_eq!(
        run(&["-Wall", "-Werror=unused-variable"]),
        failed(format!(
            "{}1 error generated.\n",
            UNUSED_WARNING.replace("warning:", "error:")
        ))
    );
    // -w silences everything, whatever the order and whatever else asks for errors.
    assert_eq!(run(&["-Werror", "-w", "-Wall"]), ok(String::new()));
    assert_eq!(
        run(&["-w", "-Werror=local-memory-limit"]),
        ok(String::new())
    );
    assert_eq!(run(&["-Wno-everything"]), ok(String::new()));
    assert_eq!(
        run(&[
            "-Weverything",
            "-Wno-unused-parameter",
            "-Wno-unsafe-buffer-usage"
        ]),
        ok(format!(
            "{UNUSED_WARNING}{LOCAL_WARNING}2 warnings generated.\n"
        ))
    );
    assert_eq!(
        run(&["-pedantic", "-Wextra", "-Wno-local-memory-limit"]),
        ok(String::new())
    );
    // An unknown group is clang's warning, shown once.
    assert_eq!(
        run(&["-Wno-local-memory-limit", "-Wfrobnicate"]),
        ok("clc: warning: unknown warning option '-Wfrobnicate' [-Wunknown-warning-option]\n1 warning generated.\n".into())
    );
}

#[test]
fn error_limit_counts_clang_and_clc_errors_as_clang_does() {
    let d = tempfile::tempdir().unwrap();
    // 25 kernels over the __local limit, made errors: clc's own errors.
    let kernels: String = (0..25)
        .map(|i| format!("kernel void k{i}(global int *o) {{ local int big[8]; big[0] = o[0]; o[1] = big[0]; }}\n"))
        .collect();
    write(d.path(), "many.cl", &kernels);
    // 25 undeclared identifiers: clang's errors.
    let undeclared: String = std::iter::once("kernel void k(global int *o) {\n".to_string())
        .chain((0..25).map(|i| format!("    o[{i}] = missing_{i};\n")))
        .chain(std::iter::once("}\n".to_string()))
        .collect();
    write(d.path(), "undeclared.cl", &undeclared);
    let errors = |file: &str, flags: &[&str]| {
        let mut args = vec![file, "--max-local-mem=16", "-Werror=local-memory-limit"];
        args.extend_from_slice(flags);
        let o = clc(d.path(), &args);
        assert_eq!(o.status.code(), Some(1), "{file} {flags:?}");
        let e = stderr(&o);
        let headers: Vec<String> = e
            .lines()
            .filter(|l| l.contains("error: "))
            .map(String::from)
            .collect();
        (headers, e.lines().last().unwrap_or_default().to_string())
    };
    let fatal = "clc: fatal error: too many errors emitted, stopping now [-ferror-limit=]";
    let local = |i: usize| {
        format!("many.cl:{}:13: error: kernel 'k{i}' declares 32 bytes of '__local' memory, more than the 16 bytes a device must support [-Werror,-Wlocal-memory-limit]", i + 1)
    };
    // clang's driver default: 19 errors, then the fatal error, counted as the 20th.
    let (h, summary) = errors("many.cl", &[]);
    let mut expected: Vec<String> = (0..19).map(local).collect();
    expected.push(fatal.into());
    assert_eq!(h, expected);
    assert_eq!(summary, "20 errors generated.");
    let (h, summary) = errors("many.cl", &["-ferror-limit=0"]);
    assert_eq!(h, (0..25).map(local).collect::<Vec<_>>());
    assert_eq!(summary, "25 errors generated.");
    let (h, summary) = errors("many.cl", &["-ferror-limit=2"]);
    assert_eq!(h, [local(0), local(1), fatal.into()]);
    assert_eq!(summary, "3 errors generated.");
    let (h, _) = errors("many.cl", &["-ferror-limit=25"]);
    assert_eq!(h.len(), 25);

    let missing = |i: usize| {
        format!(
            "undeclared.cl:{}:{}: error: use of undeclared identifier 'missing_{i}'",
            i + 2,
            if i < 10 { 12 } else { 13 }
        )
    };
    let (h, summary) = errors("undeclared.cl", &[]);
    let mut expected: Vec<String> = (0..19).map(missing).collect();
    expected.push(fatal.into());
    assert_eq!(h, expected);
    assert_eq!(summary, "20 errors generated.");
    let (h, summary) = errors("undeclared.cl", &["-ferror-limit=0"]);
    assert_eq!(h, (0..25).map(missing).collect::<Vec<_>>());
    assert_eq!(summary, "25 errors generated.");

    let o = clc(d.path(), &["-ferror-limit=-1", "many.cl"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn clang_spellings_users_paste() {
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "g.cl",
        "global int counter = 1;\nkernel void k(global int *o) { o[0] = counter; }\n",
    );
    let read = |f: &str| std::fs::read(d.path().join(f)).unwrap();
    let o = clc(d.path(), &["-cl-std=CL2.0", "g.cl", "-o", "a.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A whole clang command line.
    let o = clc(
        d.path(),
        &[
            "-c",
            "-x",
            "cl",
            "-std=CL2.0",
            "-O0",
            "-Wall",
            "-Wextra",
            "-Wno-unused-variable",
            "-ferror-limit=0",
            "g.cl",
            "-o",
            "b.spv",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read("a.spv"), read("b.spv"));
    let o = clc(d.path(), &["-xcl", "-std=cl2.0", "g.cl", "-o", "c.spv"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read("a.spv"), read("c.spv"));
    for (args, message) in [
        (
            &["-x", "c", "g.cl"][..],
            "language 'c' is not supported: clc compiles OpenCL C ('-x cl')",
        ),
        (
            &["-std=c99", "g.cl"][..],
            "invalid value 'c99' in '-std=c99' (expected CL1.2, CL2.0 or CL3.0)",
        ),
        (
            &["-Wl,--gc-sections", "g.cl"][..],
            "unknown argument: '-Wl,--gc-sections'",
        ),
        (&["-W", "g.cl"][..], "unknown argument: '-W'"),
        (
            &["-fno-builtin", "g.cl"][..],
            "unknown argument: '-fno-builtin'",
        ),
        (&["-g3", "g.cl"][..], "unknown argument: '-g3'"),
    ] {
        let o = clc(d.path(), args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert_eq!(
            stderr(&o),
            format!("clc: error: {message}\n(run 'clc --help' for the list of options)\n"),
            "{args:?}"
        );
    }
}

#[test]
fn reads_and_writes_of_volatile_objects_are_volatile_accesses_at_every_level() {
    // Ten accesses to volatile objects (a `__local` array, a private variable, a `__global`
    // pointee, a member of a volatile struct) and three to plain ones (`out`). The optimizer
    // must keep them all: a volatile private variable stays a variable at -O2.
    let d = tempfile::tempdir().unwrap();
    write(
        d.path(),
        "v.cl",
        r"typedef struct { int a; int b; } Pair;
kernel void v(volatile global int *g, global int *out, volatile global Pair *p) {
    volatile local int s[4];
    volatile int x = 3;
    s[get_local_id(0) & 3] = 1;
    x += 2;
    g[0] = s[1] + x;
    p->b++;
    out[0] = g[1] + p[1].a;
    out[1] = out[2];
}
",
    );
    for target in ["--target=opencl", "--target=vulkan1.2"] {
        for level in ["-O0", "-O2"] {
            let o = clc(d.path(), &[target, level, "-S", "v.cl", "-o", "-"]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            let text = String::from_utf8(o.stdout).unwrap();
            let volatile = text
                .lines()
                .filter(|l| l.contains("OpLoad ") || l.contains("OpStore "))
                .filter(|l| l.contains("Volatile"))
                .count();
            assert_eq!(volatile, 10, "{target} {level}:\n{text}");
        }
    }
}

/// A module of more kernels than the validator sees at once (`val_pieces::SPLIT_ABOVE`,
/// 1,024; pieces of 512) is validated piece by piece on several threads; what comes out is the whole module, and
/// SPIRV-Tools' own validator accepts it whole.
#[test]
fn a_file_of_many_kernels_validates_whole() {
    let d = tempfile::tempdir().unwrap();
    let mut src = String::from(
        "constant int table[4] = {1, 2, 3, 4};\n\
         int helper(int x) { return table[x & 3] * x; }\n",
    );
    for i in 0..1600 {
        src.push_str(&format!(
            "kernel void k{i}(global int *o) {{ o[get_global_id(0)] = helper({i}); }}\n"
        ));
    }
    write(d.path(), "many.cl", &src);
    for (target, env) in [
        (None, "opencl1.2"),
        (Some("--target=vulkan1.3"), "vulkan1.3"),
    ] {
        let mut args = vec!["many.cl", "-o", "many.spv"];
        args.extend(target);
        let o = clc(d.path(), &args);
        assert_eq!(o.status.code(), Some(0), "{env}: {}", stderr(&o));
        spirv_val(d.path(), env, "many.spv");
        let dis = spirv_dis(d.path(), "many.spv");
        assert_eq!(dis.matches("OpEntryPoint").count(), 1600, "{env}");
    }
}
