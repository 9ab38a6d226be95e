//! `clc-run --clc <clc-binary> [--vulkan] [--no-reference | --no-clang | --no-driver]
//! [--include-pending] [--keep-spv DIR] [--dump DIR] [PATH...]`
//!
//! For each spec (PATH = spec files or directories searched recursively; default `kernels/`):
//! compiles the `.cl` with `<clc> -cl-std=<std> <options> <source> -o <tmp>.spv`, runs every
//! `[[run]]` on the Intel CPU runtime in a child process and checks `expect`. Each run is also
//! done by two references, each in its own child process with the same inputs: clang-22's
//! SPIR-V, and the source built by the runtime's own compiler (clCreateProgramWithSource +
//! clBuildProgram with `-cl-std=<std> <options> -I<source dir>`), and clc's outputs are
//! compared with theirs. [`clc_runner::verdict`] has the rules. Prints one line per run, with
//! the details of failures and notes indented under it, and finally
//! `N passed, M failed[, K skipped]; clang confirmed A, driver confirmed B` (how many runs each
//! reference confirmed); exits 1 if anything failed.
//!
//! The line's columns: `expected:` clc's outputs against the `.toml`'s `expect` (`-` where it
//! has none); `clang:` and `driver:` whether that reference's outputs equal clc's (`MATCH`,
//! `MISMATCH`; `NOT RUN` when either produced none), followed by `| clang vs expected: MISMATCH`
//! when the reference differs from `expect`.
//!
//! * A spec with `pending = "..."` needs compiler features clc lacks: each of its runs prints
//!   `SKIP <spec> <run> (pending: ...)` and counts as skipped, unless `--include-pending`.
//! * A spec with `requires = [...]` naming an extension the OpenCL device lacks prints
//!   `SKIP <spec> <run> (requires <ext>: the OpenCL device lacks it)`; with `--vulkan`, a
//!   device without the matching feature (`shaderFloat16` for `cl_khr_fp16`) skips it the same
//!   way.
//! * A spec with `reference_broken = "reason"` (clang-22) or `driver_broken = "reason"` (the
//!   runtime's compiler) still runs that reference, but its column says
//!   `KNOWN-BROKEN (reason)` followed by what actually happened; its failures do not fail the
//!   run, and it turning out right does.
//!
//! `--vulkan` runs the same specs on Vulkan instead ([`clc_runner::vulkan`]): each `.cl` is
//! compiled with `<clc> --target=vulkan1.2 ... -o <tmp>.vk.spv --reflect=<tmp>.vk.json` and
//! every run goes through `vkhost` in a child process (device: `$CLC_VK_DEVICE`, else the
//! first discrete GPU, else the first device). There is no clang-22 or driver reference: clc's
//! outputs are checked against `expect`, and outputs without `expect` against clc's own
//! OpenCL-target module on the Intel CPU runtime (column `opencl:`; not run with
//! `--no-reference` or without the runtime). A run with image or sampler arguments, or whose
//! source calls Intel's sub-group functions, or that clc rejects with an `unsupported:`
//! error for Vulkan, prints `SKIP <spec> <run> (vulkan: <reason>)` and counts as skipped.
//! What a Vulkan run's printf calls printed is shown under its line (`printf| ` before each
//! line); a run's `stdout = [...]` checks it, and on the OpenCL target what the runtime
//! printed, as a multiset of lines.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{anyhow, bail, Context, Result};
use clc_runner::exec::{
    child_main_if_requested, device_extensions, ocl_prefix, run_isolated, run_isolated_vulkan,
    Outputs,
};
use clc_runner::reference::{clang_compile, run_driver, CompileFailed};
use clc_runner::spec::{discover, Run, SpecFile, KNOWN_FEATURES};
use clc_runner::verdict::{indent, judge, Judgement, LaunchCx, Oracle, RefRun};
use clc_runner::vulkan;

