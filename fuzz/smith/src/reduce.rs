//! Reduction of a finding to a small kernel, and saving it as a regression spec.
//!
//! The reducer deletes statements of the generated source: a unit is one line, or a line
//! ending in `{` with everything up to its matching `}` (a whole `if`/`else`, loop, `switch`,
//! helper function). It tries chunks of consecutive units, largest first, then single units,
//! until nothing more can go. A candidate is kept only when it still shows the finding *and*
//! stays well-defined: both references must build and run it, and agree with each other
//! wherever they are the judges (so a deletion that made the program undefined is caught by
//! their disagreement). Lines ending in [`KEEP`] (barriers, the `__local` protocol, loop
//! counters) are never deleted.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use anyhow::{bail, Context as _, Result};

use crate::diff::{check, Config, Outcome, Tool, Verdict};
use crate::exec::Results;
use crate::gen::{inputs, Kernel, ACC, CIN, KEEP, LREGION};

/// Whether the outcomes still show a finding of `kind` (a [`Verdict::kind`]), with the
/// references agreeing where they judge.
fn still_shows(kind: &str, o: &HashMap<Tool, Outcome>, status: &str) -> bool {
    let ran = |t| match o.get(&t) {
        Some(Outcome::Ran(r)) => Some(r),
        _ => None,
    };
    let (clc, clang, driver) = (ran(Tool::Clc), ran(Tool::Clang), ran(Tool::Driver));
    let refs_agree = matches!((clang, driver), (Some(a), Some(b)) if a == b);
    match kind {
        // Where clang-22's module cannot run (its crashes, or builtins the runtime lacks), the
        // driver alone judges: weaker, so the reduced kernel is checked by hand.
        "clc-mismatch" => {
            clc.is_some() && driver.is_some() && clc != driver && (clang.is_none() || refs_agree)
        }
        "clc-crash" | "clc-rejects" => {
            matches!(o.get(&Tool::Clc), Some(Outcome::CompileFailed { status: s, .. }) if s == status)
                && refs_agree
        }
        "clc-run-failed" => {
            matches!(
                o.get(&Tool::Clc),
                Some(Outcome::RunFailed(_) | Outcome::BuildFailed(_))
            ) && refs_agree
        }
        "vulkan-mismatch" => {
            refs_agree
                && clc == driver
                && !matches!(o.get(&Tool::Vulkan), Some(Outcome::Ran(v)) if Some(v) == clc)
        }
        "driver-odd" => clc.is_some() && clc == clang && driver.is_some() && driver != clc,
        "clang-odd" => clc.is_some() && clc == driver && clang.is_some() && clang != clc,
        _ => false,
    }
}

/// The deletable units of `lines`: (first, last) line indices.
fn units(lines: &[String]) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim();
        // A helper's `return` stays: without it the helper's value is undefined, and a
        // kernel reduced that way shows a "mismatch" of no one's making (seed 200106).
        if t.is_empty()
            || t.starts_with('}')
            || l.ends_with(KEEP)
            || t.starts_with("kernel void")
            || t.starts_with("return")
        {
            continue;
        }
        if t.ends_with('{') {
            let mut depth = 0i32;
            for (j, m) in lines.iter().enumerate().skip(i) {
                depth += m.matches('{').count() as i32 - m.matches('}').count() as i32;
                if depth <= 0 {
                    v.push((i, j));
                    break;
                }
            }
        } else {
            v.push((i, i));
        }
    }
    v
}

/// The outermost units only (none inside another).
fn outermost(units: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut v: Vec<(usize, usize)> = Vec::new();
    for &(a, b) in units {
        if v.last().is_none_or(|&(_, e)| a > e) {
            v.push((a, b));
        }
    }
    v
}

