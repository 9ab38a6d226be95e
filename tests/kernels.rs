//! Runs every sample kernel in `kernels/` on a real OpenCL driver (Intel's CPU runtime,
//! through clCreateProgramWithIL) and checks it twice:
//!
//! * `run::…`  — clc's SPIR-V computes the values written in the kernel's `.toml`;
//! * `diff::…` — two references run on the same driver with the same inputs: clang-22's own
//!   SPIR-V (`--target=spirv64v1.0`), and the source built by the runtime's own compiler
//!   (clCreateProgramWithSource). Each must compile, run and match `expect`; on outputs without
//!   `expect`, clc must agree with at least one of them ([`clc_runner::verdict`] has the
//!   rules). Where the `.toml` says `reference_broken = "why"` (a known clang-22 bug) or
//!   `driver_broken = "why"` (the runtime's compiler), that reference must still disagree or
//!   fail, so a fixed compiler is noticed.
//!
//! * `O2::…`  — the `run::` check on clc's module optimized with `-O2`, for every run;
//! * `g::…`   — the `run::` check on the module built with `-g` (line information), for the
//!   kernels in `kernels/programs/`: the driver must accept `OpLine`.
//!
//! * `vk::`, `vkO2::` — the `run::` check on clc's Vulkan module (`--target=vulkan1.2`, as
//!   written and at `-O2`) run through
//!   vkhost on lavapipe (or the device `$CLC_VK_DEVICE` names). Kernels the Vulkan target
//!   cannot take yet (an `unsupported:` error, images, `vulkan_skip`) are
//!   listed as ignored with the reason in the test name.
//!
//! Runs of a `.toml` with `requires = ["cl_khr_fp16"]` are ignored on an OpenCL device
//! without the extension (and on a Vulkan device without the matching feature), with the
//! reason in the test name.
//!
//! Kernels whose `.toml` says `pending = "features"` need compiler features that are not
//! implemented yet: they are listed as ignored, with the features in the test name; those
//! that say `opencl_skip = "why"` (a Vulkan host setting) have their OpenCL trials ignored.
//!
//! Each launch runs in a child process (a crashing kernel cannot take the harness down),
//! which is why this test has its own `main`. Needs `scripts/setup.sh` to have installed
//! the driver and clang-22.

use clc_runner::compare::check_expected;
use clc_runner::exec::{child_main_if_requested, run_isolated};
use clc_runner::reference::{clang_compile, run_driver};
use clc_runner::spec::{discover, Run, SpecFile};
use clc_runner::verdict::{indent, judge, Fault, LaunchCx, Oracle, RefRun};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn clc_options(spec: &SpecFile) -> Result<clc::Options, String> {
    let mut o = clc::Options {
        cl_std: clc::options::parse_cl_std(&spec.cl_std)?,
        cl_std_spelling: spec.cl_std.clone(),
        ..Default::default()
    };
    for opt in &spec.options {
        if opt.starts_with("-D") || opt.starts_with("-U") {
            o.macros.push(opt.clone());
        } else if let Some(dir) = opt.strip_prefix("-I") {
            o.include_dirs.push(PathBuf::from(dir));
        } else if opt.starts_with("-cl-") {
            o.cl_options.push(opt.clone());
        } else if let Some(mode) = opt.strip_prefix("-ffp-contract=") {
            o.fp_contract = mode.parse()?;
        } else {
            return Err(format!("option '{opt}' is not understood by this harness"));
        }
    }
    Ok(o)
}

/// How a variant of a run changes clc's options.
type Variant = fn(&mut clc::Options);

fn as_written(_: &mut clc::Options) {}

fn optimized(o: &mut clc::Options) {
    o.opt_level = clc::options::OptLevel::O2;
}

fn with_lines(o: &mut clc::Options) {
    o.debug_info = true;
}

