//! compile-bench end to end with `--tiny`: every section runs once on small inputs and writes
//! its results, summary and plots. The figures mean nothing; this keeps the suite working.
//!
//! FAILS, rather than skips, without clang-22 (scripts/setup.sh installs it) or without clc's
//! binary (`cargo test --workspace` builds it; `$CLC` may name another).

use std::path::PathBuf;
use std::process::Command;

fn clc() -> PathBuf {
    if let Some(p) = std::env::var_os("CLC") {
        return p.into();
    }
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_compile-bench"));
    let p = exe.with_file_name(format!("clc{}", std::env::consts::EXE_SUFFIX));
    assert!(
        p.is_file(),
        "no clc binary at {} (build the workspace: cargo build --workspace --bins, or set $CLC)",
        p.display()
    );
    p
}

#[test]
fn every_section_runs_and_writes_its_results() {
    let out = tempfile::tempdir().expect("temp dir");
    let run = Command::new(env!("CARGO_BIN_EXE_compile-bench"))
        .arg("--tiny")
        .arg("--clc")
        .arg(clc())
        .arg("--out")
        .arg(out.path())
        .output()
        .expect("running compile-bench");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success(),
        "compile-bench failed ({}):\n{stderr}",
        run.status
    );
    let json: serde_json::Value = serde_json::from_slice(
        &std::fs::read(out.path().join("results.json")).expect("results.json"),
    )
    .expect("results.json is JSON");
    assert_eq!(json["tiny"], true);
    assert_eq!(json["per_file"]["files"], 5);
    assert!(json["build"]["clc_build_all_cores_s"].as_f64().unwrap() > 0.0);
    // 2 sizes x 3 tools x 2 families, each with a wall time and a peak RSS.
    let pts = json["scaling"].as_array().expect("scaling points");
    assert_eq!(pts.len(), 12);
    assert!(pts
        .iter()
        .all(|p| p["median_rss_mib"].as_f64().unwrap() > 1.0));
    for f in ["scaling-statements.svg", "scaling-kernels.svg"] {
        let svg = std::fs::read_to_string(out.path().join(f)).expect(f);
        assert!(
            svg.starts_with("<svg") && svg.contains("clc -O0"),
            "{f} is not a plot"
        );
    }
    let md = std::fs::read_to_string(out.path().join("summary.md")).expect("summary.md");
    assert!(
        md.contains("TINY RUN") && md.contains("| statements |"),
        "{md}"
    );
}

#[test]
fn a_failing_compiler_fails_the_run() {
    let out = tempfile::tempdir().expect("temp dir");
    let run = Command::new(env!("CARGO_BIN_EXE_compile-bench"))
        .args(["--tiny", "scaling", "--clc", "/bin/false", "--out"])
        .arg(out.path())
        .output()
        .expect("running compile-bench");
    assert_eq!(run.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("clc -O0 on statements 100") && stderr.contains("exit-1"),
        "{stderr}"
    );
}

#[test]
fn the_launcher_measures_the_command_not_itself() {
    let bench = env!("CARGO_BIN_EXE_compile-bench");
    let run = |args: &[&str]| {
        let o = Command::new(bench)
            .arg("__measure")
            .args(args)
            .output()
            .expect("launcher");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let out = String::from_utf8_lossy(&o.stdout).to_string();
        let f: Vec<String> = out.split_whitespace().map(String::from).collect();
        assert_eq!(f.len(), 3, "{out}");
        (f[0].clone(), f[2].parse::<u64>().expect("KiB"))
    };
    let (status, floor) = run(&["true"]);
    assert_eq!(status, "exit-0");
    assert!(floor < 16 * 1024, "launcher floor {floor} KiB");
    // 200 MiB touched by the child shows; its exit status comes back.
    let (status, big) = run(&[
        "python3",
        "-c",
        "x = bytearray(200 << 20); raise SystemExit(3)",
    ]);
    assert_eq!(status, "exit-3");
    assert!(big > 200 * 1024 && big < 300 * 1024, "{big} KiB");
}
