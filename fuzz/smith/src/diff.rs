//! The differential runner: generated kernels, compiled by clc and by clang-22 and built from
//! source by the runtime, run on Intel's CPU OpenCL runtime (and clc's Vulkan module on
//! lavapipe), judged by majority.
//!
//! Kernels of one language version go into one `.cl` file per batch, so one clc run, one
//! clang-22 run and one child process per program cover the whole batch. When a batch fails
//! anywhere (a compiler exits non-zero, the runtime refuses a program, a child crashes or
//! times out), it is split in halves until each failure belongs to one kernel.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context as _, Result};
use serde::{Deserialize, Serialize};

use crate::exec::{run_batch, run_with_timeout, BatchResult, Launch, Program, Results};
use crate::gen::{program, Kernel};
use crate::types::ClStd;

/// What the runner needs to know.
#[derive(Clone, Debug)]
pub struct Config {
    /// The clc binary.
    pub clc: PathBuf,
    /// Options for every clc compilation, both targets (`-O2`: clc's own optimizer; without
    /// it clc runs at its default `-O0`, whatever `optimize_clc` says).
    pub clc_flags: Vec<String>,
    /// The reference clang (`clang-22`).
    pub clang: String,
    /// Also run clc's `--target=vulkan1.2` module through vkhost.
    pub vulkan: bool,
    /// Scratch directory for sources, modules and job files.
    pub work: PathBuf,
    pub compile_timeout: Duration,
    pub run_timeout: Duration,
    /// Run clang-22's module for every kernel, not only where clc and the driver disagree.
    pub full_vote: bool,
    /// Let the runtime optimize clc's module (else `-cl-opt-disable`, which builds it about
    /// three times faster; the campaign alternates). Not clc's own `-O`: see `clc_flags`.
    pub optimize_clc: bool,
    /// Let the runtime optimize when it builds the source (a reference: its optimizer adds
    /// nothing to the check, and costs three quarters of its time).
    pub driver_optimizes: bool,
}

impl Config {
    /// clc from `$CARGO_TARGET_DIR/debug` (or `~/.cache/clc-target`), clang-22, no Vulkan.
    pub fn from_env(work: &Path) -> Config {
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(std::env::var_os("HOME").unwrap_or_default())
                    .join(".cache/clc-target")
            });
        Config {
            clc: target.join("debug/clc"),
            clc_flags: Vec::new(),
            clang: clc_runner::reference::clang_binary(),
            vulkan: false,
            work: work.to_path_buf(),
            compile_timeout: Duration::from_secs(120),
            run_timeout: Duration::from_secs(120),
            full_vote: false,
            optimize_clc: true,
            driver_optimizes: false,
        }
    }

    /// Checks that clc, clang and the runtime are there: a missing tool is an error, never
    /// a silently smaller comparison.
    pub fn check_tools(&self) -> Result<()> {
        anyhow::ensure!(
            self.clc.is_file(),
            "clc not found at {} (build it first)",
            self.clc.display()
        );
        let o = Command::new(&self.clang)
            .arg("--version")
            .output()
            .with_context(|| format!("running {} (the reference compiler)", self.clang))?;
        anyhow::ensure!(o.status.success(), "{} --version failed", self.clang);
        let lib = clc_runner::exec::ocl_prefix().join("lib/libintelocl.so");
        anyhow::ensure!(
            lib.is_file(),
            "the Intel CPU OpenCL runtime is missing ({})",
            lib.display()
        );
        Ok(())
    }
}

/// The tools whose results are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Tool {
    /// clc's SPIR-V on the runtime.
    Clc,
    /// clang-22's SPIR-V on the runtime.
    Clang,
    /// The runtime building the source itself.
    Driver,
    /// clc's Vulkan module on vkhost.
    Vulkan,
}

/// What one tool made of one kernel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Ran(Results),
    /// The compiler failed: `crash` for a signal or exit 70, else a rejection or timeout.
    CompileFailed {
        crash: bool,
        status: String,
        message: String,
    },
    /// The runtime (or vkhost) refused the program.
    BuildFailed(String),
    /// The launch failed, crashed, timed out or wrote past a buffer.
    RunFailed(String),
}

