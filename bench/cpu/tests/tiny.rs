//! The whole suite at its `--tiny` sizes, end to end: both compilers, the CPU OpenCL driver,
//! every comparison and host check. A missing runtime, clang-22 or clc fails the test (the
//! suite is not skipped).

use std::path::PathBuf;
use std::process::Command;

#[test]
fn tiny_suite_runs_and_agrees() {
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_cpu-bench"));
    // clc of the same build (`cargo test --workspace` builds it beside cpu-bench).
    let clc = exe.with_file_name("clc");
    assert!(
        clc.exists(),
        "{} is missing: build it first (`cargo build --bin clc`)",
        clc.display()
    );
    let prefix = std::env::var_os("CLC_OCL_PREFIX")
        .map_or_else(|| PathBuf::from("/opt/clc/intel-ocl"), PathBuf::from);
    let mut ld = prefix.join("lib").into_os_string();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH").filter(|v| !v.is_empty()) {
        ld.push(":");
        ld.push(old);
    }
    let out = Command::new(&exe)
        .arg("--tiny")
        .arg("--clc")
        .arg(&clc)
        .env("OCL_ICD_VENDORS", prefix.join("vendors"))
        .env("LD_LIBRARY_PATH", ld)
        .output()
        .expect("running cpu-bench");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "cpu-bench --tiny failed ({}):\n{stderr}",
        out.status
    );

    let suite_path = concat!(env!("CARGO_MANIFEST_DIR"), "/suite.toml");
    let suite: toml::Table =
        toml::from_str(&std::fs::read_to_string(suite_path).expect("reading suite.toml"))
            .expect("parsing suite.toml");
    let benches = suite["bench"].as_array().expect("[[bench]] tables").len();
    assert!(benches >= 20, "only {benches} benchmarks");
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert_eq!(
        lines.len(),
        benches,
        "one JSON line per benchmark:\n{stdout}"
    );
    for l in &lines {
        assert_eq!(l["status"], "ok", "{l}");
        assert!(l["ratio"].as_f64().is_some_and(|r| r > 0.0), "{l}");
        for side in ["clc", "clang"] {
            let field = |name: &str| &l[format!("{side}_{name}")];
            assert!(field("ms").is_number(), "{l}");
            assert!(field("module_bytes").as_u64().is_some_and(|b| b > 0), "{l}");
            assert!(field("check").is_string(), "{l}");
        }
    }
    assert!(stderr.contains("Geometric mean of clc/clang"), "{stderr}");
}