struct Options {
    clc: PathBuf,
    /// Run on Vulkan instead of OpenCL.
    vulkan: bool,
    /// `--no-reference`: in Vulkan mode, no OpenCL-target reference either.
    no_reference: bool,
    /// The references to run, in column order.
    oracles: Vec<Oracle>,
    include_pending: bool,
    keep: Option<PathBuf>,
    /// `--vk-modules DIR`: run the Vulkan modules kept there by `--keep-spv` instead of
    /// compiling (for a machine without libclang, such as the GPU machine).
    vk_modules: Option<PathBuf>,
    /// `--dump DIR`: every launch's outputs, as JSON, for comparing devices after the fact.
    dump: Option<PathBuf>,
    paths: Vec<PathBuf>,
}

const USAGE: &str =
    "usage: clc-run --clc <path-to-clc> [--vulkan] [--no-reference | --no-clang | --no-driver] [--include-pending] [--keep-spv DIR] [--dump DIR] [PATH...]\n\
  PATH: spec files (.toml) or directories (searched recursively); default kernels/\n\
  --vulkan        compile with --target=vulkan1.2 and run on Vulkan (vkhost; $CLC_VK_DEVICE picks the device)\n\
  --no-reference  run neither reference (clang-22, the runtime's own compiler; with --vulkan: clc's OpenCL target)\n\
  --no-clang      skip clang-22's SPIR-V (no compile/run/comparison)\n\
  --no-driver     skip building the source with the runtime's own compiler\n\
  --include-pending  also run specs marked `pending` (otherwise they are skipped)\n\
  --keep-spv DIR  keep the compiled modules as DIR/<group>_<name>.{clc,ref}.spv (--vulkan: .vk.spv, .vk.json, .clc.spv)\n\
  --vk-modules DIR  with --vulkan: run the modules a --keep-spv run left in DIR instead of compiling (--clc not needed)\n\
  --dump DIR      write each launch's outputs as DIR/<group>_<name>.<run>.<clc|vk|clang|driver|opencl>.json";

fn parse_args() -> Result<Options> {
    let mut clc = None;
    let mut vulkan = false;
    let mut no_reference = false;
    let mut oracles = Oracle::ALL.to_vec();
    let mut include_pending = false;
    let mut keep = None;
    let mut vk_modules = None;
    let mut dump = None;
    let mut paths = Vec::new();
    let mut it = std::env::args_os().skip(1);
    while let Some(a) = it.next() {
        match a.to_str() {
            Some("--clc") => clc = Some(PathBuf::from(it.next().context("--clc needs a value")?)),
            Some("--vulkan") => vulkan = true,
            Some("--no-reference") => {
                no_reference = true;
                oracles.clear()
            }
            Some("--no-clang") => oracles.retain(|o| *o != Oracle::Clang),
            Some("--no-driver") => oracles.retain(|o| *o != Oracle::Driver),
            Some("--include-pending") => include_pending = true,
            Some("--keep-spv") => {
                keep = Some(PathBuf::from(
                    it.next().context("--keep-spv needs a value")?,
                ))
            }
            Some("--dump") => {
                dump = Some(PathBuf::from(it.next().context("--dump needs a value")?))
            }
            Some("--vk-modules") => {
                vk_modules = Some(PathBuf::from(
                    it.next().context("--vk-modules needs a value")?,
                ))
            }
            Some("-h" | "--help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Some(s) if s.starts_with("--clc=") => clc = Some(PathBuf::from(&s[6..])),
            Some(s) if s.starts_with('-') => bail!("unknown option {s}\n{USAGE}"),
            _ => paths.push(PathBuf::from(a)),
        }
    }
    let clc = match (clc, &vk_modules) {
        (Some(c), _) => c,
        (None, Some(_)) => PathBuf::from("clc"),
        (None, None) => bail!("--clc is required\n{USAGE}"),
    };
    if paths.is_empty() {
        paths.push(PathBuf::from("kernels"));
    }
    if vulkan {
        // Vulkan's one reference is clc's own OpenCL target, where the runtime is there.
        oracles = if no_reference || !ocl_prefix().join("lib/libintelocl.so").exists() {
            Vec::new()
        } else {
            vec![Oracle::OpenCl]
        };
    }
    Ok(Options {
        clc,
        vulkan,
        no_reference,
        oracles,
        include_pending,
        keep,
        vk_modules,
        dump,
        paths,
    })
}

fn main() -> ExitCode {
    child_main_if_requested();
    match real_main() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("clc-run: {e:#}");
            ExitCode::from(2)
        }
    }
}