/// The verdict on one kernel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// Everything that ran agrees.
    Agree,
    /// clang-22 is the odd one out (wrong results, a crash or a rejection); clc and the
    /// driver agree.
    ClangOdd(String),
    /// The runtime's own compiler is the odd one out; clc and clang-22 agree.
    DriverOdd(String),
    /// clc's Vulkan target does not take this kernel (`unsupported:`); OpenCL agreed.
    VulkanUnsupported(String),
    /// clc crashed (signal, exit 70 — including a module that failed validation — or a timeout).
    ClcCrash(String),
    /// clc rejected a program a reference compiled.
    ClcRejects(String),
    /// clc's results differ from references that agree with each other, or from the only
    /// reference that ran.
    ClcMismatch(String),
    /// clc's module did not build or run on the runtime.
    ClcRunFailed(String),
    /// clc's Vulkan module gives other results than the OpenCL consensus, or fails.
    VulkanMismatch(String),
    /// The Vulkan results differ from the OpenCL consensus in a kernel that observes
    /// `to_global`/`to_local`/`to_private`: Intel's CPU runtime returns the pointer from every
    /// `to_*` (one flat address space; `kernels/memory/to_addrspace_null`), so all three
    /// OpenCL paths give non-NULL where OpenCL C says NULL, and the Vulkan module, which
    /// follows the specification, differs. Not counted against clc.
    VulkanToSpace(String),
    /// No two tools give an answer to compare (both references failed).
    Unjudged(String),
    /// clc and the driver disagree only when the runtime builds without optimizing (the
    /// first, fast round); with optimization all agree. Also: the Vulkan results differ from
    /// the second round's optimized OpenCL builds but equal a first-round result, so the
    /// runtime's optimizer is the odd one (seeds 600252 and 620590: it evaluates a float
    /// built-in in a branch as 0 for clc's module, clang-22's and its own compile alike).
    /// Listed for review.
    OptLevel(String),
}

impl Verdict {
    /// A finding against clc.
    pub fn is_clc_fault(&self) -> bool {
        matches!(
            self,
            Verdict::ClcCrash(_)
                | Verdict::ClcRejects(_)
                | Verdict::ClcMismatch(_)
                | Verdict::ClcRunFailed(_)
                | Verdict::VulkanMismatch(_)
        )
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Agree => "agree",
            Verdict::ClangOdd(_) => "clang-odd",
            Verdict::DriverOdd(_) => "driver-odd",
            Verdict::VulkanUnsupported(_) => "vulkan-unsupported",
            Verdict::ClcCrash(_) => "clc-crash",
            Verdict::ClcRejects(_) => "clc-rejects",
            Verdict::ClcMismatch(_) => "clc-mismatch",
            Verdict::ClcRunFailed(_) => "clc-run-failed",
            Verdict::VulkanMismatch(_) => "vulkan-mismatch",
            Verdict::VulkanToSpace(_) => "vulkan-to-space",
            Verdict::Unjudged(_) => "unjudged",
            Verdict::OptLevel(_) => "opt-level",
        }
    }
}

/// One kernel's result.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    pub seed: u64,
    pub std: ClStd,
    pub verdict: Verdict,
    pub outcomes: HashMap<Tool, Outcome>,
}

fn short(s: &str) -> String {
    let s = s.trim();
    let mut t: String = s.chars().take(300).collect();
    if t.len() < s.len() {
        t.push('…');
    }
    t
}

