//! Builds and runs the example on lavapipe (or the device `$CLC_VK_DEVICE` names): its build
//! script compiled the kernels with clc for Vulkan, and its program ran them through the
//! generated `ash` bindings. No device is a failure, not a skip.

use std::process::Command;

#[test]
fn the_example_runs_its_kernels_correctly_on_vulkan() {
    let device = std::env::var("CLC_VK_DEVICE")
        .ok()
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| "llvmpipe".to_string());
    let out = Command::new(env!("CARGO_BIN_EXE_clc-vulkan-ash-example"))
        .env("CLC_VK_DEVICE", &device)
        .output()
        .expect("run the example");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "the example failed on `{device}` (lavapipe comes with scripts/setup.sh: \
         mesa-vulkan-drivers libvulkan1)\nstdout:\n{stdout}\nstderr:\n{stderr}"
    );
    for line in ["saxpy: ok", "group_sums: ok", "horner: ok"] {
        assert!(
            stdout.lines().any(|l| l == line),
            "missing `{line}`:\n{stdout}"
        );
    }
    assert!(
        stdout
            .lines()
            .next()
            .is_some_and(|l| l.to_lowercase().contains(&device.to_lowercase())),
        "not run on `{device}`:\n{stdout}"
    );
    assert!(!stdout.contains("MISMATCH"), "{stdout}");
}
