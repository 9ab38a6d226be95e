//! The verdict on one launch: clc's outputs against the spec's `expect` and against the two
//! references ([`Oracle`]): clang-22's SPIR-V and the runtime's own OpenCL C compiler.
//!
//! * clc fails when its module does not compile or run, or when its outputs differ from
//!   `expect`. Values written in a spec are the language rules, so no reference overrules them.
//! * Outputs without `expect` (`output = true`) have no judge but the references. clc fails
//!   there only when it disagrees with every reference that ran and is not marked broken. When
//!   it agrees with one and not the other, the one that disagrees is named in a note, which
//!   does not fail the launch: either compiler may be the wrong one.
//! * A reference that does not compile, build or run, or differs from `expect`, fails the
//!   launch unless the spec marks it broken (`reference_broken` for clang-22, `driver_broken`
//!   for the driver's compiler). A marked reference must still go wrong (any of those, or
//!   disagreeing with clc where only the references judge): once it compiles, runs and agrees,
//!   the launch fails so the stale mark is removed. Its outputs never vouch for clc's.
//! * A mark never excuses clc: its outputs are still checked against `expect`, and outputs
//!   without `expect` need a reference without a mark to agree with them. When every
//!   reference asked for is marked broken, nothing can judge those outputs and the launch
//!   fails ([`Fault::ClcUnjudged`]); outputs that are the device's choice (`device_choice`,
//!   such as sub-group sizes) are exempt.
//! * A reference *confirms* a launch when its outputs equal clc's (each argument's `ulp`
//!   allowed) and match `expect`.

use anyhow::Result;

use crate::compare::{check_expected, check_same, check_same_unexpected};
use crate::exec::{BuildFailed, Outputs};
use crate::reference::CompileFailed;
use crate::spec::Run;

/// One of the references clc's outputs are compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Oracle {
    /// clang-22's SPIR-V (`--target=spirv64v1.0`), run on the runtime like clc's.
    Clang,
    /// The source built by the runtime's own compiler (clCreateProgramWithSource).
    Driver,
    /// clc's own OpenCL-target module run on the runtime: the reference of the Vulkan
    /// backend (`clc-run --vulkan`), for outputs without `expect`.
    OpenCl,
}

impl Oracle {
    /// The references of the OpenCL backend, in column order.
    pub const ALL: [Oracle; 2] = [Oracle::Clang, Oracle::Driver];

    /// Its column in result lines, and its name in comparisons.
    pub fn label(self) -> &'static str {
        match self {
            Oracle::Clang => "clang",
            Oracle::Driver => "driver",
            Oracle::OpenCl => "opencl",
        }
    }

    /// The spec key that marks it as known broken, if specs can.
    pub fn marker(self) -> Option<&'static str> {
        match self {
            Oracle::Clang => Some("reference_broken"),
            Oracle::Driver => Some("driver_broken"),
            Oracle::OpenCl => None,
        }
    }
}

/// What one reference gave for a launch.
pub struct RefRun<'a> {
    pub oracle: Oracle,
    /// Its outputs, or why there are none: a [`CompileFailed`] (no program), a [`BuildFailed`]
    /// (clBuildProgram refused the program) or any other error (the launch failed).
    pub result: &'a Result<Outputs>,
    /// The spec's mark for it (`reference_broken` / `driver_broken`): the reason.
    pub broken: Option<&'a str>,
}

/// What [`judge`] needs to know about the launch besides its outputs.
pub struct LaunchCx<'a> {
    pub spec_name: &'a str,
    pub run: &'a Run,
    /// `pending` of the spec (only seen when pending specs are run anyway).
    pub pending: Option<&'a str>,
}

/// Why a launch fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// clc's module did not compile or did not run.
    ClcDidNotRun,
    /// clc's outputs differ from `expect`.
    ClcVsExpect,
    /// clc's outputs without `expect` differ from every reference that judged them.
    ClcVsReferences,
    /// clc's outputs without `expect` were judged by nobody: every reference asked for is
    /// marked broken.
    ClcUnjudged,
    /// The reference failed or was wrong without a mark, or was right despite one.
    Reference(Oracle),
}

/// The verdict on one launch.
#[derive(Debug)]
pub struct Judgement {
    /// `PASS|FAIL <spec> <run>: <outputs> | expected: … | clang: … | driver: …`
    pub line: String,
    /// Explanations of faults, and notes, to print indented under the line.
    pub details: Vec<String>,
    /// Empty when the launch passes.
    pub faults: Vec<Fault>,
    /// The references that confirmed clc's outputs.
    pub confirmed: Vec<Oracle>,
}