/// Judges one kernel from what each tool made of it.
pub fn judge(o: &HashMap<Tool, Outcome>) -> Verdict {
    let ran = |t| match o.get(&t) {
        Some(Outcome::Ran(r)) => Some(r),
        _ => None,
    };
    let why = |t| match o.get(&t) {
        Some(Outcome::Ran(_)) => "ran".to_string(),
        Some(Outcome::CompileFailed {
            status, message, ..
        }) => {
            format!("compile {status}: {}", short(message))
        }
        Some(Outcome::BuildFailed(m)) => format!("build failed: {}", short(m)),
        Some(Outcome::RunFailed(m)) => format!("run failed: {}", short(m)),
        None => "not run".to_string(),
    };
    let (clang, driver) = (ran(Tool::Clang), ran(Tool::Driver));
    let clc = match o.get(&Tool::Clc) {
        Some(Outcome::Ran(r)) => r,
        Some(Outcome::CompileFailed { crash: true, .. }) => {
            return Verdict::ClcCrash(why(Tool::Clc))
        }
        Some(Outcome::CompileFailed { status, .. }) if status == "timed out" => {
            return Verdict::ClcCrash(why(Tool::Clc))
        }
        Some(Outcome::CompileFailed { .. }) => {
            return if clang.is_some() || driver.is_some() {
                Verdict::ClcRejects(why(Tool::Clc))
            } else {
                Verdict::Unjudged(format!("no compiler takes it; clc: {}", why(Tool::Clc)))
            };
        }
        _ => return Verdict::ClcRunFailed(why(Tool::Clc)),
    };
    let opencl = match (clang, driver) {
        (Some(c), Some(d)) => match (c == clc, d == clc) {
            (true, true) => Verdict::Agree,
            (false, true) => Verdict::ClangOdd(format!(
                "clang-22's results differ from clc's and the driver's ({})",
                diff_summary(c, clc)
            )),
            (true, false) => Verdict::DriverOdd(format!(
                "the driver's results differ from clc's and clang-22's ({})",
                diff_summary(d, clc)
            )),
            (false, false) if c == d => Verdict::ClcMismatch(format!(
                "clang-22 and the driver agree, clc differs ({})",
                diff_summary(clc, c)
            )),
            (false, false) => {
                Verdict::ClcMismatch(format!("all three differ ({})", diff_summary(clc, d)))
            }
        },
        (Some(c), None) if c == clc => Verdict::DriverOdd(why(Tool::Driver)),
        // clang-22 runs only where clc and the driver disagree (see `check`).
        (None, Some(d)) if d == clc && !o.contains_key(&Tool::Clang) => Verdict::Agree,
        (None, Some(d)) if d == clc => Verdict::ClangOdd(why(Tool::Clang)),
        (Some(c), None) => Verdict::ClcMismatch(format!(
            "differs from clang-22 ({}); driver: {}",
            diff_summary(clc, c),
            why(Tool::Driver)
        )),
        (None, Some(d)) => Verdict::ClcMismatch(format!(
            "differs from the driver ({}); clang-22: {}",
            diff_summary(clc, d),
            why(Tool::Clang)
        )),
        (None, None) => Verdict::Unjudged(format!(
            "clang-22: {}; driver: {}",
            why(Tool::Clang),
            why(Tool::Driver)
        )),
    };
    if opencl.is_clc_fault() {
        return opencl;
    }
    match o.get(&Tool::Vulkan) {
        None => opencl,
        Some(Outcome::Ran(v)) if v == clc => opencl,
        Some(Outcome::Ran(v)) => Verdict::VulkanMismatch(format!(
            "Vulkan results differ from OpenCL ({})",
            diff_summary(v, clc)
        )),
        Some(Outcome::CompileFailed {
            crash: false,
            message,
            ..
        }) if message.contains("unsupported:") => {
            if opencl == Verdict::Agree {
                Verdict::VulkanUnsupported(short(
                    message
                        .lines()
                        .find(|l| l.contains("unsupported:"))
                        .unwrap_or(""),
                ))
            } else {
                opencl
            }
        }
        Some(_) => Verdict::VulkanMismatch(why(Tool::Vulkan)),
    }
}

/// Where two result sets first differ.
fn diff_summary(a: &Results, b: &Results) -> String {
    if let Some(i) = (0..a.out.len().min(b.out.len())).find(|&i| a.out[i] != b.out[i]) {
        return format!("out[{i}]: {:#x} vs {:#x}", a.out[i], b.out[i]);
    }
    if let Some(i) = (0..a.g.len().min(b.g.len())).find(|&i| a.g[i] != b.g[i]) {
        return format!("g[{i}]: {} vs {}", a.g[i], b.g[i]);
    }
    if let Some(i) = (0..a.acc.len().min(b.acc.len())).find(|&i| a.acc[i] != b.acc[i]) {
        return format!("acc[{i}]: {} vs {}", a.acc[i], b.acc[i]);
    }
    "lengths differ".into()
}