/// Compiles a spec's source with clc into `dir`.
fn compile_clc(spec: &SpecFile, dir: &Path, variant: Variant) -> Result<PathBuf, String> {
    let mut opts = clc_options(spec)?;
    variant(&mut opts);
    let c = match clc::compile_file(&spec.source, &opts) {
        Ok(c) => c,
        Err(clc::Error::Input {
            diagnostics,
            sources,
        }) => {
            return Err(format!(
                "clc rejected the kernel:\n{}",
                clc::render::human_all(&diagnostics, &sources)
            ))
        }
        Err(e) => return Err(format!("clc failed: {e}")),
    };
    let out = dir.join("clc.spv");
    std::fs::write(&out, clc::output::words_to_bytes(&c.words)).map_err(|e| e.to_string())?;
    Ok(out)
}

/// A spec compiled for Vulkan: the module and its reflection in a temporary directory, or
/// why the Vulkan target does not take it.
struct VulkanBuild {
    dir: tempfile::TempDir,
}

/// Compiles a spec for Vulkan 1.2 once, for all its runs.
fn compile_vulkan(spec: &SpecFile, variant: Variant) -> Result<VulkanBuild, String> {
    let mut opts = clc_options(spec)?;
    opts.target = clc::Target::Vulkan(2);
    variant(&mut opts);
    let c = match clc::compile_file(&spec.source, &opts) {
        Ok(c) => c,
        Err(clc::Error::Input {
            diagnostics,
            sources,
        }) => return Err(clc::render::human_all(&diagnostics, &sources)),
        Err(e) => return Err(format!("clc failed: {e}")),
    };
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    std::fs::write(
        dir.path().join("k.spv"),
        clc::output::words_to_bytes(&c.words),
    )
    .map_err(|e| e.to_string())?;
    let json = serde_json::to_string(&c.reflection).map_err(|e| e.to_string())?;
    std::fs::write(dir.path().join("k.json"), json).map_err(|e| e.to_string())?;
    // A second opinion: Debian's spirv-val (an older SPIRV-Tools than the vendored one) has
    // caught rules the in-process validator no longer checks.
    let val = std::process::Command::new("spirv-val")
        .args(["--target-env", "vulkan1.2", "--scalar-block-layout"])
        .arg(dir.path().join("k.spv"))
        .output()
        .map_err(|e| {
            format!("cannot run spirv-val (scripts/setup.sh installs spirv-tools): {e}")
        })?;
    if !val.status.success() {
        return Err(format!(
            "spirv-val rejects the Vulkan module:\n{}{}",
            String::from_utf8_lossy(&val.stdout),
            String::from_utf8_lossy(&val.stderr)
        ));
    }
    Ok(VulkanBuild { dir })
}

/// The reason in an `unsupported:` diagnostic, if the text has one.
fn unsupported_reason(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        let (_, rest) = l.split_once("unsupported:")?;
        Some(rest.trim().to_string())
    })
}

fn run_one(run: &Run, spv: &Path, who: &str) -> Result<clc_runner::exec::Outputs, Failed> {
    run_isolated(run, spv).map_err(|e| Failed::from(format!("{who}'s module failed to run: {e:#}")))
}