struct Tally {
    passed: usize,
    failed: usize,
    skipped: usize,
    /// Per reference that was asked for: the runs it confirmed.
    confirmed: Vec<(Oracle, usize)>,
}

impl Tally {
    fn new(oracles: &[Oracle]) -> Tally {
        Tally {
            passed: 0,
            failed: 0,
            skipped: 0,
            confirmed: oracles.iter().map(|&o| (o, 0)).collect(),
        }
    }

    /// The final line: `N passed, M failed`, plus `, K skipped` when K > 0, plus
    /// `; clang confirmed A, driver confirmed B` for the references that ran.
    fn summary(&self) -> String {
        let mut s = format!("{} passed, {} failed", self.passed, self.failed);
        if self.skipped > 0 {
            s.push_str(&format!(", {} skipped", self.skipped));
        }
        let confirmed: Vec<String> = self
            .confirmed
            .iter()
            .map(|(o, n)| format!("{} confirmed {n}", o.label()))
            .collect();
        if !confirmed.is_empty() {
            s.push_str(&format!("; {}", confirmed.join(", ")));
        }
        s
    }
}

fn real_main() -> Result<bool> {
    let opts = parse_args()?;
    let tmp = tempfile::Builder::new().prefix("clc-run").tempdir()?;
    let out_dir = match &opts.keep {
        Some(d) => {
            std::fs::create_dir_all(d)?;
            d.clone()
        }
        None => tmp.path().to_path_buf(),
    };
    let mut tally = Tally::new(&opts.oracles);
    if opts.vulkan && !opts.no_reference && opts.oracles.is_empty() {
        println!(
            "note: no Intel CPU runtime under {}: on Vulkan, outputs without `expect` are not checked",
            ocl_prefix().display()
        );
    }
    for p in &opts.paths {
        let specs: Vec<Result<SpecFile>> = if p.is_dir() {
            match discover(p) {
                Ok(v) => v.into_iter().map(Ok).collect(),
                Err(e) => vec![Err(e)],
            }
        } else {
            vec![SpecFile::load(p)]
        };
        for spec in specs {
            match spec {
                Ok(spec) if opts.vulkan => run_spec_vulkan(&opts, &spec, &out_dir, &mut tally),
                Ok(spec) => run_spec(&opts, &spec, &out_dir, &mut tally),
                Err(e) => {
                    println!("FAIL {}: {e:#}", p.display());
                    tally.failed += 1;
                }
            }
        }
    }
    println!("{}", tally.summary());
    Ok(tally.failed == 0)
}

/// `--dump`: writes what launch `index` of `spec` gave `who` (a run that did not happen, or
/// failed, writes nothing).
fn dump_outputs(
    opts: &Options,
    spec: &SpecFile,
    index: usize,
    who: &str,
    out: Option<&Result<Outputs>>,
) {
    let (Some(dir), Some(Ok(outputs))) = (&opts.dump, out) else {
        return;
    };
    let path = dir.join(format!("{}.{index}.{who}.json", module_stem(spec)));
    let written = std::fs::create_dir_all(dir)
        .map_err(anyhow::Error::from)
        .and_then(|()| Ok(serde_json::to_vec(outputs)?))
        .and_then(|bytes| Ok(std::fs::write(&path, bytes)?));
    if let Err(e) = written {
        println!("note: could not write {}: {e:#}", path.display());
    }
}

/// `kernels/basic/vector_add.toml` → `basic_vector_add`, for temp file names.
fn module_stem(spec: &SpecFile) -> String {
    let parent = spec
        .path
        .parent()
        .and_then(|p| p.file_name())
        .map(|s| s.to_string_lossy().into_owned());
    let stem = spec
        .path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match parent {
        Some(p) => format!("{p}_{stem}"),
        None => stem,
    }
}

