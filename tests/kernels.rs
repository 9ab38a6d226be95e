//! Runs every sample kernel in `kernels/` on a real OpenCL driver (Intel's CPU runtime,
//! through clCreateProgramWithIL) and checks it twice:
//!
//! * `run::…`  — clc's SPIR-V computes the values written in the kernel's `.toml`;
//! * `diff::…` — clang-22's own SPIR-V (`--target=spirv64v1.0`), run on the same driver
//!   with the same inputs, computes the same values as clc's.
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
    let mut o = clc::Options::default();
    o.cl_std = clc::options::parse_cl_std(&spec.cl_std)?;
    o.cl_std_spelling = spec.cl_std.clone();
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
        Err(clc::Error::Input { diagnostics, sources }) => {
            return Err(format!("clc rejected the kernel:\n{}", clc::render::human_all(&diagnostics, &sources)))
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
        let rel = spec.path.strip_prefix(&root).unwrap_or(&spec.path).with_extension("");
        let rel = rel.display().to_string();
        for (i, run) in spec.runs.iter().enumerate() {
            let name = format!("{rel}::{}", run.label());
            let (s1, s2) = (spec.clone(), spec.clone());
            trials.push(Trial::test(format!("run::{name}"), move || {
                let run = &s1.runs[i];
                let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
                let spv = compile_clc(&s1, dir.path())?;
                let out = run_one(run, &spv, "clc")?;
                check_expected(run, &out).map_err(Failed::from)
            }));
            trials.push(Trial::test(format!("diff::{name}"), move || {
                let run = &s2.runs[i];
                let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
                let ours = compile_clc(&s2, dir.path())?;
                let reference = dir.path().join("clang.spv");
                clc_runner::reference::clang_compile(&s2, &reference)
                    .map_err(|e| Failed::from(format!("clang-22 failed: {e:#}")))?;
                let a = run_one(run, &ours, "clc")?;
                let b = run_one(run, &reference, "clang-22")?;
                check_same(run, &a, &b).map_err(|e| Failed::from(format!("clc and clang-22 disagree: {e}")))
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
