//! Runs every sample kernel in `kernels/` on a real OpenCL driver (Intel's CPU runtime,
//! through clCreateProgramWithIL) and checks it twice:
//!
//! * `run::…`  — clc's SPIR-V computes the values written in the kernel's `.toml`;
//! * `diff::…` — clang-22's own SPIR-V (`--target=spirv64v1.0`), run on the same driver
//!   with the same inputs, computes the same values as clc's. Where the `.toml` says
//!   `reference_broken = "why"` (a known clang-22 bug), clang's module must still disagree
//!   or fail, so a fixed clang is noticed.
//!
//! Kernels whose `.toml` says `pending = "features"` need compiler features that are not
//! implemented yet: they are listed as ignored, with the features in the test name.
//!
//! Each launch runs in a child process (a crashing kernel cannot take the harness down),
//! which is why this test has its own `main`. Needs `scripts/setup.sh` to have installed
//! the driver and clang-22.

use clc_runner::compare::{check_expected, check_same};
use clc_runner::exec::{child_main_if_requested, run_isolated};
use clc_runner::spec::{discover, Run, SpecFile};
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
        } else {
            return Err(format!("option '{opt}' is not understood by this harness"));
        }
    }
    Ok(o)
}

/// Compiles a spec's source with clc into `dir`.
fn compile_clc(spec: &SpecFile, dir: &Path) -> Result<PathBuf, String> {
    let opts = clc_options(spec)?;
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
        let pending = spec
            .pending
            .as_ref()
            .map(|p| format!(" (pending: {p})"))
            .unwrap_or_default();
        for (i, run) in spec.runs.iter().enumerate() {
            let name = format!("{rel}::{}{pending}", run.label());
            let (s1, s2) = (spec.clone(), spec.clone());
            let run_trial = Trial::test(format!("run::{name}"), move || {
                let run = &s1.runs[i];
                let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
                let spv = compile_clc(&s1, dir.path())?;
                let out = run_one(run, &spv, "clc")?;
                check_expected(run, &out).map_err(Failed::from)
            });
            let diff_trial = Trial::test(format!("diff::{name}"), move || {
                let run = &s2.runs[i];
                let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
                let ours = compile_clc(&s2, dir.path())?;
                let a = run_one(run, &ours, "clc")?;
                let reference = dir.path().join("clang.spv");
                let b = clc_runner::reference::clang_compile(&s2, &reference)
                    .map_err(|e| format!("clang-22 failed: {e:#}"))
                    .and_then(|()| run_isolated(run, &reference).map_err(|e| format!("{e:#}")));
                let same = b
                    .as_ref()
                    .map_err(Clone::clone)
                    .and_then(|b| check_same(run, &a, b));
                match (&s2.reference_broken, same) {
                    (None, Ok(())) => Ok(()),
                    (None, Err(e)) => Err(Failed::from(format!("clc and clang-22 disagree: {e}"))),
                    // A known clang-22 bug: its module must still be wrong, or the note is stale.
                    (Some(_), Err(_)) => Ok(()),
                    (Some(why), Ok(())) => Err(Failed::from(format!(
                        "clang-22's module now agrees with clc: remove `reference_broken = \"{why}\"`"
                    ))),
                }
            });
            let ignored = spec.pending.is_some();
            trials.push(run_trial.with_ignored_flag(ignored));
            trials.push(diff_trial.with_ignored_flag(ignored));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
