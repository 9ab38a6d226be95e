//! `clc-diff --seeds A..B [--batch N] [--vulkan] [--doubles] [--full-vote] [--clc-opt on|off|alternate] [--driver-opt on|off] [--clc PATH] [--clc-flag F]... [--work DIR] [--reduce]
//! [--save DIR] [--save-agreed DIR]`: `--save-agreed` writes a `clc-run` spec expecting the
//! OpenCL results of every kernel all tools agree on, and of every `vulkan-mismatch` (to run
//! on other devices); `--doubles` adds `double` code to every kernel; `--clc-flag -O2` passes an option to every clc compilation
//! (`--clc-opt` only says whether the runtime optimizes clc's module; clc itself runs at `-O0`). the differential campaign over a seed range (see TESTING.md). Prints one
//! progress line per batch to stderr, one JSON line per finding to `<work>/findings.jsonl`
//! (with the kernel's source in `<work>/findings/`), and a summary; exits 1 when clc is at
//! fault anywhere, 2 on bad usage.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clc_smith::diff::{check, Config, Outcome, Report, Tool, Verdict};
use clc_smith::{generate, ClStd, Kernel, Options};

const USAGE: &str = "usage: clc-diff --seeds A..B [--batch N] [--std CL1.2|CL2.0|CL3.0] [--vulkan] [--doubles] [--full-vote] [--clc-opt on|off|alternate] [--driver-opt on|off] [--clc PATH] [--clc-flag F]... [--work DIR] [--reduce] [--save DIR] [--save-agreed DIR]";

struct Args {
    from: u64,
    to: u64,
    batch: usize,
    std: Option<ClStd>,
    vulkan: bool,
    doubles: bool,
    full_vote: bool,
    clc_opt: String,
    driver_opt: bool,
    clc: Option<PathBuf>,
    clc_flags: Vec<String>,
    work: PathBuf,
    reduce: bool,
    save: Option<PathBuf>,
    save_agreed: Option<PathBuf>,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        from: 0,
        to: 0,
        batch: 32,
        std: None,
        vulkan: false,
        doubles: false,
        full_vote: false,
        clc_opt: "alternate".into(),
        driver_opt: false,
        clc: None,
        clc_flags: Vec::new(),
        work: std::env::temp_dir().join("clc-diff"),
        reduce: false,
        save: None,
        save_agreed: None,
    };
    let mut it = std::env::args().skip(1);
    let mut seeds = false;
    while let Some(x) = it.next() {
        let mut val = || it.next().ok_or_else(|| format!("{x} needs a value"));
        match x.as_str() {
            "--seeds" => {
                let v = val()?;
                let (f, t) = v.split_once("..").ok_or("--seeds takes A..B")?;
                a.from = f.parse().map_err(|_| "bad seed")?;
                a.to = t.parse().map_err(|_| "bad seed")?;
                seeds = true;
            }
            "--batch" => a.batch = val()?.parse().map_err(|_| "bad --batch")?,
            "--std" => a.std = Some(ClStd::parse(&val()?).ok_or("bad --std")?),
            "--vulkan" => a.vulkan = true,
            "--doubles" => a.doubles = true,
            "--full-vote" => a.full_vote = true,
            "--clc-opt" => a.clc_opt = val()?,
            "--clc-flag" => a.clc_flags.push(val()?),
            "--driver-opt" => a.driver_opt = val()? == "on",
            "--clc" => a.clc = Some(PathBuf::from(val()?)),
            "--work" => a.work = PathBuf::from(val()?),
            "--reduce" => a.reduce = true,
            "--save" => a.save = Some(PathBuf::from(val()?)),
            "--save-agreed" => a.save_agreed = Some(PathBuf::from(val()?)),
            _ => return Err(format!("unknown argument `{x}`")),
        }
    }
    if !seeds || a.to <= a.from || a.batch == 0 {
        return Err("--seeds A..B with A < B is required".into());
    }
    Ok(a)
}