/// Compiles (or, for the driver, just writes) the program of `kernels` for `tool`.
fn prepare(
    cfg: &Config,
    tool: Tool,
    std: ClStd,
    kernels: &[&Kernel],
    dir: &Path,
) -> Result<Result<Program, Outcome>> {
    let first = kernels.first().map_or(0, |k| k.seed);
    let stem = format!("b{first}_{}_{}", kernels.len(), std.flag());
    let src = dir.join(format!("{stem}.cl"));
    if !src.exists() {
        std::fs::write(&src, program(kernels.iter().copied()))?;
    }
    let std_flag = format!("-cl-std={}", std.flag());
    let (cmd, program) = match tool {
        Tool::Driver => {
            // The runtime (2021.2) knows no -cl-std=CL3.0; the programs use only what 2.0 has.
            let mut options = if std == ClStd::Cl30 {
                "-cl-std=CL2.0".to_string()
            } else {
                std_flag
            };
            if !cfg.driver_optimizes {
                options.push_str(" -cl-opt-disable");
            }
            return Ok(Ok(Program::Source {
                path: std::path::absolute(&src)?,
                options,
            }));
        }
        Tool::Clc => {
            let spv = dir.join(format!("{stem}.clc.spv"));
            let mut c = Command::new(&cfg.clc);
            c.args(["-w", &std_flag])
                .args(&cfg.clc_flags)
                .arg(&src)
                .arg("-o")
                .arg(&spv);
            let options = if cfg.optimize_clc {
                ""
            } else {
                "-cl-opt-disable"
            }
            .to_string();
            (
                c,
                Program::Il {
                    path: std::path::absolute(&spv)?,
                    options,
                },
            )
        }
        Tool::Clang => {
            let spv = dir.join(format!("{stem}.clang.spv"));
            let mut c = Command::new(&cfg.clang);
            c.args(["-w", "--target=spirv64v1.0", &std_flag, "-c"])
                .arg(&src)
                .arg("-o")
                .arg(&spv);
            (
                c,
                Program::Il {
                    path: std::path::absolute(&spv)?,
                    options: String::new(),
                },
            )
        }
        Tool::Vulkan => {
            let spv = dir.join(format!("{stem}.vk.spv"));
            let json = dir.join(format!("{stem}.vk.json"));
            let mut c = Command::new(&cfg.clc);
            c.args(["-w", "--target=vulkan1.2", &std_flag])
                .args(&cfg.clc_flags)
                .arg(&src)
                .arg("-o")
                .arg(&spv)
                .arg(format!("--reflect={}", json.display()));
            (
                c,
                Program::Vulkan {
                    spirv: std::path::absolute(&spv)?,
                    reflection: std::path::absolute(&json)?,
                },
            )
        }
    };
    let f = run_with_timeout(cmd, cfg.compile_timeout)?;
    if f.success() {
        return Ok(Ok(program));
    }
    Ok(Err(Outcome::CompileFailed {
        crash: f.crashed(),
        status: f.describe(),
        message: f.stderr.chars().take(4000).collect(),
    }))
}

/// Runs `kernels` through `tool`, splitting on failures, into `out`.
fn evaluate(
    cfg: &Config,
    tool: Tool,
    std: ClStd,
    kernels: &[&Kernel],
    dir: &Path,
    out: &mut HashMap<u64, Outcome>,
) -> Result<()> {
    let split = |out: &mut HashMap<u64, Outcome>| -> Result<()> {
        let (a, b) = kernels.split_at(kernels.len() / 2);
        evaluate(cfg, tool, std, a, dir, out)?;
        evaluate(cfg, tool, std, b, dir, out)
    };
    let program = match prepare(cfg, tool, std, kernels, dir)? {
        Ok(p) => p,
        Err(fail) if kernels.len() == 1 => {
            out.insert(kernels[0].seed, fail);
            return Ok(());
        }
        Err(_) => return split(out),
    };
    let launches: Vec<Launch> = kernels.iter().map(|k| Launch::of(k)).collect();
    match run_batch(&program, &launches, dir, cfg.run_timeout) {
        Ok(BatchResult::Ran(results)) if results.len() == kernels.len() => {
            for (k, r) in kernels.iter().zip(results) {
                out.insert(
                    k.seed,
                    match r {
                        Ok(r) => Outcome::Ran(r),
                        Err(e) => Outcome::RunFailed(e),
                    },
                );
            }
            Ok(())
        }
        Ok(BatchResult::BuildFailed(m)) if kernels.len() == 1 => {
            out.insert(kernels[0].seed, Outcome::BuildFailed(m));
            Ok(())
        }
        Ok(BatchResult::Ran(r)) if kernels.len() == 1 => {
            let msg = r.into_iter().find_map(|x| x.err()).unwrap_or_default();
            out.insert(kernels[0].seed, Outcome::RunFailed(msg));
            Ok(())
        }
        Err(e) if kernels.len() == 1 => {
            out.insert(kernels[0].seed, Outcome::RunFailed(format!("{e:#}")));
            Ok(())
        }
        _ => split(out),
    }
}

