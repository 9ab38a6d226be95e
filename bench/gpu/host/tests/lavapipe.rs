//! gpu-bench end to end at `--small` sizes on lavapipe (or the device `$CLC_VK_DEVICE` names):
//! clc compiles the suite's kernels for Vulkan, every benchmark runs, verifies and prints its
//! JSON line; an unwritten output element fails verification and the exit status.
//!
//! Like runner/tests/vulkan.rs this FAILS, rather than skips, without a Vulkan device
//! (scripts/setup.sh installs lavapipe) or without clc's binary (`cargo test --workspace`
//! builds it; `$CLC` may name another).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// clc's binary: `$CLC`, else beside gpu-bench in the target folder.
fn clc() -> PathBuf {
    if let Some(p) = std::env::var_os("CLC") {
        return p.into();
    }
    let exe = PathBuf::from(env!("CARGO_BIN_EXE_gpu-bench"));
    let p = exe.with_file_name(format!("clc{}", std::env::consts::EXE_SUFFIX));
    assert!(
        p.is_file(),
        "no clc binary at {} (build the workspace: cargo build --workspace --bins, or set $CLC)",
        p.display()
    );
    p
}

fn gpu_bench(args: &[&str]) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gpu-bench"));
    c.args(args).arg("--clc").arg(clc()).arg("--small");
    if std::env::var_os("CLC_VK_DEVICE").is_none() {
        c.env("CLC_VK_DEVICE", "llvmpipe");
    }
    c.output().expect("running gpu-bench")
}

#[test]
fn every_benchmark_runs_and_verifies_at_small_sizes() {
    let suite = suite_dir().join("suite.toml");
    let out = gpu_bench(&[
        "--suite",
        suite.to_str().unwrap(),
        "--rounds",
        "2",
        "--round-index",
        "3",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "gpu-bench failed ({}):\n{stderr}\n{stdout}",
        out.status
    );
    let lines: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let names: Vec<&str> = lines.iter().map(|l| l["name"].as_str().unwrap()).collect();
    // every [[bench]]'s name, in suite order (the line after `[[bench]]`)
    let text = std::fs::read_to_string(&suite).unwrap();
    let bench_names: Vec<&str> = text
        .split("\n[[bench]]\n")
        .skip(1)
        .map(|b| {
            b.lines()
                .next()
                .and_then(|l| l.strip_prefix("name = \""))
                .unwrap()
                .trim_end_matches('"')
        })
        .collect();
    assert_eq!(names, bench_names);
    assert_eq!(names.len(), 27);
    for l in &lines {
        assert_eq!(l["impl"], "vulkan");
        assert_eq!(l["verified"], true, "{l}");
        assert_eq!(l["round_index"], 3);
        assert_eq!(l["rounds"].as_array().unwrap().len(), 2);
        let clc = if l["name"] == "dot" {
            "--target=vulkan1.2 -O2 -cl-std=CL2.0"
        } else {
            "--target=vulkan1.2 -O2"
        };
        assert_eq!(l["clc"], clc);
        // every benchmark digests its outputs, and a float output has no NaN
        let outputs = l["outputs"].as_object().unwrap();
        assert!(!outputs.is_empty(), "{l}");
        for d in outputs.values() {
            assert_eq!(d["nan"], 0, "{l}");
            assert_eq!(d["sample"].as_array().unwrap().len(), 257);
        }
        let ms = l["ms"].as_f64().unwrap();
        assert!(ms > 0.0, "{l}");
        let rate = l
            .get("gbps")
            .or_else(|| l.get("gflops"))
            .or_else(|| l.get("gitems"))
            .unwrap();
        // (printed with 2 decimals: small sizes on lavapipe may show 0.00)
        assert!(rate.as_f64().unwrap() >= 0.0, "{l}");
        assert!(l["iters"].as_u64().unwrap() >= 1);
        assert!(l["t_end"].as_f64().unwrap() >= l["t_start"].as_f64().unwrap());
    }
    // SAXPY, the sum and SGEMM are exact by construction.
    for l in &lines[2..7] {
        assert_eq!(l["max_err"].as_f64(), Some(0.0), "{l}");
    }
    // Integer outputs checked in full against the host: the scan's first elements.
    let scan = lines.iter().find(|l| l["name"] == "scan").unwrap();
    assert_eq!(scan["outputs"]["out"]["type"], "uint");
}

#[test]
fn an_unwritten_element_fails_verification() {
    // The float4 copy over half the buffer: the other half keeps its poison.
    let text = std::fs::read_to_string(suite_dir().join("suite.toml")).unwrap();
    let text = text
        .replace(
            "source = \"",
            &format!("source = \"{}/", suite_dir().display()),
        )
        .replace("global = [\"n / 4\", 1, 1]", "global = [\"n / 8\", 1, 1]");
    let dir = std::env::temp_dir().join(format!("gpu-bench-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let suite = dir.join("suite.toml");
    std::fs::write(&suite, text).unwrap();
    let out = gpu_bench(&[
        "--suite",
        suite.to_str().unwrap(),
        "--bench",
        "copy_float4",
        "--rounds",
        "1",
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("copy_float4: VERIFY FAILED"), "{stderr}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("\"verified\":false"), "{stdout}");
}
