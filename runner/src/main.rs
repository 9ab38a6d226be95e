//! `clc-run --clc <clc-binary> [--no-reference | --no-clang | --no-driver] [--include-pending]
//! [--keep-spv DIR] [PATH...]`
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
//! * A spec with `reference_broken = "reason"` (clang-22) or `driver_broken = "reason"` (the
//!   runtime's compiler) still runs that reference, but its column says
//!   `KNOWN-BROKEN (reason)` followed by what actually happened; its failures do not fail the
//!   run, and it turning out right does.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Context, Result};
use clc_runner::exec::{child_main_if_requested, run_isolated, Outputs};
use clc_runner::reference::{clang_compile, run_driver, CompileFailed};
use clc_runner::spec::{discover, SpecFile, KNOWN_FEATURES};
use clc_runner::verdict::{indent, judge, LaunchCx, Oracle, RefRun};

struct Options {
    clc: PathBuf,
    /// The references to run, in column order.
    oracles: Vec<Oracle>,
    include_pending: bool,
    keep: Option<PathBuf>,
    paths: Vec<PathBuf>,
}

const USAGE: &str =
    "usage: clc-run --clc <path-to-clc> [--no-reference | --no-clang | --no-driver] [--include-pending] [--keep-spv DIR] [PATH...]\n\
  PATH: spec files (.toml) or directories (searched recursively); default kernels/\n\
  --no-reference  run neither reference (clang-22, the runtime's own compiler)\n\
  --no-clang      skip clang-22's SPIR-V (no compile/run/comparison)\n\
  --no-driver     skip building the source with the runtime's own compiler\n\
  --include-pending  also run specs marked `pending` (otherwise they are skipped)\n\
  --keep-spv DIR  keep the compiled modules as DIR/<group>_<name>.{clc,ref}.spv";

fn parse_args() -> Result<Options> {
    let mut clc = None;
    let mut oracles = Oracle::ALL.to_vec();
    let mut include_pending = false;
    let mut keep = None;
    let mut paths = Vec::new();
    let mut it = std::env::args_os().skip(1);
    while let Some(a) = it.next() {
        match a.to_str() {
            Some("--clc") => clc = Some(PathBuf::from(it.next().context("--clc needs a value")?)),
            Some("--no-reference") => oracles.clear(),
            Some("--no-clang") => oracles.retain(|o| *o != Oracle::Clang),
            Some("--no-driver") => oracles.retain(|o| *o != Oracle::Driver),
            Some("--include-pending") => include_pending = true,
            Some("--keep-spv") => {
                keep = Some(PathBuf::from(
                    it.next().context("--keep-spv needs a value")?,
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
    let clc = clc.with_context(|| format!("--clc is required\n{USAGE}"))?;
    if paths.is_empty() {
        paths.push(PathBuf::from("kernels"));
    }
    Ok(Options {
        clc,
        oracles,
        include_pending,
        keep,
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

fn run_spec(opts: &Options, spec: &SpecFile, out_dir: &Path, tally: &mut Tally) {
    let name = spec.path.display().to_string();
    if let Some(p) = &spec.pending {
        if !opts.include_pending {
            for run in &spec.runs {
                println!("SKIP {name} {} (pending: {p})", run.label());
                tally.skipped += 1;
            }
            return;
        }
        for f in spec.pending_features() {
            if !KNOWN_FEATURES.contains(&f) {
                println!("WARN {name}: pending feature `{f}` is not one of the usual names");
            }
        }
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
    for run in &spec.runs {
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
                    })
                })
                .collect();
            let panicked = "a launch thread panicked";
            (
                clc.join().expect(panicked),
                refs.into_iter()
                    .map(|h| h.join().expect(panicked))
                    .collect::<Vec<Result<Outputs>>>(),
            )
        });
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
