//! The Vulkan backend end to end, on lavapipe unless `$CLC_VK_DEVICE` names another device:
//! a hand-written module in the shape docs/VULKAN.md gives clc's Vulkan target
//! (`tests/vulkan/hand.spvasm`, assembled here with `spirv-as`, and its reflection
//! `hand.json`) run through vkhost directly, through the runner's child process, and through
//! `clc-run --vulkan` with a stand-in compiler script that hands out that module.
//!
//! Unlike `end_to_end`, this test fails when there is no Vulkan device or no `spirv-as`
//! (`scripts/setup.sh` installs both): a Vulkan backend that silently tests nothing is worse
//! than a red test.

use std::path::{Path, PathBuf};
use std::process::Command;

use clc_runner::compare::check_expected;
use clc_runner::exec::{child_main_if_requested, run_isolated_vulkan};
use clc_runner::spec::SpecFile;
use clc_runner::values::Values;
use vkhost::{Arg, Buffer, Device, Error, NdRange, Program, Reflection};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vulkan")
}

/// Assembles `hand.spvasm` into `dir/hand.spv`.
fn assemble(dir: &Path) -> PathBuf {
    let out = dir.join("hand.spv");
    let o = Command::new("spirv-as")
        .args(["--target-env", "vulkan1.2"])
        .arg(data_dir().join("hand.spvasm"))
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap_or_else(|e| {
            panic!("running spirv-as (apt package spirv-tools, installed by scripts/setup.sh): {e}")
        });
    assert!(
        o.status.success(),
        "spirv-as failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    out
}

fn f32s(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn i32s(b: &[u8]) -> Vec<i32> {
    b.chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn u64s(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn bytes<T: Copy, const N: usize>(v: &[T], f: impl Fn(T) -> [u8; N]) -> Vec<u8> {
    v.iter().flat_map(|&x| f(x)).collect()
}

/// Asserts `got == want`, naming the first difference rather than printing both vectors.
fn same<T: PartialEq + std::fmt::Debug>(got: &[T], want: &[T], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: lengths");
    if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
        panic!(
            "{what}: element {i} is {:?}, expected {:?}",
            got[i], want[i]
        );
    }
}

fn main() {
    child_main_if_requested();
    if std::env::var_os(vkhost::DEVICE_ENV).is_none() {
        // Deterministic results (no FMA fusion) and the same device everywhere.
        std::env::set_var(vkhost::DEVICE_ENV, "llvmpipe");
    }
    let dir = tempfile::tempdir().unwrap();
    let spv = assemble(dir.path());
    let json = data_dir().join("hand.json");
    let reflection = Reflection::from_json(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let dev = Device::for_reflection(&reflection).unwrap_or_else(|e| {
        panic!(
            "no usable Vulkan device: {e}\n(install lavapipe with scripts/setup.sh: mesa-vulkan-drivers libvulkan1; \
             {}={:?})",
            vkhost::DEVICE_ENV,
            std::env::var(vkhost::DEVICE_ENV).ok()
        )
    });
    println!("vulkan: device `{}`", dev.name());
    let flushes = vkhost::probe::flushes_float_denormals(&dev).unwrap();
    println!("vulkan: flushes float subnormals: {flushes}");
    if dev.name().contains("llvmpipe") {
        assert!(!flushes, "lavapipe keeps float subnormals");
    }
    let words = vkhost::spirv_words(&std::fs::read(&spv).unwrap()).unwrap();
    let program = Program::load(&dev, &words, &reflection).unwrap();

    direct_launches(&dev, &program);
    errors(&dev, &program, &words, &reflection);
    runner_child(dir.path(), &spv, &json);
    clc_run_cli(dir.path(), &spv, &json);
    println!("vulkan: all checks passed");
}

/// SAXPY (push constants, PSB pointers, a partial last work-group), a `__local` array sized by
/// a specialization constant, and a uniform-buffer block with the module data buffer and the
/// private stack; then the timing API.
fn direct_launches(dev: &Device, program: &Program) {
    // 1000 items: the picked local size 64 leaves a partial last group of 40.
    let n = 1000u32;
    let xs: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let x = Buffer::from_bytes(dev, &bytes(&xs, f32::to_le_bytes)).unwrap();
    let y = Buffer::from_bytes(dev, &bytes(&vec![2.0f32; n as usize], f32::to_le_bytes)).unwrap();
    let a = 3.0f32.to_le_bytes();
    let nb = n.to_le_bytes();
    let args = [
        Arg::Buffer(&x),
        Arg::Buffer(&y),
        Arg::Value(&a),
        Arg::Value(&nb),
    ];
    program
        .launch("saxpy", &NdRange::new(&[n as u64]), &args)
        .unwrap();
    let want: Vec<f32> = (0..n).map(|i| 3.0 * i as f32 + 2.0).collect();
    same(&f32s(&y.to_vec().unwrap()), &want, "saxpy");
    // An explicit local size that does not divide the global size.
    program
        .launch(
            "saxpy",
            &NdRange::new(&[n as u64]).with_local(&[128]),
            &args,
        )
        .unwrap();
    let want: Vec<f32> = (0..n).map(|i| 6.0 * i as f32 + 2.0).collect();
    same(&f32s(&y.to_vec().unwrap()), &want, "saxpy, local size 128");
    println!("vulkan: saxpy ok");

    // Reverse each work-group's slice through local memory; two local sizes, so two pipelines
    // with different spec constants.
    let io: Vec<i32> = (0..32).collect();
    let buf = Buffer::from_bytes(dev, &bytes(&io, i32::to_le_bytes)).unwrap();
    program
        .launch(
            "rev",
            &NdRange::new(&[32]).with_local(&[8]),
            &[Arg::Buffer(&buf), Arg::Local(8 * 4)],
        )
        .unwrap();
    let want: Vec<i32> = (0..32).map(|i| (i / 8) * 8 + 7 - i % 8).collect();
    assert_eq!(i32s(&buf.to_vec().unwrap()), want);
    program
        .launch(
            "rev",
            &NdRange::new(&[32]).with_local(&[16]),
            &[Arg::Buffer(&buf), Arg::Local(16 * 4)],
        )
        .unwrap();
    let want: Vec<i32> = want
        .chunks(16)
        .flat_map(|c| c.iter().rev().copied())
        .collect();
    assert_eq!(i32s(&buf.to_vec().unwrap()), want);
    println!("vulkan: __local spec-constant array ok");

    // The uniform-buffer block: a 128-byte struct by value, the data buffer, the stack.
    let out = Buffer::from_bytes(dev, &[0u8; 19 * 8]).unwrap();
    let s: Vec<u64> = (0..16).map(|i| 7 * i).collect();
    let sb = bytes(&s, u64::to_le_bytes);
    program
        .launch(
            "big",
            &NdRange::new(&[16]).with_offset(&[5]),
            &[Arg::Buffer(&out), Arg::Value(&sb)],
        )
        .unwrap();
    let mut want: Vec<u64> = (0..16).map(|i| 7 * i + 1000 * (i + 1)).collect();
    want.extend([1, 16, 5]);
    assert_eq!(u64s(&out.to_vec().unwrap()), want);
    let data = program.data_buffer().expect("the module has data");
    assert_eq!(u64s(&data.to_vec().unwrap())[..3], [1000, 2000, 3000]);
    println!("vulkan: uniform-buffer block, data buffer, private stack ok");

    // Timing: 2 warm-up and 10 timed dispatches in one command buffer, each seeing the last.
    let t = program
        .time("saxpy", &NdRange::new(&[n as u64]), &args, 2, 10)
        .unwrap();
    assert_eq!(t.reps, 10);
    assert!(
        t.per_dispatch_ns > 0.0 && t.total_ns >= t.per_dispatch_ns,
        "{t:?}"
    );
    // y was 6i + 2 after two launches; 12 more add 3i each.
    let want: Vec<f32> = (0..n).map(|i| 42.0 * i as f32 + 2.0).collect();
    same(
        &f32s(&y.to_vec().unwrap()),
        &want,
        "12 back-to-back dispatches",
    );
    println!(
        "vulkan: timing ok: {:.1} µs per saxpy dispatch",
        t.per_dispatch_ns / 1e3
    );
}

/// What the input can get wrong is an error with a message, never a panic.
fn errors(dev: &Device, program: &Program, words: &[u32], reflection: &Reflection) {
    let x = Buffer::new(dev, 16).unwrap();
    let e = program
        .launch("saxpy", &NdRange::new(&[4]), &[Arg::Buffer(&x)])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "kernel `saxpy` has 4 parameters but 1 arguments were given"
    );
    let e = program
        .launch(
            "saxpy",
            &NdRange::new(&[4]),
            &[
                Arg::Value(&[0; 8]),
                Arg::Null,
                Arg::Value(&[0; 4]),
                Arg::Value(&[0; 4]),
            ],
        )
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("`x` is a buffer parameter but was given a value"),
        "{e}"
    );
    let e = program
        .launch("nope", &NdRange::new(&[4]), &[])
        .unwrap_err();
    assert!(
        matches!(e, Error::NoKernel { .. }) && e.to_string().contains("saxpy, rev, big"),
        "{e}"
    );
    let e = program
        .launch(
            "rev",
            &NdRange::new(&[4096]).with_local(&[4096]),
            &[Arg::Buffer(&x), Arg::Local(4)],
        )
        .unwrap_err();
    assert!(e.to_string().contains("exceeds"), "{e}");
    let e = x.write(12, &[0; 8]).unwrap_err();
    assert!(matches!(e, Error::OutOfBounds { .. }), "{e}");
    let e = Program::load(dev, &words[1..], reflection)
        .err()
        .expect("bad magic");
    assert!(e.to_string().contains("magic number"), "{e}");
    let e = Device::with_features(&["shaderWarpDrive".to_string()], &[]).unwrap_err();
    assert!(matches!(e, Error::UnknownFeature(_)), "{e}");
    let e = Device::with_features(&[], &["VK_NOT_an_extension".to_string()]).unwrap_err();
    assert!(
        e.to_string()
            .contains("lacks the extension `VK_NOT_an_extension`"),
        "{e}"
    );
    let old = std::env::var(vkhost::DEVICE_ENV).ok();
    std::env::set_var(vkhost::DEVICE_ENV, "no such device");
    let e = Device::new().unwrap_err();
    match old {
        Some(v) => std::env::set_var(vkhost::DEVICE_ENV, v),
        None => std::env::remove_var(vkhost::DEVICE_ENV),
    }
    assert!(matches!(e, Error::DeviceNotFound { .. }), "{e}");
    println!("vulkan: errors ok");
}

const SAXPY_TOML: &str = r#"
[[run]]
kernel = "saxpy"
global = [6]
[[run.args]]
name = "x"
kind = "buffer"
type = "float"
data = [0, 1, 2, 3, 4, 5]
[[run.args]]
name = "y"
kind = "buffer"
type = "float"
data = [1, 1, 1, 1, 1, 1]
expect = [1, 3, 5, 7, 9, 11]
[[run.args]]
name = "a"
kind = "scalar"
type = "float"
value = 2
[[run.args]]
name = "n"
kind = "scalar"
type = "uint"
value = N
"#;

/// The runner's Vulkan child: a spec's run, guard zones included.
fn runner_child(dir: &Path, spv: &Path, json: &Path) {
    let spec = |name: &str, toml: &str| {
        let p = dir.join(format!("{name}.toml"));
        std::fs::write(&p, toml).unwrap();
        std::fs::write(dir.join(format!("{name}.cl")), "/* stands in */\n").unwrap();
        SpecFile::load(&p).unwrap()
    };
    let s = spec("child", &SAXPY_TOML.replace("N", "6"));
    let out = run_isolated_vulkan(&s.runs[0], spv, json).expect("saxpy runs in the child");
    check_expected(&s.runs[0], &out).unwrap();
    assert_eq!(
        out.get("y"),
        Some(&Values::F32(vec![1.0, 3.0, 5.0, 7.0, 9.0, 11.0]))
    );
    // n = 7 > 6 elements: the store past the end of `y` lands in its guard zone.
    let s = spec(
        "overrun",
        &SAXPY_TOML
            .replace("N", "7")
            .replace("global = [6]", "global = [7]"),
    );
    let e = format!(
        "{:#}",
        run_isolated_vulkan(&s.runs[0], spv, json).unwrap_err()
    );
    assert!(e.contains("wrote past the end of buffer `y`"), "{e}");
    // A module the driver cannot use is an error of the child, not a crash of this process.
    let bad = dir.join("bad.spv");
    std::fs::write(&bad, [0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0]).unwrap();
    assert!(run_isolated_vulkan(&s.runs[0], &bad, json).is_err());
    println!("vulkan: runner child ok");
}

/// `clc-run --vulkan` with a stand-in for clc: for `--target=vulkan1.2` it copies the
/// hand-written module and reflection to `-o` and `--reflect=`, except for sources named
/// `unsupported*.cl`, which it rejects the way clc rejects what Vulkan cannot do.
fn clc_run_cli(dir: &Path, spv: &Path, json: &Path) {
    let kernels = dir.join("kernels/vk");
    std::fs::create_dir_all(&kernels).unwrap();
    let fake = dir.join("fake-clc.sh");
    std::fs::write(
        &fake,
        format!(
            r#"#!/bin/sh
out=; reflect=; src=
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out=$2; shift ;;
    --reflect=*) reflect=${{1#--reflect=}} ;;
    --target=vulkan1.2) ;;
    -*) ;;
    *) src=$1 ;;
  esac
  shift
done
case "$(basename "$src")" in
  unsupported*) echo "$src:1:1: error: unsupported: frobnication on the Vulkan target" >&2; exit 1 ;;
esac
cp '{}' "$out" && cp '{}' "$reflect"
"#,
            spv.display(),
            json.display()
        ),
    )
    .unwrap();
    Command::new("chmod").arg("+x").arg(&fake).status().unwrap();
    let write = |name: &str, cl: &str, toml: &str| {
        std::fs::write(kernels.join(format!("{name}.cl")), cl).unwrap();
        std::fs::write(kernels.join(format!("{name}.toml")), toml).unwrap();
    };
    write("saxpy", "/* stands in */\n", &SAXPY_TOML.replace("N", "6"));
    write(
        "unsupported",
        "/* stands in */\n",
        &SAXPY_TOML.replace("N", "6"),
    );
    // The stand-in module prints nothing: a run expecting a printed line fails.
    write(
        "printing",
        "kernel void saxpy(global float *x) { printf(\"hi\\n\"); }\n",
        &SAXPY_TOML
            .replace("N", "6")
            .replace("global = [6]", "global = [6]\nstdout = [\"hi\"]"),
    );
    let o = Command::new(env!("CARGO_BIN_EXE_clc-run"))
        .arg("--clc")
        .arg(&fake)
        .args(["--vulkan", "--no-reference"])
        .arg(&kernels)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    println!(
        "{}",
        stdout
            .lines()
            .map(|l| format!("  | {l}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let k = kernels.display();
    assert!(
        stdout.contains(&format!("FAIL {k}/printing.toml saxpy[6]"))
            && stdout.contains(
                "printed output: 1 expected lines missing [\"hi\"], 0 lines not expected []"
            ),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "SKIP {k}/unsupported.toml saxpy[6] (vulkan: frobnication on the Vulkan target)"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("PASS {k}/saxpy.toml saxpy[6]: clc: y = ")),
        "{stdout}"
    );
    assert!(
        stdout.lines().any(|l| l == "1 passed, 1 failed, 1 skipped"),
        "{stdout}"
    );
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    println!("vulkan: clc-run --vulkan ok");
}