/// Checks `kernels` (all of one language version) with every tool.
pub fn check(cfg: &Config, kernels: &[Kernel]) -> Result<Vec<Report>> {
    let Some(std) = kernels.first().map(|k| k.std) else {
        return Ok(Vec::new());
    };
    anyhow::ensure!(
        kernels.iter().all(|k| k.std == std),
        "a batch mixes language versions"
    );
    std::fs::create_dir_all(&cfg.work)?;
    let dir = tempfile::Builder::new()
        .prefix("batch")
        .tempdir_in(&cfg.work)?;
    let refs: Vec<&Kernel> = kernels.iter().collect();
    let mut tools = vec![Tool::Clc, Tool::Driver];
    if cfg.full_vote {
        tools.push(Tool::Clang);
    }
    if cfg.vulkan {
        tools.push(Tool::Vulkan);
    }
    let timing = std::env::var_os("CLC_SMITH_TIMING").is_some();
    // The tools in parallel: each is mostly a child process (compiler, runtime).
    let results: Vec<(Tool, Result<HashMap<u64, Outcome>>)> = std::thread::scope(|sc| {
        let handles: Vec<_> = tools
            .iter()
            .map(|&t| {
                let (refs, dir) = (&refs, dir.path());
                sc.spawn(move || {
                    let mut m = HashMap::new();
                    let t0 = std::time::Instant::now();
                    let r = evaluate(cfg, t, std, refs, dir, &mut m).map(|_| m);
                    if timing {
                        eprintln!(
                            "  {t:?}: {:.1}s for {} kernels",
                            t0.elapsed().as_secs_f64(),
                            refs.len()
                        );
                    }
                    r
                })
            })
            .collect();
        tools
            .iter()
            .zip(handles)
            .map(|(&t, h)| {
                (
                    t,
                    h.join()
                        .unwrap_or_else(|_| Err(anyhow::anyhow!("{t:?} thread panicked"))),
                )
            })
            .collect()
    });
    let mut per_tool: HashMap<Tool, HashMap<u64, Outcome>> = HashMap::new();
    for (t, r) in results {
        per_tool.insert(t, r?);
    }
    // Where clc and the driver do not agree on results: again with the runtime optimizing
    // both (the fast first round builds with -cl-opt-disable, whose code generator has bugs of
    // its own), and clang-22 as the third vote. The second round decides.
    let mut first_round: HashMap<u64, String> = HashMap::new();
    let mut first_results: HashMap<u64, Vec<Results>> = HashMap::new();
    if !cfg.full_vote {
        let disputed: Vec<&Kernel> = refs
            .iter()
            .copied()
            .filter(|k| {
                let get = |t: Tool| per_tool.get(&t).and_then(|m| m.get(&k.seed));
                !matches!((get(Tool::Clc), get(Tool::Driver)), (Some(Outcome::Ran(a)), Some(Outcome::Ran(b))) if a == b)
            })
            .collect();
        if !disputed.is_empty() {
            let cfg2 = Config {
                optimize_clc: true,
                driver_optimizes: true,
                ..cfg.clone()
            };
            for k in &disputed {
                let o: HashMap<Tool, Outcome> = [Tool::Clc, Tool::Driver]
                    .iter()
                    .filter_map(|t| per_tool.get(t)?.get(&k.seed).map(|o| (*t, o.clone())))
                    .collect();
                first_round.insert(k.seed, format!("{:?}", judge(&o)));
                let ran = o.values().filter_map(|x| match x {
                    Outcome::Ran(r) => Some(r.clone()),
                    _ => None,
                });
                first_results.insert(k.seed, ran.collect());
            }
            let dir2 = tempfile::Builder::new()
                .prefix("round2")
                .tempdir_in(&cfg.work)?;
            for t in [Tool::Clc, Tool::Driver, Tool::Clang] {
                let mut m = HashMap::new();
                evaluate(&cfg2, t, std, &disputed, dir2.path(), &mut m)?;
                per_tool.entry(t).or_default().extend(m);
            }
            tools.push(Tool::Clang);
        }
    }
    Ok(kernels
        .iter()
        .map(|k| {
            let outcomes: HashMap<Tool, Outcome> = tools
                .iter()
                .filter_map(|t| per_tool.get(t)?.get(&k.seed).map(|o| (*t, o.clone())))
                .collect();
            let mut verdict = judge(&outcomes);
            if let Verdict::VulkanMismatch(why) = &verdict {
                if observes_to_space(&k.body)
                    && matches!(outcomes.get(&Tool::Vulkan), Some(Outcome::Ran(_)))
                {
                    verdict = Verdict::VulkanToSpace(why.clone());
                }
            }
            if let (Verdict::VulkanMismatch(why), Some(Outcome::Ran(v)), Some(first)) = (
                &verdict,
                outcomes.get(&Tool::Vulkan),
                first_results.get(&k.seed),
            ) {
                if first.contains(v) {
                    verdict = Verdict::OptLevel(format!(
                        "the Vulkan results equal a first-round build's; the optimizing \
                         runtime's builds differ ({why})"
                    ));
                }
            }
            if let (Verdict::Agree, Some(first)) = (&verdict, first_round.get(&k.seed)) {
                verdict = Verdict::OptLevel(format!(
                    "agree when the runtime optimizes; with -cl-opt-disable: {first}"
                ));
            }
            Report {
                seed: k.seed,
                std,
                verdict,
                outcomes,
            }
        })
        .collect())
}

