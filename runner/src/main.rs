//! `clc-run --clc <clc-binary> [--no-reference] [--keep-spv DIR] [PATH...]`
//!
//! For each spec (PATH = spec files or directories searched recursively; default `kernels/`):
//! compiles the `.cl` with `<clc> -cl-std=<std> <options> <source> -o <tmp>.spv`, runs every
//! `[[run]]` on the Intel CPU runtime in a child process and checks `expect`; unless
//! `--no-reference`, does the same with clang-22's SPIR-V and compares clc's outputs with it.
//! Prints one line per run and finally `N passed, M failed`; exits 1 if anything failed.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Context, Result};
use clc_runner::compare::{check_expected, check_same};
use clc_runner::exec::{child_main_if_requested, run_isolated, Outputs};
use clc_runner::reference::clang_compile;
use clc_runner::spec::{discover, Run, SpecFile};

struct Options {
    clc: PathBuf,
    reference: bool,
    keep: Option<PathBuf>,
    paths: Vec<PathBuf>,
}

const USAGE: &str =
    "usage: clc-run --clc <path-to-clc> [--no-reference] [--keep-spv DIR] [PATH...]\n\
  PATH: spec files (.toml) or directories (searched recursively); default kernels/\n\
  --no-reference  skip clang-22 (no reference compile/run/comparison)\n\
  --keep-spv DIR  keep the compiled modules as DIR/<group>_<name>.{clc,ref}.spv";

fn parse_args() -> Result<Options> {
    let mut clc = None;
    let mut reference = true;
    let mut keep = None;
    let mut paths = Vec::new();
    let mut it = std::env::args_os().skip(1);
    while let Some(a) = it.next() {
        match a.to_str() {
            Some("--clc") => clc = Some(PathBuf::from(it.next().context("--clc needs a value")?)),
            Some("--no-reference") => reference = false,
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
        reference,
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

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
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
    let mut tally = Tally::default();
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
    println!("{} passed, {} failed", tally.passed, tally.failed);
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

fn indent(s: &str) -> String {
    s.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn run_spec(opts: &Options, spec: &SpecFile, out_dir: &Path, tally: &mut Tally) {
    let name = spec.path.display().to_string();
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
    let ref_ok = opts.reference
        && match clang_compile(spec, &ref_spv) {
            Ok(()) => true,
            Err(e) => {
                println!(
                    "FAIL {name}: reference compile failed:\n{}",
                    indent(&format!("{e:#}"))
                );
                false
            }
        };
    for run in &spec.runs {
        let ok = run_one(
            opts,
            &name,
            run,
            clc_ok.then_some(&clc_spv),
            ref_ok.then_some(&ref_spv),
        );
        if ok {
            tally.passed += 1;
        } else {
            tally.failed += 1;
        }
    }
}

fn preview(out: &Outputs) -> String {
    if out.outputs.is_empty() {
        return "(no outputs)".into();
    }
    out.outputs
        .iter()
        .map(|(n, v)| format!("{n} = {v}"))
        .collect::<Vec<_>>()
        .join("; ")
}

fn verdict(r: &Option<Result<(), String>>) -> &'static str {
    match r {
        None => "-",
        Some(Ok(())) => "MATCH",
        Some(Err(_)) => "MISMATCH",
    }
}

/// Runs one launch with clc's module (if it compiled) and the reference module (if any).
fn run_one(
    opts: &Options,
    spec_name: &str,
    run: &Run,
    clc: Option<&PathBuf>,
    reference: Option<&PathBuf>,
) -> bool {
    let has_expect = run.args.iter().any(|a| a.expect.is_some());
    let mut details = Vec::new();
    let mut ok = true;

    let clc_out = clc.map(|p| run_isolated(run, p));
    let ref_out = reference.map(|p| run_isolated(run, p));
    if clc.is_none() {
        ok = false;
        details.push("clc: no module (compile failed)".to_string());
    }
    if opts.reference && reference.is_none() {
        ok = false;
        details.push("reference: no module (compile failed)".to_string());
    }
    if let Some(Err(e)) = &clc_out {
        ok = false;
        details.push(format!("clc run failed: {e:#}"));
    }
    if let Some(Err(e)) = &ref_out {
        ok = false;
        details.push(format!("reference run failed: {e:#}"));
    }
    let clc_o = clc_out.as_ref().and_then(|r| r.as_ref().ok());
    let ref_o = ref_out.as_ref().and_then(|r| r.as_ref().ok());

    let clc_vs_expect = clc_o.filter(|_| has_expect).map(|o| check_expected(run, o));
    let ref_vs_expect = ref_o.filter(|_| has_expect).map(|o| check_expected(run, o));
    let clc_vs_ref = match (clc_o, ref_o) {
        (Some(a), Some(b)) => Some(check_same(run, a, b)),
        _ => None,
    };
    for (label, r) in [
        ("clc vs expected", &clc_vs_expect),
        ("clang vs expected", &ref_vs_expect),
        ("clc vs clang", &clc_vs_ref),
    ] {
        if let Some(Err(e)) = r {
            ok = false;
            details.push(format!("{label}:\n{}", indent(e)));
        }
    }

    let shown = match (clc_o, ref_o) {
        (Some(o), _) => format!("clc: {}", preview(o)),
        (None, Some(o)) => format!("clang: {}", preview(o)),
        (None, None) => "(did not run)".to_string(),
    };
    // "-": nothing to compare against; "NOT RUN": clc's module did not produce outputs.
    let not_run = |r: &Option<Result<(), String>>| {
        if clc_o.is_none() {
            "NOT RUN"
        } else {
            verdict(r)
        }
    };
    let mut line = format!(
        "{} {spec_name} {}: {shown} | expected: {}",
        if ok { "PASS" } else { "FAIL" },
        run.label(),
        if has_expect {
            not_run(&clc_vs_expect)
        } else {
            "-"
        },
    );
    if opts.reference {
        line.push_str(&format!(
            " | clang: {}",
            if ref_o.is_none() {
                "NOT RUN"
            } else {
                not_run(&clc_vs_ref)
            }
        ));
        if matches!(ref_vs_expect, Some(Err(_))) {
            line.push_str(" | clang vs expected: MISMATCH");
        }
    }
    println!("{line}");
    for d in details {
        println!("{}", indent(&d));
    }
    ok
}
