//! `clc-run --clc <clc-binary> [--no-reference] [--include-pending] [--keep-spv DIR] [PATH...]`
//!
//! For each spec (PATH = spec files or directories searched recursively; default `kernels/`):
//! compiles the `.cl` with `<clc> -cl-std=<std> <options> <source> -o <tmp>.spv`, runs every
//! `[[run]]` on the Intel CPU runtime in a child process and checks `expect`; unless
//! `--no-reference`, does the same with clang-22's SPIR-V and compares clc's outputs with it.
//! Prints one line per run and finally `N passed, M failed` (`, K skipped` when some runs were
//! skipped); exits 1 if anything failed.
//!
//! * A spec with `pending = "..."` needs compiler features clc lacks: each of its runs prints
//!   `SKIP <spec> <run> (pending: ...)` and counts as skipped, unless `--include-pending`.
//! * A spec with `reference_broken = "reason"` still compiles and runs clang-22's module, but
//!   the line says `clang: KNOWN-BROKEN (reason)` followed by what actually happened, and no
//!   reference failure (compile, run, mismatch with `expect` or with clc) fails the run.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Context, Result};
use clc_runner::compare::{check_expected, check_same};
use clc_runner::exec::{child_main_if_requested, run_isolated, Outputs};
use clc_runner::reference::clang_compile;
use clc_runner::spec::{discover, Run, SpecFile, KNOWN_FEATURES};

struct Options {
    clc: PathBuf,
    reference: bool,
    include_pending: bool,
    keep: Option<PathBuf>,
    paths: Vec<PathBuf>,
}

const USAGE: &str =
    "usage: clc-run --clc <path-to-clc> [--no-reference] [--include-pending] [--keep-spv DIR] [PATH...]\n\
  PATH: spec files (.toml) or directories (searched recursively); default kernels/\n\
  --no-reference  skip clang-22 (no reference compile/run/comparison)\n\
  --include-pending  also run specs marked `pending` (otherwise they are skipped)\n\
  --keep-spv DIR  keep the compiled modules as DIR/<group>_<name>.{clc,ref}.spv";