impl Judgement {
    pub fn ok(&self) -> bool {
        self.faults.is_empty()
    }
}

/// `compile failed`, `build failed` or `run failed`, from the error's type.
pub fn failure_kind(e: &anyhow::Error) -> &'static str {
    if e.is::<CompileFailed>() {
        "compile failed"
    } else if e.is::<BuildFailed>() {
        "build failed"
    } else {
        "run failed"
    }
}

/// Indents every line of `s` by four spaces.
pub fn indent(s: &str) -> String {
    s.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
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

/// What was found out about one reference.
struct Seen<'a> {
    r: &'a RefRun<'a>,
    out: Option<&'a Outputs>,
    /// Its first problem (`compile failed`, `wrong results`, …), if any.
    problem: Option<&'static str>,
    /// Explanations of its problems.
    problems: Vec<String>,
    vs_expect: Option<Result<(), String>>,
    /// Against clc: all outputs (the column), and those without `expect` (the vote).
    vs_clc: Option<Result<(), String>>,
    vs_clc_free: Option<Result<(), String>>,
}

/// Judges one launch from clc's outputs (`None`: clc's module did not compile) and those of
/// the references that were asked for (see the module docs for the rules).
pub fn judge(cx: &LaunchCx, clc_out: Option<&Result<Outputs>>, refs: &[RefRun]) -> Judgement {
    let run = cx.run;
    let has_expect = run.args.iter().any(|a| a.expect.is_some()) || run.stdout.is_some();
    let has_free = run.args.iter().any(|a| a.is_output() && a.expect.is_none());
    let mut details = Vec::new();
    let mut faults = Vec::new();

    match clc_out {
        None => {
            faults.push(Fault::ClcDidNotRun);
            details.push("clc: no module (compile failed)".to_string());
        }
        Some(Err(e)) => {
            faults.push(Fault::ClcDidNotRun);
            details.push(format!("clc run failed: {e:#}"));
        }
        Some(Ok(_)) => {}
    }
    let clc_o = clc_out.and_then(|r| r.as_ref().ok());
    let clc_vs_expect = clc_o.filter(|_| has_expect).map(|o| check_expected(run, o));
    if let Some(Err(e)) = &clc_vs_expect {
        faults.push(Fault::ClcVsExpect);
        details.push(format!("clc vs expected:\n{}", indent(e)));
    }

    let mut seen: Vec<Seen> = refs
        .iter()
        .map(|r| {
            let label = r.oracle.label();
            let mut s = Seen {
                r,
                out: r.result.as_ref().ok(),
                problem: None,
                problems: Vec::new(),
                vs_expect: None,
                vs_clc: None,
                vs_clc_free: None,
            };
            if let Err(e) = r.result {
                let kind = failure_kind(e);
                s.problem = Some(kind);
                s.problems.push(format!("{label}: {kind}: {e:#}"));
            }
            if let Some(o) = s.out {
                s.vs_expect = has_expect.then(|| check_expected(run, o));
                if let Some(Err(e)) = &s.vs_expect {
                    s.problem = Some("wrong results");
                    s.problems
                        .push(format!("{label} vs expected:\n{}", indent(e)));
                }
                if let Some(c) = clc_o {
                    s.vs_clc = Some(check_same(run, c, o, label));
                    s.vs_clc_free = has_free.then(|| check_same_unexpected(run, c, o, label));
                }
            }
            s
        })
        .collect();

    // The vote on the outputs only the references judge.
    let trusted: Vec<&Seen> = seen
        .iter()
        .filter(|s| s.r.broken.is_none() && s.vs_clc_free.is_some())
        .collect();
    let disagreement = |s: &Seen| match &s.vs_clc_free {
        Some(Err(e)) => Some(e.clone()),
        _ => None,
    };
    let agreeing: Vec<&str> = trusted
        .iter()
        .filter(|s| disagreement(s).is_none())
        .map(|s| s.r.oracle.label())
        .collect();
    for s in &trusted {
        let Some(e) = disagreement(s) else { continue };
        let label = s.r.oracle.label();
        if agreeing.is_empty() {
            details.push(format!("clc vs {label}:\n{}", indent(&e)));
        } else {
            details.push(format!(
                "note: {label} disagrees with clc and {} (not counted against clc):\n{}",
                agreeing.join(" and "),
                indent(&e)
            ));
        }
    }
    if !trusted.is_empty() && agreeing.is_empty() {
        faults.push(Fault::ClcVsReferences);
    }
    let unjudged: Vec<&str> = run
        .args
        .iter()
        .filter(|a| a.is_output() && a.expect.is_none() && !a.device_choice)
        .map(|a| a.name.as_str())
        .collect();
    if clc_o.is_some()
        && !unjudged.is_empty()
        && !refs.is_empty()
        && refs.iter().all(|r| r.broken.is_some())
    {
        faults.push(Fault::ClcUnjudged);
        details.push(format!(
            "clc's {} without `expect` checked by no reference: every one is marked broken \
             (give them `expect`)",
            unjudged
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }

    for s in &mut seen {
        let (oracle, label) = (s.r.oracle, s.r.oracle.label());
        match s.r.broken {
            None => {
                if s.problem.is_some() {
                    faults.push(Fault::Reference(oracle));
                    details.append(&mut s.problems);
                }
            }
            Some(why) => {
                if let Some(e) = disagreement(s) {
                    s.problem.get_or_insert("disagrees with clc");
                    s.problems.push(format!("clc vs {label}:\n{}", indent(&e)));
                }
                details.extend(s.problems.iter().map(|d| format!("(known broken) {d}")));
                if s.problem.is_none() && judged(s, clc_o, has_free) {
                    faults.push(Fault::Reference(oracle));
                    details.push(format!(
                        "{label} now compiles, runs and agrees: remove `{} = \"{why}\"`",
                        oracle.marker().unwrap_or("its broken mark")
                    ));
                }
            }
        }
    }

    let confirmed = seen
        .iter()
        .filter(|s| {
            s.r.broken.is_none()
                && matches!(s.vs_clc, Some(Ok(())))
                && !matches!(s.vs_expect, Some(Err(_)))
        })
        .map(|s| s.r.oracle)
        .collect();

    let shown = match (clc_o, seen.iter().find_map(|s| s.out.map(|o| (s, o)))) {
        (Some(o), _) => format!("clc: {}", preview(o)),
        (None, Some((s, o))) => format!("{}: {}", s.r.oracle.label(), preview(o)),
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
        if faults.is_empty() { "PASS" } else { "FAIL" },
        cx.spec_name,
        run.label(),
        if has_expect {
            not_run(&clc_vs_expect)
        } else {
            "-"
        },
    );
    for s in &seen {
        let label = s.r.oracle.label();
        match s.r.broken {
            Some(reason) => {
                let actual = match s.problem {
                    Some(p) => format!("actually FAILED ({p})"),
                    None if judged(s, clc_o, has_free) => "actually OK".to_string(),
                    None => "actually ran (nothing to check)".to_string(),
                };
                line.push_str(&format!(" | {label}: KNOWN-BROKEN ({reason}); {actual}"));
            }
            None => {
                let column = if s.out.is_none() {
                    "NOT RUN"
                } else {
                    not_run(&s.vs_clc)
                };
                line.push_str(&format!(" | {label}: {column}"));
                if matches!(s.vs_expect, Some(Err(_))) {
                    line.push_str(&format!(" | {label} vs expected: MISMATCH"));
                }
            }
        }
    }
    Judgement {
        line,
        details,
        faults,
        confirmed,
    }
}

/// Whether everything a reference could be wrong about was checked: it ran, and clc's outputs
/// were there to compare with wherever `expect` does not say.
fn judged(s: &Seen, clc_o: Option<&Outputs>, has_free: bool) -> bool {
    s.out.is_some() && (clc_o.is_some() || !has_free)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{Arg, ArgKind};
    use crate::values::{ElemType, Values};

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
                device_choice: false,
            }],
            stdout: None,
            printf_buffer: None,
        }
    }

    fn outs(v: &[i32]) -> Result<Outputs> {
        Ok(Outputs {
            outputs: vec![("out".into(), Values::I32(v.to_vec()))],
            printed: None,
        })
    }

    fn cx(run: &Run) -> LaunchCx<'_> {
        LaunchCx {
            spec_name: "k.toml",
            run,
            pending: None,
        }
    }

    fn clang<'a>(result: &'a Result<Outputs>, broken: Option<&'a str>) -> RefRun<'a> {
        RefRun {
            oracle: Oracle::Clang,
            result,
            broken,
        }
    }

    fn driver<'a>(result: &'a Result<Outputs>, broken: Option<&'a str>) -> RefRun<'a> {
        RefRun {
            oracle: Oracle::Driver,
            result,
            broken,
        }
    }

    fn build_failed() -> Result<Outputs> {
        Err(BuildFailed("clBuildProgram failed: -11\nbuild log:\nerror: no CL3.0".into()).into())
    }

    #[test]
    fn all_good() {
        let r = run(Some(vec![1, 2]));
        let good = outs(&[1, 2]);
        let j = judge(
            &cx(&r),
            Some(&good),
            &[clang(&good, None), driver(&good, None)],
        );
        assert!(j.ok(), "{j:?}");
        assert_eq!(
            j.line,
            "PASS k.toml k[2]: clc: out = [1, 2] | expected: MATCH | clang: MATCH | driver: MATCH"
        );
        assert!(j.details.is_empty());
        assert_eq!(j.confirmed, [Oracle::Clang, Oracle::Driver]);
        // Without references there are no columns for them.
        let j = judge(&cx(&r), Some(&good), &[]);
        assert_eq!(
            j.line,
            "PASS k.toml k[2]: clc: out = [1, 2] | expected: MATCH"
        );
    }

    #[test]
    fn without_expect_clc_needs_one_reference_to_agree() {
        let r = run(None);
        let (a, b) = (outs(&[1, 2]), outs(&[1, 3]));

        // Agrees with clang, not with the driver: a note naming the driver, not a failure.
        let j = judge(&cx(&r), Some(&a), &[clang(&a, None), driver(&b, None)]);
        assert!(j.ok(), "{j:?}");
        assert!(
            j.line
                .ends_with("| expected: - | clang: MATCH | driver: MISMATCH"),
            "{}",
            j.line
        );
        assert_eq!(j.details.len(), 1, "{:?}", j.details);
        assert!(
            j.details[0].starts_with("note: driver disagrees with clc and clang")
                && j.details[0].contains("`out`[1]: clc 2, driver 3"),
            "{}",
            j.details[0]
        );
        assert_eq!(j.confirmed, [Oracle::Clang]);

        // The other way round.
        let j = judge(&cx(&r), Some(&a), &[clang(&b, None), driver(&a, None)]);
        assert!(j.ok(), "{j:?}");
        assert!(j.details[0].starts_with("note: clang disagrees with clc and driver"));
        assert_eq!(j.confirmed, [Oracle::Driver]);

        // Agrees with neither: clc's fault, both differences shown.
        let c = outs(&[0, 0]);
        let j = judge(&cx(&r), Some(&c), &[clang(&a, None), driver(&b, None)]);
        assert!(!j.ok());
        assert_eq!(j.faults, [Fault::ClcVsReferences]);
        assert!(j.line.starts_with("FAIL "), "{}", j.line);
        assert!(
            j.details[0].starts_with("clc vs clang:") && j.details[1].starts_with("clc vs driver:"),
            "{:?}",
            j.details
        );
        assert!(j.confirmed.is_empty());
    }

    #[test]
    fn without_expect_a_failed_reference_leaves_the_other_to_judge() {
        let r = run(None);
        let (a, b) = (outs(&[1, 2]), outs(&[1, 3]));
        let failed = build_failed();

        // Unmarked, the driver's failure fails the launch, but clc agrees with clang.
        let j = judge(&cx(&r), Some(&a), &[clang(&a, None), driver(&failed, None)]);
        assert_eq!(j.faults, [Fault::Reference(Oracle::Driver)]);
        assert!(
            j.line.ends_with("| clang: MATCH | driver: NOT RUN"),
            "{}",
            j.line
        );
        assert!(
            j.details[0].starts_with("driver: build failed: clBuildProgram failed"),
            "{:?}",
            j.details
        );

        // Marked, it passes; clc is judged by clang alone, and must agree with it.
        let j = judge(
            &cx(&r),
            Some(&a),
            &[clang(&a, None), driver(&failed, Some("no CL3.0"))],
        );
        assert!(j.ok(), "{j:?}");
        assert!(
            j.line
                .ends_with("| driver: KNOWN-BROKEN (no CL3.0); actually FAILED (build failed)"),
            "{}",
            j.line
        );
        let j = judge(
            &cx(&r),
            Some(&b),
            &[clang(&a, None), driver(&failed, Some("no CL3.0"))],
        );
        assert_eq!(j.faults, [Fault::ClcVsReferences]);

        // A reference marked broken has no vote: agreeing with it does not save clc.
        let j = judge(
            &cx(&r),
            Some(&a),
            &[clang(&a, Some("bug")), driver(&b, None)],
        );
        assert!(j.faults.contains(&Fault::ClcVsReferences), "{j:?}");
        assert!(j.faults.contains(&Fault::Reference(Oracle::Clang)), "{j:?}");
        assert!(
            j.line.contains("KNOWN-BROKEN (bug); actually OK"),
            "{}",
            j.line
        );
        // …and disagreeing with clc is how it shows it is still broken.
        let j = judge(
            &cx(&r),
            Some(&a),
            &[clang(&b, Some("bug")), driver(&a, None)],
        );
        assert!(j.ok(), "{j:?}");
        assert!(
            j.line
                .contains("KNOWN-BROKEN (bug); actually FAILED (disagrees with clc)"),
            "{}",
            j.line
        );
        assert_eq!(j.confirmed, [Oracle::Driver]);
    }

    #[test]
    fn a_reference_against_expect_fails_unless_known_broken() {
        let r = run(Some(vec![1, 2]));
        let (good, bad) = (outs(&[1, 2]), outs(&[1, 3]));
        let j = judge(
            &cx(&r),
            Some(&good),
            &[clang(&good, None), driver(&bad, None)],
        );
        assert_eq!(j.faults, [Fault::Reference(Oracle::Driver)]);
        assert!(
            j.line
                .ends_with("| clang: MATCH | driver: MISMATCH | driver vs expected: MISMATCH"),
            "{}",
            j.line
        );

        let j = judge(
            &cx(&r),
            Some(&good),
            &[clang(&bad, Some("bug 1")), driver(&good, None)],
        );
        assert!(j.ok(), "{j:?}");
        assert!(
            j.line
                .contains("| clang: KNOWN-BROKEN (bug 1); actually FAILED (wrong results) |"),
            "{}",
            j.line
        );
        assert!(
            j.details.iter().all(|d| d.starts_with("(known broken)")),
            "{:?}",
            j.details
        );
    }

    #[test]
    fn a_known_broken_reference_must_still_be_broken() {
        let r = run(Some(vec![1, 2]));
        let good = outs(&[1, 2]);
        let j = judge(
            &cx(&r),
            Some(&good),
            &[clang(&good, None), driver(&good, Some("old bug"))],
        );
        assert_eq!(j.faults, [Fault::Reference(Oracle::Driver)]);
        assert!(
            j.line
                .ends_with("| driver: KNOWN-BROKEN (old bug); actually OK"),
            "{}",
            j.line
        );
        assert!(
            j.details
                .iter()
                .any(|d| d.contains("remove `driver_broken = \"old bug\"`")),
            "{:?}",
            j.details
        );
        assert_eq!(
            j.confirmed,
            [Oracle::Clang],
            "a marked reference confirms nothing"
        );

        // Compile, build and run failures all count as still broken, and so does a failure of
        // clc's module: then nothing can be said about the reference.
        let no_module: Result<Outputs> = Err(CompileFailed("clang-22 crashed".into()).into());
        let crashed: Result<Outputs> = Err(anyhow::anyhow!("SIGSEGV"));
        for (result, kind) in [(&no_module, "compile failed"), (&crashed, "run failed")] {
            let j = judge(&cx(&r), Some(&good), &[clang(result, Some("bug 6"))]);
            assert!(j.ok(), "{j:?}");
            assert!(
                j.line.ends_with(&format!("actually FAILED ({kind})")),
                "{}",
                j.line
            );
            // Without the mark the same thing fails.
            let j = judge(&cx(&r), Some(&good), &[clang(result, None)]);
            assert_eq!(j.faults, [Fault::Reference(Oracle::Clang)]);
            assert!(j.line.ends_with("| clang: NOT RUN"), "{}", j.line);
        }
        let free = run(None);
        let j = judge(&cx(&free), None, &[clang(&good, Some("bug"))]);
        assert_eq!(j.faults, [Fault::ClcDidNotRun]);
        assert!(
            j.line
                .ends_with("KNOWN-BROKEN (bug); actually ran (nothing to check)"),
            "{}",
            j.line
        );
    }

    #[test]
    fn a_broken_reference_does_not_excuse_a_wrong_clc_result() {
        let r = run(Some(vec![1, 2]));
        let (wrong, good) = (outs(&[1, 3]), outs(&[1, 2]));
        // clang is marked broken and computes what clc computes: clc is still wrong.
        for clang_out in [&wrong, &good] {
            let j = judge(
                &cx(&r),
                Some(&wrong),
                &[clang(clang_out, Some("bug")), driver(&good, None)],
            );
            assert!(!j.ok(), "{j:?}");
            assert!(j.faults.contains(&Fault::ClcVsExpect), "{j:?}");
            assert!(j.line.starts_with("FAIL "), "{}", j.line);
        }
        // Both references marked broken, clc wrong: still a failure.
        let j = judge(
            &cx(&r),
            Some(&wrong),
            &[clang(&wrong, Some("bug")), driver(&wrong, Some("bug 2"))],
        );
        assert_eq!(j.faults, [Fault::ClcVsExpect], "{j:?}");

        // Without `expect`, the unmarked reference decides, and clc disagreeing fails, even
        // where the marked one agrees with clc.
        let free = run(None);
        let j = judge(
            &cx(&free),
            Some(&wrong),
            &[clang(&wrong, Some("bug")), driver(&good, None)],
        );
        assert!(j.faults.contains(&Fault::ClcVsReferences), "{j:?}");
        // With every reference marked broken nothing can vouch for clc: a failure, whatever
        // clc computed.
        for clc in [&wrong, &good] {
            let j = judge(
                &cx(&free),
                Some(clc),
                &[clang(&good, Some("bug")), driver(&good, Some("bug 2"))],
            );
            assert!(j.faults.contains(&Fault::ClcUnjudged), "{j:?}");
            assert!(
                j.details
                    .iter()
                    .any(|d| d.contains("`out` without `expect` checked by no reference")),
                "{:?}",
                j.details
            );
        }
        // A device's choice (sub-group sizes) is exempt.
        let mut choice = run(None);
        choice.args[0].device_choice = true;
        let j = judge(
            &cx(&choice),
            Some(&wrong),
            &[clang(&good, Some("bug")), driver(&good, Some("bug 2"))],
        );
        assert!(!j.faults.contains(&Fault::ClcUnjudged), "{j:?}");
    }

    #[test]
    fn references_do_not_excuse_clc_against_expect() {
        let r = run(Some(vec![1, 2]));
        let (wrong, good) = (outs(&[0, 2]), outs(&[1, 2]));
        // Both references compute what clc computes, but `expect` says otherwise.
        let j = judge(
            &cx(&r),
            Some(&wrong),
            &[clang(&wrong, None), driver(&wrong, None)],
        );
        assert!(j.faults.contains(&Fault::ClcVsExpect), "{j:?}");
        assert!(j.line.contains("expected: MISMATCH"), "{}", j.line);
        assert!(j.confirmed.is_empty());
        let j = judge(&cx(&r), None, &[clang(&good, None)]);
        assert_eq!(j.faults, [Fault::ClcDidNotRun]);
        assert!(
            j.line
                .contains("clang: out = [1, 2] | expected: NOT RUN | clang: NOT RUN"),
            "{}",
            j.line
        );
    }

    #[test]
    fn expect_and_free_outputs_in_one_run() {
        let mut r = run(Some(vec![1, 2]));
        r.args.push(Arg {
            name: "aux".into(),
            ty: ElemType::Int,
            kind: ArgKind::Buffer {
                init: Values::I32(vec![0]),
            },
            expect: None,
            ulp: 0,
            output: true,
            device_choice: false,
        });
        let two = |out: &[i32], aux: i32| -> Result<Outputs> {
            Ok(Outputs {
                outputs: vec![
                    ("out".into(), Values::I32(out.to_vec())),
                    ("aux".into(), Values::I32(vec![aux])),
                ],
                printed: None,
            })
        };
        let (clc, same, other_aux) = (two(&[1, 2], 7), two(&[1, 2], 7), two(&[1, 2], 8));
        // `out` is judged by `expect`; `aux` only by the vote, which clang wins.
        let j = judge(
            &cx(&r),
            Some(&clc),
            &[clang(&same, None), driver(&other_aux, None)],
        );
        assert!(j.ok(), "{j:?}");
        assert!(
            j.details[0].starts_with("note: driver disagrees"),
            "{:?}",
            j.details
        );
        let j = judge(
            &cx(&r),
            Some(&clc),
            &[clang(&other_aux, None), driver(&other_aux, None)],
        );
        assert_eq!(j.faults, [Fault::ClcVsReferences]);
    }

    #[test]
    fn pending_label() {
        let r = run(Some(vec![1, 2]));
        let mut c = cx(&r);
        c.pending = Some("switch, goto");
        let good = outs(&[1, 2]);
        let j = judge(&c, Some(&good), &[clang(&good, None)]);
        assert!(
            j.line
                .starts_with("PASS k.toml k[2] (pending: switch, goto): "),
            "{}",
            j.line
        );
    }
}