fn clc_compile(clc: &Path, spec: &SpecFile, out: &Path) -> Result<()> {
    let o = Command::new(clc)
        .arg(format!("-cl-std={}", spec.cl_std))
        .args(&spec.options)
        .arg(&spec.source)
        .arg("-o")
        .arg(out)
        .output()
        .with_context(|| format!("running {}", clc.display()))?;
    if !o.status.success() {
        bail!(
            "{} exited with {}:\n{}",
            clc.display(),
            o.status,
            String::from_utf8_lossy(&o.stderr).trim_end()
        );
    }
    if !out.exists() {
        bail!("{} succeeded but wrote no {}", clc.display(), out.display());
    }
    Ok(())
}

/// Prints the SKIP lines of a pending spec and returns true, unless pending specs are run.
fn skip_pending(opts: &Options, spec: &SpecFile, name: &str, tally: &mut Tally) -> bool {
    let Some(p) = &spec.pending else {
        return false;
    };
    if !opts.include_pending {
        for run in &spec.runs {
            println!("SKIP {name} {} (pending: {p})", run.label());
            tally.skipped += 1;
        }
        return true;
    }
    for f in spec.pending_features() {
        if !KNOWN_FEATURES.contains(&f) {
            println!("WARN {name}: pending feature `{f}` is not one of the usual names");
        }
    }
    false
}

/// Prints a launch's verdict and counts it.
fn record(j: &Judgement, tally: &mut Tally) {
    println!("{}", j.line);
    for d in &j.details {
        println!("{}", indent(d));
    }
    for o in &j.confirmed {
        if let Some((_, n)) = tally.confirmed.iter_mut().find(|(x, _)| x == o) {
            *n += 1;
        }
    }
    if j.ok() {
        tally.passed += 1;
    } else {
        tally.failed += 1;
    }
}

/// The extension of `requires` the OpenCL device lacks, if any (none when the device cannot
/// be asked: the runs then fail, saying why).
fn missing_opencl_extension(spec: &SpecFile) -> Option<&str> {
    if spec.requires.is_empty() {
        return None;
    }
    let have = device_extensions().ok()?;
    spec.missing_extension(|e| have.iter().any(|h| h == e))
}

fn run_spec(opts: &Options, spec: &SpecFile, out_dir: &Path, tally: &mut Tally) {
    let name = spec.path.display().to_string();
    if skip_pending(opts, spec, &name, tally) {
        return;
    }
    if let Some(why) = &spec.opencl_skip {
        for run in &spec.runs {
            println!("SKIP {name} {} (opencl: {why})", run.label());
            tally.skipped += 1;
        }
        return;
    }
    if let Some(ext) = missing_opencl_extension(spec) {
        for run in &spec.runs {
            println!(
                "SKIP {name} {} (requires {ext}: the OpenCL device lacks it)",
                run.label()
            );
            tally.skipped += 1;
        }
        return;
    }
    let stem = module_stem(spec);
    let clc_spv = out_dir.join(format!("{stem}.clc.spv"));
    let ref_spv = out_dir.join(format!("{stem}.ref.spv"));

    let clc_ok = match clc_compile(&opts.clc, spec, &clc_spv) {
        Ok(()) => true,
        Err(e) => {
            println!(
                "FAIL {name}: clc failed to compile {}:\n{}",
                spec.source.display(),
                indent(&format!("{e:#}"))
            );
            false
        }
    };
    // clang-22 compiles once per spec; its failure is reported under each run.
    let clang_compiled = if opts.oracles.contains(&Oracle::Clang) {
        clang_compile(spec, &ref_spv).map_err(|e| format!("{e:#}"))
    } else {
        Err("clang-22 was not asked for".to_string())
    };
    for (index, run) in spec.runs.iter().enumerate() {
        // The launches are independent child processes: run them side by side.
        let (clc_out, results) = std::thread::scope(|s| {
            let clc = s.spawn(|| clc_ok.then(|| run_isolated(run, &clc_spv)));
            let refs: Vec<_> = opts
                .oracles
                .iter()
                .map(|&o| {
                    let clang_compiled = &clang_compiled;
                    let ref_spv = &ref_spv;
                    s.spawn(move || match o {
                        Oracle::Clang => match clang_compiled {
                            Ok(()) => run_isolated(run, ref_spv),
                            Err(e) => Err(CompileFailed(e.clone()).into()),
                        },
                        Oracle::Driver => run_driver(run, spec),
                        Oracle::OpenCl => {
                            Err(anyhow!("the OpenCL backend has no opencl reference"))
                        }
                    })
                })
                .collect();
            (
                clc.join().unwrap_or_else(|_| Some(Err(panicked()))),
                refs.into_iter()
                    .map(|h| h.join().unwrap_or_else(|_| Err(panicked())))
                    .collect::<Vec<Result<Outputs>>>(),
            )
        });
        dump_outputs(opts, spec, index, "clc", clc_out.as_ref());
        for (oracle, result) in opts.oracles.iter().zip(&results) {
            dump_outputs(opts, spec, index, oracle.label(), Some(result));
        }
        let refs: Vec<RefRun> = opts
            .oracles
            .iter()
            .zip(&results)
            .map(|(&oracle, result)| RefRun {
                oracle,
                result,
                broken: match oracle {
                    Oracle::Clang => spec.reference_broken.as_deref(),
                    Oracle::Driver => spec.driver_broken.as_deref(),
                    Oracle::OpenCl => None,
                },
            })
            .collect();
        let j = judge(
            &LaunchCx {
                spec_name: &name,
                run,
                pending: spec.pending.as_deref(),
            },
            clc_out.as_ref(),
            &refs,
        );
        record(&j, tally);
    }
}