fn parse_args() -> Result<Options> {
    let mut clc = None;
    let mut reference = true;
    let mut include_pending = false;
    let mut keep = None;
    let mut paths = Vec::new();
    let mut it = std::env::args_os().skip(1);
    while let Some(a) = it.next() {
        match a.to_str() {
            Some("--clc") => clc = Some(PathBuf::from(it.next().context("--clc needs a value")?)),
            Some("--no-reference") => reference = false,
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
        reference,
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

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    skipped: usize,
}

impl Tally {
    /// The final line: `N passed, M failed`, plus `, K skipped` when K > 0.
    fn summary(&self) -> String {
        let mut s = format!("{} passed, {} failed", self.passed, self.failed);
        if self.skipped > 0 {
            s.push_str(&format!(", {} skipped", self.skipped));
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

fn indent(s: &str) -> String {
    s.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
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
    let ref_ok = opts.reference
        && match clang_compile(spec, &ref_spv) {
            Ok(()) => true,
            Err(e) => {
                println!(
                    "{} {name}: reference compile failed:\n{}",
                    if spec.reference_broken.is_some() {
                        "NOTE (reference known broken)"
                    } else {
                        "FAIL"
                    },
                    indent(&format!("{e:#}"))
                );
                false
            }
        };
    for run in &spec.runs {
        let clc_out = clc_ok.then(|| run_isolated(run, &clc_spv));
        let ref_out = ref_ok.then(|| run_isolated(run, &ref_spv));
        let j = judge(
            &LaunchCx {
                spec_name: &name,
                run,
                reference: opts.reference,
                reference_broken: spec.reference_broken.as_deref(),
                pending: spec.pending.as_deref(),
            },
            clc_out.as_ref(),
            ref_out.as_ref(),
        );
        println!("{}", j.line);
        for d in &j.details {
            println!("{}", indent(d));
        }
        if j.ok {
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

/// What [`judge`] needs to know about the launch besides its outputs.
struct LaunchCx<'a> {
    spec_name: &'a str,
    run: &'a Run,
    /// Whether the reference was asked for (no `--no-reference`).
    reference: bool,
    /// `reference_broken` of the spec.
    reference_broken: Option<&'a str>,
    /// `pending` of the spec (only seen with `--include-pending`).
    pending: Option<&'a str>,
}

/// The verdict on one launch: its summary line, indented details, pass/fail.
#[derive(Debug)]
struct Judgement {
    ok: bool,
    line: String,
    details: Vec<String>,
}

/// Judges one launch from clc's outputs (`None`: clc's module did not compile) and the
/// reference's (`None`: not asked for, or clang failed to compile).
fn judge(
    cx: &LaunchCx,
    clc_out: Option<&Result<Outputs>>,
    ref_out: Option<&Result<Outputs>>,
) -> Judgement {
    let run = cx.run;
    let broken = cx.reference_broken;
    let has_expect = run.args.iter().any(|a| a.expect.is_some());
    let mut details = Vec::new();
    let mut ok = true;
    // Reference problems fail the run unless the reference is known to be broken; either way
    // they are remembered for the "actually" part of a KNOWN-BROKEN verdict.
    let mut ref_problem: Option<&'static str> = None;
    let mut ref_fail =
        |what: &'static str, detail: String, details: &mut Vec<String>, ok: &mut bool| {
            ref_problem.get_or_insert(what);
            if broken.is_some() {
                details.push(format!("(known broken) {detail}"));
            } else {
                *ok = false;
                details.push(detail);
            }
        };

    if clc_out.is_none() {
        ok = false;
        details.push("clc: no module (compile failed)".to_string());
    }
    if cx.reference && ref_out.is_none() {
        ref_fail(
            "compile failed",
            "reference: no module (compile failed)".to_string(),
            &mut details,
            &mut ok,
        );
    }
    if let Some(Err(e)) = clc_out {
        ok = false;
        details.push(format!("clc run failed: {e:#}"));
    }
    if let Some(Err(e)) = ref_out {
        ref_fail(
            "run failed",
            format!("reference run failed: {e:#}"),
            &mut details,
            &mut ok,
        );
    }
    let clc_o = clc_out.and_then(|r| r.as_ref().ok());
    let ref_o = ref_out.and_then(|r| r.as_ref().ok());

    let clc_vs_expect = clc_o.filter(|_| has_expect).map(|o| check_expected(run, o));
    let ref_vs_expect = ref_o.filter(|_| has_expect).map(|o| check_expected(run, o));
    let clc_vs_ref = match (clc_o, ref_o) {
        (Some(a), Some(b)) => Some(check_same(run, a, b)),
        _ => None,
    };
    if let Some(Err(e)) = &clc_vs_expect {
        ok = false;
        details.push(format!("clc vs expected:\n{}", indent(e)));
    }
    if let Some(Err(e)) = &ref_vs_expect {
        ref_fail(
            "wrong results",
            format!("clang vs expected:\n{}", indent(e)),
            &mut details,
            &mut ok,
        );
    }
    if let Some(Err(e)) = &clc_vs_ref {
        let detail = format!("clc vs clang:\n{}", indent(e));
        if broken.is_some() {
            // Without `expect` a disagreement may be clang's fault; with it, clang vs expected
            // already said whether clang was wrong.
            if !has_expect {
                ref_problem.get_or_insert("disagrees with clc");
            }
            details.push(format!("(known broken) {detail}"));
        } else {
            ok = false;
            details.push(detail);
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
    let pending = cx
        .pending
        .map(|p| format!(" (pending: {p})"))
        .unwrap_or_default();
    let mut line = format!(
        "{} {} {}{pending}: {shown} | expected: {}",
        if ok { "PASS" } else { "FAIL" },
        cx.spec_name,
        run.label(),
        if has_expect {
            not_run(&clc_vs_expect)
        } else {
            "-"
        },
    );
    if cx.reference {
        match broken {
            Some(reason) => {
                let actual = match ref_problem {
                    Some(p) => format!("actually FAILED ({p})"),
                    None if has_expect || clc_o.is_some() => "actually OK".to_string(),
                    None => "actually ran (nothing to check)".to_string(),
                };
                line.push_str(&format!(" | clang: KNOWN-BROKEN ({reason}); {actual}"));
            }
            None => {
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
        }
    }
    Judgement { ok, line, details }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clc_runner::spec::{Arg, ArgKind};
    use clc_runner::values::{ElemType, Values};

    fn run(expect: Option<Vec<i32>>) -> Run {
        Run {
            kernel: "k".into(),
            global: vec![2],
            local: None,
            offset: None,
            args: vec![Arg {
                name: "out".into(),
                ty: ElemType::Int,
                kind: ArgKind::Buffer {
                    init: Values::I32(vec![0, 0]),
                },
                expect: expect.map(Values::I32),
                ulp: 0,
                output: true,
            }],
        }
    }

    fn outs(v: &[i32]) -> Result<Outputs> {
        Ok(Outputs {
            outputs: vec![("out".into(), Values::I32(v.to_vec()))],
        })
    }

    fn cx<'a>(run: &'a Run, broken: Option<&'a str>) -> LaunchCx<'a> {
        LaunchCx {
            spec_name: "k.toml",
            run,
            reference: true,
            reference_broken: broken,
            pending: None,
        }
    }

    #[test]
    fn all_good() {
        let r = run(Some(vec![1, 2]));
        let j = judge(&cx(&r, None), Some(&outs(&[1, 2])), Some(&outs(&[1, 2])));
        assert!(j.ok, "{j:?}");
        assert_eq!(
            j.line,
            "PASS k.toml k[2]: clc: out = [1, 2] | expected: MATCH | clang: MATCH"
        );
        assert!(j.details.is_empty());
    }

    #[test]
    fn reference_mismatch_fails_unless_known_broken() {
        let r = run(Some(vec![1, 2]));
        let (good, bad) = (outs(&[1, 2]), outs(&[1, 3]));
        let j = judge(&cx(&r, None), Some(&good), Some(&bad));
        assert!(!j.ok);
        assert!(
            j.line
                .ends_with("| clang: MISMATCH | clang vs expected: MISMATCH"),
            "{}",
            j.line
        );

        let j = judge(&cx(&r, Some("bug 1")), Some(&good), Some(&bad));
        assert!(j.ok, "{j:?}");
        assert!(
            j.line
                .ends_with("| clang: KNOWN-BROKEN (bug 1); actually FAILED (wrong results)"),
            "{}",
            j.line
        );
        assert!(
            j.details.iter().all(|d| d.starts_with("(known broken)")),
            "{:?}",
            j.details
        );

        // The known-broken reference may also turn out fine.
        let j = judge(&cx(&r, Some("bug 1")), Some(&good), Some(&good));
        assert!(
            j.ok && j.line.ends_with("KNOWN-BROKEN (bug 1); actually OK"),
            "{}",
            j.line
        );
    }

    #[test]
    fn known_broken_reference_compile_and_run_failures() {
        let r = run(Some(vec![1, 2]));
        let good = outs(&[1, 2]);
        let j = judge(&cx(&r, Some("bug 6")), Some(&good), None);
        assert!(j.ok, "{j:?}");
        assert!(
            j.line.ends_with("actually FAILED (compile failed)"),
            "{}",
            j.line
        );
        let crashed: Result<Outputs> = Err(anyhow::anyhow!("SIGSEGV"));
        let j = judge(&cx(&r, Some("bug 6")), Some(&good), Some(&crashed));
        assert!(
            j.ok && j.line.ends_with("actually FAILED (run failed)"),
            "{}",
            j.line
        );
        // Without the marker the same thing fails.
        let j = judge(&cx(&r, None), Some(&good), Some(&crashed));
        assert!(!j.ok && j.line.ends_with("| clang: NOT RUN"), "{}", j.line);
    }

    #[test]
    fn known_broken_does_not_excuse_clc() {
        let r = run(Some(vec![1, 2]));
        let j = judge(
            &cx(&r, Some("bug")),
            Some(&outs(&[0, 2])),
            Some(&outs(&[1, 2])),
        );
        assert!(!j.ok);
        assert!(j.line.starts_with("FAIL") && j.line.contains("expected: MISMATCH"));
        assert!(j.line.ends_with("actually OK"), "{}", j.line);
        let j = judge(&cx(&r, Some("bug")), None, Some(&outs(&[1, 2])));
        assert!(!j.ok && j.line.contains("expected: NOT RUN"), "{}", j.line);
    }

    #[test]
    fn known_broken_without_expect_reports_disagreement() {
        let r = run(None);
        let j = judge(
            &cx(&r, Some("bug")),
            Some(&outs(&[1, 2])),
            Some(&outs(&[1, 3])),
        );
        assert!(j.ok, "{j:?}");
        assert!(
            j.line.ends_with("actually FAILED (disagrees with clc)"),
            "{}",
            j.line
        );
    }

    #[test]
    fn pending_label_and_summary() {
        let r = run(Some(vec![1, 2]));
        let mut c = cx(&r, None);
        c.pending = Some("switch, goto");
        let j = judge(&c, Some(&outs(&[1, 2])), Some(&outs(&[1, 2])));
        assert!(
            j.line
                .starts_with("PASS k.toml k[2] (pending: switch, goto): "),
            "{}",
            j.line
        );
        let mut t = Tally {
            passed: 3,
            failed: 1,
            skipped: 0,
        };
        assert_eq!(t.summary(), "3 passed, 1 failed");
        t.skipped = 2;
        assert_eq!(t.summary(), "3 passed, 1 failed, 2 skipped");
    }
}
