//! Limits and faults (`docs/LIMITS.md`): deep nesting, big inputs, bytes that are not UTF-8,
//! include cycles, a full disk, a compiler killed while it writes, many parallel builds.
//! Every input is generated here, at run time.
//!
//! The test has its own `main` (libtest-mimic): modules run on the CPU OpenCL driver in child
//! processes of this binary, which `child_main_if_requested` serves.

mod common;

use common::*;
use libtest_mimic::{Arguments, Trial};
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    clc_runner::exec::child_main_if_requested();
    let args = Arguments::from_args();
    let tests: Vec<(&str, fn())> = vec![
        (
            "nesting::ten_thousand_deep_compile_and_run",
            nesting_compiles_and_runs,
        ),
        (
            "nesting::past_the_limits_located_errors",
            nesting_past_the_limits,
        ),
        ("nesting::library", nesting_through_the_library),
        ("nesting::operator_chain_overflowing_clang", operator_chain),
        ("big::kernels_past_the_limit", too_many_kernels),
        ("big::parameters_past_the_limit", too_many_parameters),
        ("big::fifty_megabyte_source", fifty_megabytes),
        ("big::constants_past_the_limit", constants_past_the_limit),
        ("faults::include_cycle", include_cycle),
        ("faults::not_utf8_source", not_utf8_source),
        ("faults::not_utf8_file_names", not_utf8_file_names),
        ("faults::full_disk", full_disk),
        ("faults::killed_while_writing", killed_while_writing),
        ("faults::build_64_jobs_1000_files", build_64_jobs_1000_files),
    ];
    let trials = tests
        .into_iter()
        .map(|(name, f)| {
            Trial::test(name, move || {
                f();
                Ok(())
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// Runs `k` of `spv` on the driver with `o = [0, 7]` and requires `o = [8, 7]`.
fn runs_and_gives_8(dir: &Path, spv: &Path) {
    let toml = write(
        dir,
        "run.toml",
        "source = \"run.cl\"\n[[run]]\nkernel = \"k\"\nglobal = [1]\n[[run.args]]\nname = \"o\"\n\
         kind = \"buffer\"\ntype = \"int\"\ndata = [0, 7]\nexpect = [8, 7]\n",
    );
    write(dir, "run.cl", "");
    let spec = clc_runner::spec::SpecFile::load(&toml).expect("spec");
    let out = clc_runner::exec::run_isolated(&spec.runs[0], spv)
        .unwrap_or_else(|e| panic!("{} did not run: {e:#}", spv.display()));
    clc_runner::compare::check_expected(&spec.runs[0], &out)
        .unwrap_or_else(|e| panic!("{}: {e}", spv.display()));
}

const PARENS_PREFIX: &str = "kernel void k(global int *o) { o[0] = ";
const BLOCKS_PREFIX: &str = "kernel void k(global int *o) { ";
const IFS_PREFIX: &str = "kernel void k(global int *o) { int x = o[1]; ";

/// `o[0] = ((…(o[1] + 1)…));`
fn parens(n: usize) -> String {
    format!(
        "{PARENS_PREFIX}{}o[1] + 1{}; }}\n",
        "(".repeat(n),
        ")".repeat(n)
    )
}

/// `{{…{ o[0] = o[1] + 1; }…}}`
fn blocks(n: usize) -> String {
    format!(
        "{BLOCKS_PREFIX}{}o[0] = o[1] + 1;{} }}\n",
        "{".repeat(n),
        "}".repeat(n)
    )
}

/// `if (x) if (x) … o[0] = x + 1;`
fn ifs(n: usize) -> String {
    format!("{IFS_PREFIX}{}o[0] = x + 1; }}\n", "if (x) ".repeat(n))
}

fn nesting_compiles_and_runs() {
    let d = tempfile::tempdir().unwrap();
    // clang-22 dies with SIGSEGV at about 1,500 parentheses and 10,000 ifs, and stops at
    // 2,048 braces. Intel's runtime needs minutes to build 10,000 nested ifs, so those run at
    // 1,000 and are compiled (and validated) at 10,000.
    for (name, src, run) in [
        ("parens", parens(10_000), true),
        ("blocks", blocks(10_000), true),
        ("ifs", ifs(10_000), false),
        ("ifs1000", ifs(1_000), true),
    ] {
        let cl = format!("{name}.cl");
        write(d.path(), &cl, &src);
        let o = clc(d.path(), &[&cl]);
        assert_eq!(o.status.code(), Some(0), "{name}: {}", stderr(&o));
        let spv = d.path().join(format!("{name}.spv"));
        assert_eq!(
            words(&std::fs::read(&spv).unwrap())[0],
            0x0723_0203,
            "{name}"
        );
        if run {
            runs_and_gives_8(d.path(), &spv);
        }
    }
}

/// Exit 1, `file:1:col: error: message` first, no output.
fn located_error(dir: &Path, name: &str, src: &str, col: usize, message: &str) {
    let cl = format!("{name}.cl");
    write(dir, &cl, src);
    let o = clc(dir, &[&cl]);
    assert_eq!(o.status.code(), Some(1), "{name}: {}", stderr(&o));
    let want = format!("{cl}:1:{col}: {message}\n");
    assert!(
        stderr(&o).starts_with(&want),
        "{name}: want {want}got {}",
        stderr(&o)
    );
    assert!(!dir.join(format!("{name}.spv")).exists(), "{name}");
}

fn nesting_past_the_limits() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    let depth = clc::front::lower::MAX_EXPR_DEPTH as usize;
    // One parenthesis past the limit (clang's bracket depth is set to the same number).
    located_error(
        p,
        "parens",
        &parens(depth + 1),
        // The assignment is the first level, so the error is at the last parenthesis.
        PARENS_PREFIX.len() + depth,
        &format!("error: unsupported: expressions nested more than {depth} levels deep"),
    );
    let stmts = clc::front::lower::MAX_STMT_DEPTH as usize;
    let message = format!("error: statements nested more than {stmts} levels deep (clc's limit)");
    // The block one past the limit.
    located_error(
        p,
        "blocks",
        &blocks(stmts + 1),
        BLOCKS_PREFIX.len() + stmts + 1,
        &message,
    );
    // The body of the if one past the limit.
    located_error(
        p,
        "ifs",
        &ifs(stmts + 1),
        IFS_PREFIX.len() + "if (x) ".len() * (stmts + 1) + 1,
        &message,
    );
}

fn nesting_through_the_library() {
    let opts = clc::Options::default();
    let path = Path::new("deep.cl");
    for src in [parens(10_000), blocks(10_000), ifs(2_000)] {
        let c = clc::compile_source(path, &src, &opts);
        assert!(c.is_ok(), "{:?}", c.err());
    }
    let stmts = clc::front::lower::MAX_STMT_DEPTH as usize;
    for (src, col) in [
        (blocks(stmts + 1), BLOCKS_PREFIX.len() + stmts + 1),
        (
            ifs(stmts + 1),
            IFS_PREFIX.len() + "if (x) ".len() * (stmts + 1) + 1,
        ),
    ] {
        match clc::compile_source(path, &src, &opts) {
            Err(clc::Error::Input { diagnostics, .. }) => {
                let first = diagnostics.iter().next().expect("a diagnostic");
                let span = first.span.expect("located");
                assert_eq!(
                    (span.line, span.col as usize),
                    (1, col),
                    "{}",
                    first.message
                );
                assert!(first.message.starts_with("statements nested more than"));
            }
            other => panic!("want a located error, got {:?}", other.map(|_| ())),
        }
    }
}

fn operator_chain() {
    // A million `!` in a row: no bracket and no statement, so no limit of clc's applies, and
    // clang's parser, recursing once per operator, overflows even the compiler thread's stack.
    // libclang's crash recovery turns that into an error (exit 1), not a SIGSEGV.
    let src = format!(
        "kernel void k(global int *o) {{ o[0] = {}o[1]; }}\n",
        "!".repeat(1_000_000)
    );
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "chain.cl", &src);
    let o = clc(d.path(), &["chain.cl"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        // libclang prints its own crash report first.
        stderr(&o).starts_with("libclang: crash detected during parsing: {\n")
            && stderr(&o).contains(
                "\nclc: error: clang crashed while parsing chain.cl; the likely cause is nesting too deep"
            ),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("chain.spv").exists());
    // The library too, and the process goes on compiling.
    let opts = clc::Options::default();
    match clc::compile_source(Path::new("chain.cl"), &src, &opts) {
        Err(clc::Error::Libclang(m)) => {
            assert!(m.starts_with("clang crashed while parsing"), "{m}")
        }
        other => panic!("want an error, got {:?}", other.map(|_| ())),
    }
    assert!(clc::compile_source(Path::new("k.cl"), VADD, &opts).is_ok());
}

fn too_many_kernels() {
    let d = tempfile::tempdir().unwrap();
    let max = clc::front::lower::MAX_KERNELS as usize;
    let mut src = String::new();
    for i in 0..=max {
        src.push_str(&format!(
            "kernel void k{i}(global int *o) {{ o[{}] = {i}; }}\n",
            i % 64
        ));
    }
    write(d.path(), "many.cl", &src);
    let o = clc(d.path(), &["many.cl"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let want = format!(
        "many.cl:{}:13: error: more than {max} kernels in one program (clc's limit)\n",
        max + 1
    );
    assert!(stderr(&o).starts_with(&want), "{}", stderr(&o));
    assert_eq!(stderr(&o).matches("error:").count(), 1, "{}", stderr(&o));
    assert!(!d.path().join("many.spv").exists());
}

fn too_many_parameters() {
    let d = tempfile::tempdir().unwrap();
    let params: Vec<String> = (0..1000).map(|i| format!("global int *a{i}")).collect();
    let src = format!("kernel void k({}) {{ *a0 = 1; }}\n", params.join(", "));
    write(d.path(), "wide.cl", &src);
    let o = clc(d.path(), &["wide.cl"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with(
            "wide.cl:1:13: error: kernel 'k' has 1000 parameters; SPIR-V allows at most 255\n"
        ),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("wide.spv").exists());
}

fn fifty_megabytes() {
    let d = tempfile::tempdir().unwrap();
    // 50 MiB: a documented table of 60,000 entries (the most one SPIR-V constant holds is
    // 65,532), a thousand helper functions, and comment lines filling the rest.
    let mut src = String::with_capacity(51 << 20);
    src.push_str("constant int table[] = {\n");
    for i in 0..60_000 {
        src.push_str(&format!("  {}, // entry {i}\n", i % 1000));
    }
    src.push_str("};\n");
    for i in 0..1000 {
        src.push_str(&format!(
            "int f{i}(int x) {{ return x + table[{i}] - {}; }}\n",
            i % 1000
        ));
    }
    let filler = "// ".to_string() + &"filler ".repeat(20) + "\n";
    while src.len() < 50 << 20 {
        src.push_str(&filler);
    }
    // table[1] = 1, f1(x) = x + 1 - 1.
    src.push_str("kernel void k(global int *o) { o[0] = f1(o[1]) + table[1]; }\n");
    write(d.path(), "big.cl", &src);
    let o = clc(d.path(), &["big.cl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    runs_and_gives_8(d.path(), &d.path().join("big.spv"));
}

fn constants_past_the_limit() {
    let d = tempfile::tempdir().unwrap();
    let items: Vec<String> = (0..70_000).map(|i| (i % 1000).to_string()).collect();
    located_error(
        d.path(),
        "table",
        &format!(
            "constant int table[] = {{{}}};\nkernel void k(global int *o) {{ o[0] = table[o[1]]; }}\n",
            items.join(",")
        ),
        14,
        "error: unsupported: a constant of 70000 elements; a SPIR-V constant holds at most 65532",
    );
    located_error(
        d.path(),
        "string",
        &format!(
            "constant char s[] = \"{}\";\nkernel void k(global char *o) {{ o[0] = s[o[1]]; }}\n",
            "a".repeat(70_000)
        ),
        15,
        "error: unsupported: a constant of 70001 elements; a SPIR-V constant holds at most 65532",
    );
}

fn include_cycle() {
    let d = tempfile::tempdir().unwrap();
    write(d.path(), "a.h", "#include \"b.h\"\n");
    write(d.path(), "b.h", "#include \"a.h\"\n");
    write(
        d.path(),
        "k.cl",
        "#include \"a.h\"\nkernel void k(global int *o) { o[0] = 1; }\n",
    );
    let o = clc(d.path(), &["k.cl"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let e = stderr(&o);
    assert!(
        e.starts_with(
            "./a.h:1:10: error: #include nested too deeply\n#include \"b.h\"\n         ^\n"
        ),
        "{e}"
    );
    assert!(!d.path().join("k.spv").exists());
    // Include guards end the cycle.
    write(
        d.path(),
        "a.h",
        "#ifndef A\n#define A\n#include \"b.h\"\n#endif\n",
    );
    let o = clc(d.path(), &["k.cl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

fn write_bytes(dir: &Path, name: &[u8], bytes: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    let p = dir.join(std::ffi::OsStr::from_bytes(name));
    std::fs::write(&p, bytes).unwrap();
    p
}

fn not_utf8_source() {
    let d = tempfile::tempdir().unwrap();
    // Latin-1 in a comment and in a string literal: clang warns about the literal and keeps
    // its byte, and so must clc.
    write_bytes(
        d.path(),
        b"lat.cl",
        b"kernel void k(global char *o) { // caf\xe9\n  constant char *s = \"caf\xe9!\";\n  \
          o[0] = s[3]; o[1] = s[4]; o[2] = sizeof(\"caf\xe9!\"); }\n",
    );
    let o = clc(d.path(), &["lat.cl"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with(
            "lat.cl:2:26: warning: illegal character encoding in string literal [-Winvalid-source-encoding]\n  constant char *s = \"caf?!\";\n                         ^\n"
        ),
        "{}",
        stderr(&o)
    );
    let toml = write(
        d.path(),
        "lat.toml",
        "[[run]]\nkernel = \"k\"\nglobal = [1]\n[[run.args]]\nname = \"o\"\nkind = \"buffer\"\n\
         type = \"char\"\ndata = [0, 0, 0]\nexpect = [-23, 33, 6]\n",
    );
    let spec = clc_runner::spec::SpecFile::load(&toml).unwrap();
    let out = clc_runner::exec::run_isolated(&spec.runs[0], &d.path().join("lat.spv")).unwrap();
    clc_runner::compare::check_expected(&spec.runs[0], &out).unwrap();
    // A stray byte in the code: clang's located error, the byte shown as `?`.
    write_bytes(
        d.path(),
        b"bad.cl",
        b"kernel void k(global int *o) { o[0] = 1; \xe9 }\n",
    );
    let o = clc(d.path(), &["bad.cl"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).starts_with(
            "bad.cl:1:42: error: source file is not valid UTF-8\nkernel void k(global int *o) { o[0] = 1; ? }\n                                         ^\n"
        ),
        "{}",
        stderr(&o)
    );
    assert!(!d.path().join("bad.spv").exists());
}

fn not_utf8_file_names() {
    use std::os::unix::ffi::OsStrExt;
    let d = tempfile::tempdir().unwrap();
    write_bytes(d.path(), b"caf\xe9.h", b"#define ONE 1\n");
    write_bytes(
        d.path(),
        b"k\xe9.cl",
        b"#include \"caf\xe9.h\"\nkernel void k(global int *o) { o[0] = o[1] + ONE; }\n",
    );
    let o = Command::new(env!("CARGO_BIN_EXE_clc"))
        .current_dir(d.path())
        .arg(std::ffi::OsStr::from_bytes(b"k\xe9.cl"))
        .arg("-o")
        .arg(std::ffi::OsStr::from_bytes(b"o\xe9.spv"))
        .arg("-MD")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The runner takes UTF-8 paths only: the module runs under another name.
    let spv = d.path().join(std::ffi::OsStr::from_bytes(b"o\xe9.spv"));
    std::fs::copy(&spv, d.path().join("o.spv")).unwrap();
    runs_and_gives_8(d.path(), &d.path().join("o.spv"));
    let dep = std::fs::read(d.path().join(std::ffi::OsStr::from_bytes(b"o\xe9.d"))).unwrap();
    assert_eq!(
        dep,
        b"o\xe9.spv: \\\n  k\xe9.cl \\\n  ./caf\xe9.h\n\n./caf\xe9.h:\n",
        "{}",
        String::from_utf8_lossy(&dep)
    );
}

/// Makes `dir/full`, a device node like `/dev/full` (writes fail with ENOSPC), or fails.
fn full_device(dir: &Path) -> PathBuf {
    let full = dir.join("full");
    let s = Command::new("mknod")
        .arg(&full)
        .args(["c", "1", "7"])
        .status()
        .expect("run mknod");
    assert!(
        s.success(),
        "mknod {} c 1 7 failed: the test needs root (CI runs as root)",
        full.display()
    );
    full
}

fn full_disk() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "k.cl", VADD);
    let full = full_device(p);
    let full_s = full.to_str().unwrap();
    let cannot =
        format!("clc: error: cannot write '{full_s}': No space left on device (os error 28)\n");
    for args in [
        vec!["k.cl", "-o", full_s],
        vec!["k.cl", "-o", "k.spv", &format!("--reflect={full_s}")],
        vec!["k.cl", "-o", "k.spv", "-MF", full_s],
    ] {
        let o = clc(p, &args);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), cannot, "{args:?}");
        // The module is written last, so a failed side output leaves none.
        assert!(!p.join("k.spv").exists(), "{args:?}");
    }
    // clc wrote into the device and left it a device.
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&full)
        .unwrap()
        .file_type()
        .is_char_device());
}

/// A kernel big enough that a compilation takes a while (so that kills land in every phase).
fn slow_kernel() -> String {
    let mut s = String::from("kernel void k(global int *o) { int x = o[1];\n");
    for i in 0..2000 {
        s.push_str(&format!("  x = x * {} + (x >> {});\n", i | 1, i % 7 + 1));
    }
    s.push_str("  o[0] = x; }\n");
    s
}

fn killed_while_writing() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path();
    write(p, "k.cl", &slow_kernel());
    write(p, "old.cl", VADD);
    // The two modules the output may hold: the old one, or the complete new one.
    let start = std::time::Instant::now();
    assert!(clc(p, &["k.cl", "-o", "new.spv"]).status.success());
    let full_run = start.elapsed();
    assert!(clc(p, &["old.cl", "-o", "old.spv"]).status.success());
    let new = std::fs::read(p.join("new.spv")).unwrap();
    let old = std::fs::read(p.join("old.spv")).unwrap();
    let out = p.join("out.spv");
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let (mut absent, mut kept, mut replaced) = (0, 0, 0);
    for round in 0..20 {
        // Half the rounds start without an output, half with the old module there.
        if round % 2 == 0 {
            let _ = std::fs::remove_file(&out);
        } else {
            std::fs::write(&out, &old).unwrap();
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        // Up to 10 % past a whole run, so some runs finish.
        let delay = full_run.mul_f64((seed % 1100) as f64 / 1000.0);
        let mut child = Command::new(env!("CARGO_BIN_EXE_clc"))
            .current_dir(p)
            .args(["k.cl", "-o", "out.spv"])
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        let _ = child.kill(); // SIGKILL
        let _ = child.wait();
        match std::fs::read(&out) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                assert_eq!(round % 2, 0, "round {round}: the old output disappeared");
                absent += 1;
            }
            Ok(b) if b == new => replaced += 1,
            Ok(b) if b == old && round % 2 == 1 => kept += 1,
            Ok(b) => panic!(
                "round {round} (killed after {delay:?}): out.spv holds {} bytes, neither module",
                b.len()
            ),
            Err(e) => panic!("round {round}: {e}"),
        }
    }
    // SIGKILL leaves clc no chance to remove its temporary file; only those may remain.
    let strays = std::fs::read_dir(p)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".clc-"))
        .count();
    eprintln!(
        "killed_while_writing: {absent} absent, {kept} kept, {replaced} replaced; \
         {strays} temporary files left by SIGKILL"
    );
}

fn build_64_jobs_1000_files() {
    let d = tempfile::tempdir().unwrap();
    let src = d.path().join("src");
    let out = d.path().join("out");
    std::fs::create_dir_all(&out).unwrap();
    let files: Vec<PathBuf> = (0..1000)
        .map(|i| {
            write(
                &src,
                &format!("k{i}.cl"),
                &format!("kernel void k{i}(global int *o) {{ o[get_global_id(0)] += {i}; }}\n"),
            )
        })
        .collect();
    let built = clc::Build::new()
        .files(&files)
        .jobs(64)
        .opt_level(0)
        .out_dir(&out)
        .cargo_metadata(false)
        .try_compile("kernels")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(built.modules.len(), 1000);
    for (i, m) in built.modules.iter().enumerate() {
        assert_eq!(m.name, format!("k{i}"));
        let w = words(&std::fs::read(&m.spirv).unwrap());
        assert_eq!(w[0], 0x0723_0203, "{}", m.spirv.display());
    }
    let bindings = std::fs::read_to_string(&built.bindings).unwrap();
    assert!(
        bindings.contains("pub mod k999 "),
        "{}",
        &bindings[..200.min(bindings.len())]
    );
    // Two sources with one name would make one module: an error before anything is compiled.
    let dup = write(
        &src,
        "again/k7.cl",
        "kernel void k(global int *o) { o[0] = 1; }\n",
    );
    let e = clc::Build::new()
        .files([&files[7], &dup])
        .out_dir(&out)
        .cargo_metadata(false)
        .try_compile("dup")
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some(&*format!(
            "{} and {} have the same name: each source's module is named after its file",
            files[7].display(),
            dup.display()
        ))
    );
    // No temporary file is left behind.
    let stray: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}