fn main() -> ExitCode {
    clc_smith::exec::child_main_if_requested();
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("clc-diff: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("clc-diff: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(args: &Args) -> anyhow::Result<bool> {
    let mut cfg = Config::from_env(&args.work);
    if let Some(c) = &args.clc {
        cfg.clc = c.clone();
    }
    cfg.clc_flags = args.clc_flags.clone();
    cfg.vulkan = args.vulkan;
    cfg.full_vote = args.full_vote;
    cfg.driver_optimizes = args.driver_opt;
    cfg.check_tools()?;
    std::fs::create_dir_all(args.work.join("findings"))?;
    let mut findings = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(args.work.join("findings.jsonl"))?;
    let opts = Options {
        std: args.std,
        size: None,
        doubles: args.doubles,
    };
    let start = Instant::now();
    let mut queues: Vec<(ClStd, Vec<Kernel>)> =
        ClStd::ALL.iter().map(|s| (*s, Vec::new())).collect();
    let mut counts: std::collections::BTreeMap<&'static str, usize> = Default::default();
    let mut done = 0usize;
    let mut clean = true;
    let total = (args.to - args.from) as usize;
    let mut batches = 0usize;
    let mut flush = |batch: Vec<Kernel>,
                     done: &mut usize,
                     counts: &mut std::collections::BTreeMap<&'static str, usize>|
     -> anyhow::Result<()> {
        // Every other batch, the runtime builds clc's module without optimizing (3× faster).
        cfg.optimize_clc = match args.clc_opt.as_str() {
            "on" => true,
            "off" => false,
            _ => batches & 1 == 0,
        };
        batches += 1;
        let reports: Vec<Report> = check(&cfg, &batch)?;
        for (r, k) in reports.iter().zip(&batch) {
            *counts.entry(r.verdict.kind()).or_default() += 1;
            // Kernels whose OpenCL results agree, with those results as the expected values:
            // to run on another Vulkan device (a `vulkan-mismatch` tells whether the device
            // or lavapipe is wrong).
            let why = match r.verdict {
                Verdict::Agree => Some("clc, the runtime and Vulkan agreed"),
                // Only where a reference ran and agrees with clc's OpenCL results.
                Verdict::VulkanMismatch(_)
                    if [Tool::Clang, Tool::Driver].iter().any(|t| {
                        matches!(
                            (r.outcomes.get(t), r.outcomes.get(&Tool::Clc)),
                            (Some(Outcome::Ran(a)), Some(Outcome::Ran(b))) if a == b
                        )
                    }) =>
                {
                    Some("the OpenCL results agreed; Vulkan's (lavapipe's) differed")
                }
                _ => None,
            };
            if let (Some(dir), Some(why), Some(Outcome::Ran(res))) =
                (&args.save_agreed, why, r.outcomes.get(&Tool::Clc))
            {
                std::fs::create_dir_all(dir)?;
                std::fs::write(dir.join(format!("{}.cl", k.name)), k.source())?;
                std::fs::write(
                    dir.join(format!("{}.toml", k.name)),
                    clc_smith::reduce::spec_toml(k, Some(res), why),
                )?;
            }
            if r.verdict != Verdict::Agree {
                writeln!(
                    findings,
                    "{}",
                    serde_json::to_string(&serde_json::json!({
                        "seed": r.seed, "std": r.std.flag(), "kind": r.verdict.kind(), "verdict": r.verdict,
                    }))?
                )?;
                if !matches!(r.verdict, Verdict::VulkanUnsupported(_)) {
                    std::fs::write(
                        args.work.join("findings").join(format!("{}.cl", k.name)),
                        k.source(),
                    )?;
                }
            }
            if r.verdict.is_clc_fault() {
                clean = false;
                eprintln!(
                    "FINDING seed {} ({}): {:?}",
                    r.seed,
                    r.std.flag(),
                    r.verdict
                );
                if args.reduce {
                    match clc_smith::reduce::reduce_and_save(
                        &cfg,
                        k,
                        &r.verdict,
                        args.save.as_deref(),
                    ) {
                        Ok(msg) => eprintln!("  reduced: {msg}"),
                        Err(e) => eprintln!("  reduction failed: {e:#}"),
                    }
                }
            }
        }
        *done += batch.len();
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "[{:>6.0}s] {done}/{total} kernels, {:.2} kernels/s; {:?}",
            secs,
            *done as f64 / secs,
            counts
        );
        Ok(())
    };
    for seed in args.from..args.to {
        let k = generate(seed, &opts);
        let q = queues
            .iter_mut()
            .find(|(s, _)| *s == k.std)
            .map(|(_, q)| q)
            .ok_or_else(|| anyhow::anyhow!("no queue"))?;
        q.push(k);
        if q.len() >= args.batch {
            let batch = std::mem::take(q);
            flush(batch, &mut done, &mut counts)?;
        }
    }
    for (_, q) in queues.iter_mut() {
        if !q.is_empty() {
            let batch = std::mem::take(q);
            flush(batch, &mut done, &mut counts)?;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "clc-diff: seeds {}..{}: {done} kernels in {secs:.0}s ({:.2} kernels/s); {:?}; clc at fault: {}",
        args.from,
        args.to,
        done as f64 / secs,
        counts,
        if clean { "none" } else { "YES (see findings.jsonl)" }
    );
    Ok(clean)
}
