//! clc's compile-side benchmarks, each figure measured beside its peer in the same run
//! (BENCHMARKS.md, "Compile time and memory"):
//!
//! * `per-file`: every kernel file of `kernels/` and of the public corpus, one process per
//!   file: the `clc` command against `clang-22 --target=spirv64v1.0 -O0 -c`;
//! * `build`: `clc::Build` over the same files, in this process, against clang-22 once per
//!   file, sequentially and on all cores (build this binary in the dev profile for what a build
//!   script gets by default, `--release` for the optimized figure);
//! * `scaling`: time and peak memory for one kernel of 1k…1M statements and one file of
//!   10…100k kernels: `clc -O0`, `clang-22 -O0` and `clang-22 -fsyntax-only`, with SVG plots.
//!
//! Reproduce (what `bash bench/compile/run.sh` does):
//!
//!     cargo build --release --bin clc
//!     cargo run -p compile-bench -- --clc $CARGO_TARGET_DIR/release/clc --out DIR
//!
//! Writes `DIR/results.json` (every sample; later runs compare against it), `DIR/summary.md`
//! and `DIR/scaling-*.svg`. `--tiny` runs everything once on small inputs (CI keeps it
//! working with that; its figures mean nothing).

mod corpus;
mod measure;
mod plot;
mod scaling;
mod throughput;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{ensure, Context, Result};
use clap::{Parser, ValueEnum};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Section {
    PerFile,
    Build,
    Scaling,
}

#[derive(Parser, Debug)]
#[command(about = "clc's compile-time benchmarks beside clang-22")]
struct Args {
    /// Sections to run (default: all).
    #[arg(value_enum)]
    sections: Vec<Section>,
    /// The clc binary to measure (a release build is what `cargo install` gives users).
    #[arg(long)]
    clc: PathBuf,
    /// The peer compiler.
    #[arg(long, default_value = "clang-22")]
    clang: PathBuf,
    /// Where results.json, summary.md and the plots go.
    #[arg(long)]
    out: PathBuf,
    /// Rounds of the throughput sections (median reported).
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Rounds of the scaling section.
    #[arg(long, default_value_t = 3)]
    scaling_rounds: usize,
    /// Statement counts of the `statements` family.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "1000,10000,100000,1000000"
    )]
    statements: Vec<usize>,
    /// Kernel counts of the `kernels` family.
    #[arg(long, value_delimiter = ',', default_value = "10,1000,10000,100000")]
    kernels: Vec<usize>,
    /// Leave out the public corpus (only `kernels/`).
    #[arg(long)]
    no_corpus: bool,
    /// Everything once, on small inputs: keeps the suite working, measures nothing.
    #[arg(long)]
    tiny: bool,
    /// `build` section: time only clc::Build (for comparing two clc builds; no ratios).
    #[arg(long)]
    clc_only: bool,
}

#[derive(Serialize)]
struct Machine {
    date: String,
    cpu: String,
    cores: usize,
    mem_total: String,
    clc_commit: String,
    clc_binary: String,
    clang: String,
    bench_profile: &'static str,
    /// Peak memory of the measuring launcher running `true`: included in every memory figure.
    rss_floor_mib: f64,
}

#[derive(Serialize)]
struct Results {
    schema: u32,
    machine: Machine,
    tiny: bool,
    /// Files one compiler could not compile, left out of the throughput sections.
    left_out: Vec<String>,
    per_file: Option<throughput::PerFile>,
    build: Option<throughput::BuildFigures>,
    scaling: Vec<scaling::Point>,
}

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.get(1).is_some_and(|a| a == measure::LAUNCH) {
        if let Err(e) = measure::launcher(&args[2..]) {
            eprintln!("compile-bench launcher: error: {e:#}");
            std::process::exit(1);
        }
        return;
    }
    if let Err(e) = real_main() {
        eprintln!("compile-bench: error: {e:#}");
        std::process::exit(1);
    }
}