/// Whether a kernel's source calls `to_global`, `to_local` or `to_private` (see
/// [`Verdict::VulkanToSpace`]).
fn observes_to_space(body: &str) -> bool {
    ["to_global(", "to_local(", "to_private("]
        .iter()
        .any(|f| body.contains(f))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(x: u64) -> Outcome {
        Outcome::Ran(Results {
            out: vec![x],
            g: vec![1],
            acc: vec![2],
        })
    }

    fn of(v: &[(Tool, Outcome)]) -> HashMap<Tool, Outcome> {
        v.iter().cloned().collect()
    }

    #[test]
    fn majority_decides() {
        use Tool::*;
        assert_eq!(
            judge(&of(&[(Clc, r(1)), (Clang, r(1)), (Driver, r(1))])),
            Verdict::Agree
        );
        assert!(matches!(
            judge(&of(&[(Clc, r(1)), (Clang, r(2)), (Driver, r(1))])),
            Verdict::ClangOdd(_)
        ));
        assert!(matches!(
            judge(&of(&[(Clc, r(1)), (Clang, r(1)), (Driver, r(2))])),
            Verdict::DriverOdd(_)
        ));
        let v = judge(&of(&[(Clc, r(3)), (Clang, r(2)), (Driver, r(2))]));
        assert!(matches!(v, Verdict::ClcMismatch(_)) && v.is_clc_fault());
        let crash = Outcome::CompileFailed {
            crash: true,
            status: "signal 11 (SIGSEGV)".into(),
            message: String::new(),
        };
        assert!(matches!(
            judge(&of(&[(Clc, r(1)), (Clang, crash.clone()), (Driver, r(1))])),
            Verdict::ClangOdd(_)
        ));
        assert!(matches!(
            judge(&of(&[(Clc, crash), (Clang, r(1)), (Driver, r(1))])),
            Verdict::ClcCrash(_)
        ));
        let rejected = Outcome::CompileFailed {
            crash: false,
            status: "exit 1".into(),
            message: "error".into(),
        };
        assert!(matches!(
            judge(&of(&[(Clc, rejected), (Clang, r(1)), (Driver, r(1))])),
            Verdict::ClcRejects(_)
        ));
        assert!(matches!(
            judge(&of(&[
                (Clc, r(1)),
                (Clang, r(1)),
                (Driver, r(1)),
                (Vulkan, r(5))
            ])),
            Verdict::VulkanMismatch(_)
        ));
    }

    #[test]
    fn to_space_kernels_are_recognised() {
        assert!(observes_to_space("if (to_local(p)) w += 2;"));
        assert!(!observes_to_space("int to_localish = 1;"));
    }
}