/// Reduces `k`'s body while `test` holds; returns the smallest body found.
pub fn reduce_body(k: &Kernel, mut test: impl FnMut(&Kernel) -> bool) -> Kernel {
    let mut best = k.clone();
    let mut lines: Vec<String> = best.body.lines().map(String::from).collect();
    for chunk in [16usize, 4, 1] {
        let mut changed = true;
        while changed {
            changed = false;
            let us = if chunk == 1 {
                units(&lines)
            } else {
                outermost(&units(&lines))
            };
            let mut i = 0;
            while i < us.len() {
                let group = &us[i..(i + chunk).min(us.len())];
                let drop: Vec<(usize, usize)> = group.to_vec();
                let cand: Vec<String> = lines
                    .iter()
                    .enumerate()
                    .filter(|(n, _)| !drop.iter().any(|&(a, b)| (a..=b).contains(n)))
                    .map(|(_, l)| l.clone())
                    .collect();
                let kc = Kernel {
                    body: cand.join("\n") + "\n",
                    ..best.clone()
                };
                if test(&kc) {
                    lines = cand;
                    best = kc;
                    changed = true;
                    break;
                }
                i += chunk;
            }
        }
    }
    best
}

/// Reduces the finding `verdict` of `k` and, with `save` (a directory such as `kernels/fuzz`),
/// writes it there as `<kind>_<seed>.cl` and `.toml`, the expected values being the
/// references' (which agree). Returns what it did.
pub fn reduce_and_save(
    cfg: &Config,
    k: &Kernel,
    verdict: &Verdict,
    save: Option<&Path>,
) -> Result<String> {
    let kind = verdict.kind();
    let mut cfg = cfg.clone();
    cfg.vulkan = kind == "vulkan-mismatch";
    cfg.full_vote = true;
    cfg.run_timeout = Duration::from_secs(30);
    cfg.work = cfg.work.join("reduce");
    let first = check(&cfg, std::slice::from_ref(k))?;
    let outcomes = &first.first().context("no report")?.outcomes;
    let status = match outcomes.get(&Tool::Clc) {
        Some(Outcome::CompileFailed { status, .. }) => status.clone(),
        _ => String::new(),
    };
    if !still_shows(kind, outcomes, &status) {
        bail!(
            "{} does not show `{kind}` with agreeing references on its own",
            k.name
        );
    }
    let mut tries = 0;
    let small = reduce_body(k, |c| {
        tries += 1;
        check(&cfg, std::slice::from_ref(c))
            .ok()
            .and_then(|r| r.into_iter().next())
            .is_some_and(|r| still_shows(kind, &r.outcomes, &status))
    });
    let lines = small.body.lines().count();
    let report = check(&cfg, std::slice::from_ref(&small))?
        .into_iter()
        .next()
        .context("no report")?;
    let Some(save) = save else {
        let path = cfg.work.join(format!("{kind}_{}.cl", k.seed));
        std::fs::create_dir_all(&cfg.work)?;
        std::fs::write(&path, small.source())?;
        std::fs::write(
            path.with_extension("toml"),
            spec_toml(&small, None, &format!("reduced: {verdict:?}")),
        )?;
        return Ok(format!(
            "{lines} lines after {tries} tries: {}",
            path.display()
        ));
    };
    let expected = match (
        report.outcomes.get(&Tool::Driver),
        report.outcomes.get(&Tool::Clang),
    ) {
        (Some(Outcome::Ran(d)), _) if kind != "driver-odd" => d.clone(),
        (_, Some(Outcome::Ran(c))) => c.clone(),
        _ => bail!("no reference results to expect"),
    };
    let name = format!("{}_{}", kind.replace('-', "_"), k.seed);
    std::fs::create_dir_all(save)?;
    std::fs::write(save.join(format!("{name}.cl")), small.source())?;
    std::fs::write(
        save.join(format!("{name}.toml")),
        spec_toml(&small, Some(&expected), &format!("reduced: {verdict:?}")),
    )?;
    Ok(format!(
        "{lines} lines after {tries} tries: {}",
        save.join(format!("{name}.cl")).display()
    ))
}

fn list<T: std::fmt::Display>(v: &[T]) -> String {
    let items: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    let mut s = String::from("[");
    for (i, c) in items.chunks(8).enumerate() {
        if i > 0 {
            s.push(',');
        }
        s.push_str("\n  ");
        s.push_str(&c.join(", "));
    }
    s.push_str(",\n]");
    s
}