/// The error of a launch whose thread panicked (the panic message is on stderr).
fn panicked() -> anyhow::Error {
    anyhow!("the thread running the launch panicked")
}

/// Shows what a run printed, under its line (at most 40 lines).
fn show_printed(text: &str) {
    const MAX: usize = 40;
    for line in text.lines().take(MAX) {
        println!("    printf| {line}");
    }
    let n = text.lines().count();
    if n > MAX {
        println!("    printf| ... {} more lines", n - MAX);
    }
}

/// Whether `run` reads back outputs that have no `expect`.
fn has_unexpected_outputs(run: &Run) -> bool {
    run.args.iter().any(|a| a.is_output() && a.expect.is_none())
}

/// `--vulkan`: one spec on Vulkan (see the module docs).
fn run_spec_vulkan(opts: &Options, spec: &SpecFile, out_dir: &Path, tally: &mut Tally) {
    let name = spec.path.display().to_string();
    if skip_pending(opts, spec, &name, tally) {
        return;
    }
    let device = vulkan::device_info();
    let runs: Vec<&Run> = spec
        .runs
        .iter()
        .filter(|run| match vulkan::skip_reason(spec, run, &device) {
            Some(why) => {
                println!("SKIP {name} {} (vulkan: {why})", run.label());
                tally.skipped += 1;
                false
            }
            None => true,
        })
        .collect();
    if runs.is_empty() {
        if (spec.lavapipe_skip.is_some()
            || spec.nvidia_skip.is_some()
            || spec.float_denormals.is_some())
            && opts.keep.is_some()
            && opts.vk_modules.is_none()
        {
            // Kept for another device (`--vk-modules` on a GPU) that can run it.
            let stem = module_stem(spec);
            let (spv, json) = (
                out_dir.join(format!("{stem}.vk.spv")),
                out_dir.join(format!("{stem}.vk.json")),
            );
            if let Err(e) = vulkan::compile(&opts.clc, spec, &spv, &json) {
                println!("FAIL {name}: clc failed to compile it for Vulkan: {e:#}");
                tally.failed += 1;
            }
        }
        return;
    }
    let stem = module_stem(spec);
    let dir = opts.vk_modules.as_deref().unwrap_or(out_dir);
    let spv = dir.join(format!("{stem}.vk.spv"));
    let json = dir.join(format!("{stem}.vk.json"));
    // Why clc rejected it, kept next to the modules for a `--vk-modules` run elsewhere.
    let why = dir.join(format!("{stem}.vk.unsupported"));
    let compiled = match &opts.vk_modules {
        Some(_) if spv.exists() && json.exists() => Ok(()),
        Some(d) => Err(
            vulkan::Unsupported(std::fs::read_to_string(&why).unwrap_or_else(|_| {
                format!(
                    "no prebuilt module in {} (clc did not compile it for Vulkan)",
                    d.display()
                )
            }))
            .into(),
        ),
        None => vulkan::compile(&opts.clc, spec, &spv, &json),
    };
    if let (Err(e), Some(_), None) = (&compiled, &opts.keep, &opts.vk_modules) {
        if let Some(u) = e.downcast_ref::<vulkan::Unsupported>() {
            let _ = std::fs::write(&why, u.to_string());
        }
    }
    if let Err(e) = &compiled {
        if let Some(u) = e.downcast_ref::<vulkan::Unsupported>() {
            for run in &runs {
                println!("SKIP {name} {} (vulkan: {u})", run.label());
                tally.skipped += 1;
            }
            return;
        }
        println!(
            "FAIL {name}: clc failed to compile {} for Vulkan:\n{}",
            spec.source.display(),
            indent(&format!("{e:#}"))
        );
    }
    // The reference, clc's OpenCL-target module, compiled once if some run needs it.
    let with_ref = opts.oracles.contains(&Oracle::OpenCl);
    let cl_spv = out_dir.join(format!("{stem}.clc.spv"));
    let cl_compiled = if with_ref && runs.iter().any(|r| has_unexpected_outputs(r)) {
        clc_compile(&opts.clc, spec, &cl_spv).map_err(|e| format!("{e:#}"))
    } else {
        Err("not needed".to_string())
    };
    for run in runs {
        // Its place in the spec (skipped runs included), which names its dumps.
        let index = spec
            .runs
            .iter()
            .position(|r| std::ptr::eq(r, run))
            .unwrap_or_default();
        // Outputs that are the device's choice are not compared across targets.
        let mut cross = run.clone();
        for a in &mut cross.args {
            if a.device_choice {
                a.output = false;
            }
        }
        let run = &cross;
        // A reference on an OpenCL device without a required extension cannot run.
        let needs_ref =
            with_ref && has_unexpected_outputs(run) && missing_opencl_extension(spec).is_none();
        let (vk_out, ref_out) = std::thread::scope(|s| {
            let vk = s.spawn(|| {
                compiled
                    .is_ok()
                    .then(|| run_isolated_vulkan(run, &spv, &json))
            });
            let reference = needs_ref.then(|| {
                s.spawn(|| match &cl_compiled {
                    Ok(()) => run_isolated(run, &cl_spv),
                    Err(e) => Err(CompileFailed(e.clone()).into()),
                })
            });
            (
                vk.join().unwrap_or_else(|_| Some(Err(panicked()))),
                reference.map(|h| h.join().unwrap_or_else(|_| Err(panicked()))),
            )
        });
        dump_outputs(opts, spec, index, "vk", vk_out.as_ref());
        dump_outputs(opts, spec, index, "opencl", ref_out.as_ref());
        let refs: Vec<RefRun> = ref_out
            .iter()
            .map(|result| RefRun {
                oracle: Oracle::OpenCl,
                result,
                broken: None,
            })
            .collect();
        let j = judge(
            &LaunchCx {
                spec_name: &name,
                run,
                pending: spec.pending.as_deref(),
            },
            vk_out.as_ref(),
            &refs,
        );
        record(&j, tally);
        if let Some(Ok(Outputs {
            printed: Some(text),
            ..
        })) = &vk_out
        {
            show_printed(text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_counts_skips_and_confirmations() {
        let mut t = Tally::new(&[]);
        (t.passed, t.failed) = (3, 1);
        assert_eq!(t.summary(), "3 passed, 1 failed");
        t.skipped = 2;
        assert_eq!(t.summary(), "3 passed, 1 failed, 2 skipped");
        let mut t = Tally::new(&Oracle::ALL);
        t.passed = 4;
        t.confirmed[0].1 = 4;
        t.confirmed[1].1 = 3;
        assert_eq!(
            t.summary(),
            "4 passed, 0 failed; clang confirmed 4, driver confirmed 3"
        );
    }
}