fn real_main() -> Result<()> {
    let mut a = Args::parse();
    if a.sections.is_empty() {
        a.sections = vec![Section::PerFile, Section::Build, Section::Scaling];
    }
    if a.tiny {
        a.rounds = 1;
        a.scaling_rounds = 1;
        a.statements = vec![100, 1000];
        a.kernels = vec![10, 100];
        a.no_corpus = true;
    }
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let repo = repo.canonicalize().context("cannot find the repository")?;
    ensure!(
        a.clc.is_file(),
        "{} is not a file: build clc first",
        a.clc.display()
    );
    let clc = a.clc.canonicalize()?;
    let clang_version = measure::tool_version(&a.clang)
        .with_context(|| "clang-22 is the peer compiler; `bash scripts/setup.sh` installs it")?;
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("cannot create {}", a.out.display()))?;
    let tmp = tempfile_dir()?;

    let mut ks = corpus::samples(&repo.join("kernels"))?;
    if !a.no_corpus {
        let public = corpus::public(
            &repo.join("fuzz/corpus-results.json"),
            &corpus::corpus_cache(),
        )?;
        ks.extend(public);
    }
    if a.tiny {
        ks.truncate(5);
    }
    let (ks, left_out) = if a.sections.iter().any(|s| *s != Section::Scaling) {
        throughput::compilable(&clc, &a.clang, ks, &tmp)
    } else {
        (ks, Vec::new())
    };
    for f in &left_out {
        eprintln!("  left out: {f}");
    }
    let machine = Machine {
        date: command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"]),
        cpu: cpu_model(),
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        mem_total: mem_total(),
        clc_commit: command_line(
            "git",
            &[
                "-C",
                &repo.to_string_lossy(),
                "rev-parse",
                "--short",
                "HEAD",
            ],
        ),
        clc_binary: clc.display().to_string(),
        clang: clang_version,
        bench_profile: throughput::profile(),
        rss_floor_mib: measure::floor()? as f64 / 1024.0,
    };
    eprintln!(
        "compile-bench: {} files ({} from kernels/), {} cores, clc {}, {}",
        ks.len(),
        ks.iter().filter(|k| k.suite == "kernels").count(),
        machine.cores,
        machine.clc_commit,
        machine.clang
    );
    let mut results = Results {
        schema: 1,
        machine,
        tiny: a.tiny,
        left_out,
        per_file: None,
        build: None,
        scaling: Vec::new(),
    };
    for s in &a.sections {
        match s {
            Section::PerFile => {
                eprintln!("per-file: clc vs clang-22 -O0, one process per file");
                results.per_file = Some(throughput::per_file(&clc, &a.clang, &ks, a.rounds, &tmp)?);
            }
            Section::Build => {
                eprintln!(
                    "build: clc::Build ({}) vs clang-22 per file",
                    throughput::profile()
                );
                results.build = Some(throughput::build(
                    &a.clang, &ks, a.rounds, a.clc_only, &tmp,
                )?);
            }
            Section::Scaling => {
                use scaling::Family::*;
                for (family, sizes) in [(Statements, &a.statements), (Kernels, &a.kernels)] {
                    eprintln!("scaling: {}", family.name());
                    let pts =
                        scaling::measure(family, sizes, a.scaling_rounds, &clc, &a.clang, &tmp)?;
                    results.scaling.extend(pts);
                    let svg = a.out.join(format!("scaling-{}.svg", family.name()));
                    plot::scaling(&svg, family, &results.scaling)?;
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    let json = serde_json::to_string_pretty(&results)?;
    std::fs::write(a.out.join("results.json"), json + "\n")?;
    let md = summary(&results);
    std::fs::write(a.out.join("summary.md"), &md)?;
    print!("{md}");
    Ok(())
}

fn tempfile_dir() -> Result<PathBuf> {
    let d = std::env::temp_dir().join(format!("compile-bench-{}", std::process::id()));
    std::fs::create_dir_all(&d)?;
    Ok(d)
}

fn command_line(cmd: &str, args: &[&str]) -> String {
    Command::new(cmd)
        .args(args)
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_default()
}

fn mem_total() -> String {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .next()
                .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        })
        .unwrap_or_default()
}

/// The Markdown summary: every table BENCHMARKS.md quotes, with the targets of issue 13.
fn summary(r: &Results) -> String {
    let m = &r.machine;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Machine: {} ({} cores, {}); {}; clc {} ({}); {}; this binary: {}; memory floor (the launcher) {:.1} MiB{}.\n",
        m.cpu,
        m.cores,
        m.mem_total,
        m.date,
        m.clc_commit,
        m.clc_binary,
        m.clang,
        m.bench_profile,
        m.rss_floor_mib,
        if r.tiny { "; TINY RUN, figures meaningless" } else { "" }
    );
    if !r.left_out.is_empty() {
        let _ = writeln!(
            s,
            "Left out of the throughput figures ({}): {}.\n",
            r.left_out.len(),
            r.left_out.join(", ")
        );
    }
    if let Some(p) = &r.per_file {
        let _ = writeln!(s, "| one process per file ({} files, median of {}) | clc | clang-22 -O0 | clc / clang | target |", p.files, p.rounds);
        let _ = writeln!(s, "|---|---:|---:|---:|---|");
        let _ = writeln!(
            s,
            "| total wall time | {:.2} s | {:.2} s | **{:.2}×** | ≤ 0.9× {} |\n",
            p.clc_median_s,
            p.clang_median_s,
            p.ratio,
            if p.ratio <= 0.9 { "met" } else { "missed" }
        );
    }
    if let Some(b) = &r.build {
        let _ = writeln!(s, "| build script ({} files in {} groups, {} cores, clc::Build {}, median of {}) | wall time | clang-22 time / clc::Build |", b.files, b.groups, b.cores, b.profile, b.rounds);
        let _ = writeln!(s, "|---|---:|---:|");
        let _ = writeln!(
            s,
            "| clc::Build, {} jobs | {:.2} s | |",
            b.cores, b.clc_build_all_cores_s
        );
        let _ = writeln!(
            s,
            "| clc::Build, 1 job | {:.2} s | |",
            b.clc_build_one_job_s
        );
        let _ = writeln!(
            s,
            "| clang-22 per file, sequential | {:.2} s | **{:.1}×** (target ≥ 10×) |",
            b.clang_sequential_s, b.speedup_vs_sequential
        );
        let _ = writeln!(
            s,
            "| clang-22 per file, {} at once | {:.2} s | **{:.1}×** (target ≥ 5×) |\n",
            b.cores, b.clang_all_cores_s, b.speedup_vs_all_cores
        );
    }
    for family in [scaling::Family::Statements, scaling::Family::Kernels] {
        let pts: Vec<&scaling::Point> = r.scaling.iter().filter(|p| p.family == family).collect();
        if pts.is_empty() {
            continue;
        }
        let _ = writeln!(s, "| {} | clc time | clang -O0 | syntax-only | clc / -O0 | clc / syntax | clc MiB | clang -O0 MiB | syntax MiB | clc / -O0 | clc / syntax |", family.name());
        let _ = writeln!(
            s,
            "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        );
        let mut sizes: Vec<usize> = pts.iter().map(|p| p.size).collect();
        sizes.dedup();
        for n in sizes {
            let get = |t| pts.iter().find(|p| p.size == n && p.tool == t);
            let (Some(c), Some(o), Some(y)) = (
                get(scaling::Tool::Clc),
                get(scaling::Tool::ClangO0),
                get(scaling::Tool::ClangSyntax),
            ) else {
                continue;
            };
            let _ = writeln!(
                s,
                "| {n} | {:.3} s | {:.3} s | {:.3} s | {:.2}× | {:.2}× | {:.0} | {:.0} | {:.0} | {:.2}× | {:.2}× |",
                c.median_wall_s,
                o.median_wall_s,
                y.median_wall_s,
                c.median_wall_s / o.median_wall_s,
                c.median_wall_s / y.median_wall_s,
                c.median_rss_mib,
                o.median_rss_mib,
                y.median_rss_mib,
                c.median_rss_mib / o.median_rss_mib,
                c.median_rss_mib / y.median_rss_mib
            );
        }
        let _ = writeln!(s, "\nTargets: clc / -O0 ≤ 1 (time and memory); clc / syntax-only ≤ 3× time, ≤ 2× memory.\n");
    }
    s
}