fn main() {
    child_main_if_requested();
    let args = Arguments::from_args();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("kernels");
    let specs = match discover(&root) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("cannot load the kernel specs: {e:#}");
            std::process::exit(1);
        }
    };
    if std::env::var_os(vkhost::DEVICE_ENV).is_none() {
        // CI machines have lavapipe; a developer's GPU is chosen by setting the variable.
        std::env::set_var(vkhost::DEVICE_ENV, "llvmpipe");
    }
    // The device, opened and probed once (`lavapipe_skip`, `float_denormals`).
    let device = clc_runner::vulkan::device_info();
    let mut trials = Vec::new();
    for spec in specs {
        let spec = Arc::new(spec);
        let rel = spec
            .path
            .strip_prefix(&root)
            .unwrap_or(&spec.path)
            .with_extension("");
        let rel = rel.display().to_string();
        // Kernels that need features clc does not have yet are listed, not run.
        let pending = match (&spec.pending, &spec.opencl_skip) {
            (Some(p), _) => format!(" (pending: {p})"),
            (None, Some(why)) => format!(" (opencl: {why})"),
            (None, None) => String::new(),
        };
        // An extension of `requires` the OpenCL device lacks: its runs are listed, not run.
        let lacks = if spec.requires.is_empty() {
            None
        } else {
            clc_runner::exec::device_extensions().ok().and_then(|have| {
                spec.missing_extension(|e| have.iter().any(|h| h == e))
                    .map(|e| format!(" (requires {e}: the OpenCL device lacks it)"))
            })
        };
        for (i, run) in spec.runs.iter().enumerate() {
            let name = format!(
                "{rel}::{}{pending}{}",
                run.label(),
                lacks.as_deref().unwrap_or_default()
            );
            let (s2, rel_d) = (spec.clone(), rel.clone());
            let ignored = spec.pending.is_some() || spec.opencl_skip.is_some() || lacks.is_some();
            let mut variants: Vec<(&str, Variant)> = vec![("run", as_written), ("O2", optimized)];
            if rel.starts_with("programs/") {
                variants.push(("g", with_lines));
            }
            for (prefix, variant) in variants {
                let s1 = spec.clone();
                let trial = Trial::test(format!("{prefix}::{name}"), move || {
                    let run = &s1.runs[i];
                    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
                    let spv = compile_clc(&s1, dir.path(), variant)?;
                    let out = run_one(run, &spv, "clc")?;
                    check_expected(run, &out).map_err(Failed::from)
                });
                trials.push(trial.with_ignored_flag(ignored));
            }
            let diff_trial = Trial::test(format!("diff::{name}"), move || {
                let run = &s2.runs[i];
                let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
                let ours = compile_clc(&s2, dir.path(), as_written)?;
                let clc_out = run_isolated(run, &ours);
                let clang_spv = dir.path().join("clang.spv");
                let clang_out =
                    clang_compile(&s2, &clang_spv).and_then(|()| run_isolated(run, &clang_spv));
                let driver_out = run_driver(run, &s2);
                let j = judge(
                    &LaunchCx {
                        spec_name: &rel_d,
                        run,
                        pending: s2.pending.as_deref(),
                    },
                    Some(&clc_out),
                    &[
                        RefRun {
                            oracle: Oracle::Clang,
                            result: &clang_out,
                            broken: s2.reference_broken.as_deref(),
                        },
                        RefRun {
                            oracle: Oracle::Driver,
                            result: &driver_out,
                            broken: s2.driver_broken.as_deref(),
                        },
                    ],
                );
                // clc against `expect` is the `run::` test's job.
                if j.faults.iter().all(|f| *f == Fault::ClcVsExpect) {
                    return Ok(());
                }
                let mut msg = j.line;
                for d in &j.details {
                    msg.push('\n');
                    msg.push_str(&indent(d));
                }
                Err(Failed::from(msg))
            });
            trials.push(diff_trial.with_ignored_flag(ignored));
        }
        if spec.pending.is_some() {
            continue;
        }
        // The Vulkan target, as written and at -O2: one compilation for all runs.
        for (prefix, variant) in [("vk", as_written as Variant), ("vkO2", optimized)] {
            let build = compile_vulkan(&spec, variant);
            let unsupported = match &build {
                Err(text) => unsupported_reason(text),
                Ok(_) => None,
            };
            let build = Arc::new(build);
            for (i, run) in spec.runs.iter().enumerate() {
                let skip =
                    clc_runner::vulkan::skip_reason(&spec, run, &device).or(unsupported.clone());
                let name = match &skip {
                    Some(why) => format!("{prefix}::{rel}::{} (vulkan: {why})", run.label()),
                    None => format!("{prefix}::{rel}::{}", run.label()),
                };
                let (s1, b1) = (spec.clone(), build.clone());
                let trial = Trial::test(name, move || {
                    let run = &s1.runs[i];
                    let b = b1.as_ref().as_ref().map_err(|e| {
                        Failed::from(format!("clc rejected the kernel for Vulkan:\n{e}"))
                    })?;
                    let out = clc_runner::exec::run_isolated_vulkan(
                        run,
                        &b.dir.path().join("k.spv"),
                        &b.dir.path().join("k.json"),
                    )
                    .map_err(|e| Failed::from(format!("the Vulkan module failed to run: {e:#}")))?;
                    check_expected(run, &out).map_err(Failed::from)
                });
                trials.push(trial.with_ignored_flag(skip.is_some()));
            }
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
