//! Builds and runs the example on the CPU OpenCL driver: its build script compiled the
//! kernels with clc, and its program ran them through the generated typed bindings.

use std::process::Command;

#[test]
fn the_example_runs_its_kernels_correctly() {
    let out = Command::new(env!("CARGO_BIN_EXE_clc-example"))
        .envs(clc_runner::exec::driver_env())
        .output()
        .expect("run the example");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "stdout:\n{stdout}\nstderr:\n{stderr}");
    assert!(
        stdout.contains("saxpy: y[0..4] = [1.0, 3.0, 5.0, 7.0], y[30..32] = [1.0, 1.0]: ok"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "particles: bounces per group = [6, 6], p[0] = [0.125, 0.65234375, 0.0, 1.0]: ok"
        ),
        "{stdout}"
    );
    assert!(!stdout.contains("MISMATCH"), "{stdout}");
}

#[test]
fn the_build_script_tracks_sources_and_included_headers() {
    // Cargo keeps a build script's output next to its OUT_DIR.
    let output = std::path::Path::new(env!("OUT_DIR")).with_file_name("output");
    let text = std::fs::read_to_string(&output).expect("build script output");
    for line in [
        "cargo:rerun-if-env-changed=LIBCLANG_PATH",
        "cargo:rerun-if-changed=kernels/saxpy.cl",
        "cargo:rerun-if-changed=kernels/particles.cl",
        "cargo:rerun-if-changed=kernels/include/particle.h",
    ] {
        assert!(
            text.lines().any(|l| l == line),
            "missing `{line}` in {}:\n{text}",
            output.display()
        );
    }
}