/// The regression spec of kernel `k` expecting `r` (format: `runner/src/spec.rs`); without
/// `r`, the buffers are marked `output = true` (for looking at a kernel with `clc-run`).
pub fn spec_toml(k: &Kernel, r: Option<&Results>, why: &str) -> String {
    let (g, acc, cin) = inputs(k);
    let mut s = String::new();
    let why: String = why.chars().filter(|c| *c != '\n').take(400).collect();
    let _ = writeln!(s, "# Found by clc-smith (seed {}): {why}", k.seed);
    let _ = writeln!(
        s,
        "# Expected values: clang-22's module and the runtime's own compiler, which agree."
    );
    let _ = writeln!(s, "cl_std = \"{}\"\n", k.std.flag());
    let _ = writeln!(
        s,
        "[[run]]\nkernel = \"{}\"\nglobal = [{}]\nlocal = [{}]\n",
        k.name, k.global, k.local
    );
    let (out, gx, ax) = match r {
        Some(r) => {
            let out: Vec<String> = r.out.iter().map(|x| format!("\"{x:#x}\"")).collect();
            (
                format!("expect = {}", list(&out)),
                format!("expect = {}", list(&r.g)),
                format!("expect = {}", list(&r.acc)),
            )
        }
        None => (
            "output = true".into(),
            "output = true".into(),
            "output = true".into(),
        ),
    };
    let _ = writeln!(
        s,
        "[[run.args]]\nname = \"out\"\nkind = \"buffer\"\ntype = \"ulong\"\nlen = {}\n{out}\n",
        k.global
    );
    let _ = writeln!(
        s,
        "[[run.args]]\nname = \"g\"\nkind = \"buffer\"\ntype = \"int\"\ndata = {}\n{gx}\n",
        list(&g)
    );
    let _ = writeln!(
        s,
        "[[run.args]]\nname = \"acc\"\nkind = \"buffer\"\ntype = \"uint\"\ndata = {}\n{ax}\n",
        list(&acc)
    );
    let _ = writeln!(
        s,
        "[[run.args]]\nname = \"cin\"\nkind = \"buffer\"\ntype = \"int\"\ndata = {}\n",
        list(&cin)
    );
    let _ = writeln!(
        s,
        "[[run.args]]\nname = \"larg\"\nkind = \"local\"\ntype = \"int\"\nlen = {}",
        k.local * LREGION
    );
    debug_assert_eq!((acc.len(), cin.len()), (ACC, CIN));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_follow_braces_and_keep_marks() {
        let src = "int a = 1;\nif (a) {\n  a = 2;\n} else {\n  a = 3;\n}\nbarrier(CLK_LOCAL_MEM_FENCE); //!keep\nb = 1;\n";
        let lines: Vec<String> = src.lines().map(String::from).collect();
        assert_eq!(units(&lines), vec![(0, 0), (1, 5), (2, 2), (4, 4), (7, 7)]);
        assert_eq!(outermost(&units(&lines)), vec![(0, 0), (1, 5), (7, 7)]);
    }

    #[test]
    fn reduces_to_what_the_test_needs() {
        let k = Kernel {
            seed: 1,
            std: crate::types::ClStd::Cl12,
            name: "k1".into(),
            global: 1,
            local: 1,
            body: "a;\nb;\nif (x) {\n  c;\n  needle;\n}\nd;\n".into(),
            doubles: false,
        };
        let r = reduce_body(&k, |c| c.body.contains("needle"));
        assert_eq!(r.body, "if (x) {\n  needle;\n}\n");
    }

    #[test]
    fn writes_a_spec_the_runner_reads() {
        let k = crate::gen::generate(5, &crate::gen::Options::default());
        let r = Results {
            out: vec![u64::MAX; k.global],
            g: vec![-1; k.global * crate::gen::SLICE],
            acc: vec![7; ACC],
        };
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x.cl"), k.source()).unwrap();
        let spec = clc_runner::SpecFile::parse(
            &dir.path().join("x.toml"),
            &spec_toml(&k, Some(&r), "why"),
        )
        .unwrap();
        assert_eq!(spec.runs.len(), 1);
        assert_eq!(spec.runs[0].kernel, k.name);
        assert_eq!(spec.runs[0].args.len(), 5);
    }
}
