//! `cpu-bench`: the speed of the code clc emits on the CPU OpenCL driver, beside clang-22.
//!
//! Every benchmark of `bench/cpu/suite.toml` names an OpenCL C file of `bench/cpu/kernels/`.
//! That file is compiled twice, by clc (`clc -O2 -cl-std=…`) and by the reference compiler
//! (`clang-22 --target=spirv64v1.0 -cl-std=… -O2 -c`), and both SPIR-V modules are loaded
//! with `clCreateProgramWithIL` on the same device (Intel's CPU runtime). For each module the
//! run records:
//! - its size in bytes, and the driver's build time (median `clBuildProgram` wall time over
//!   `--builds` builds, each of a fresh program object);
//! - the device time of one iteration: the sum, over the iteration's dispatches, of the
//!   profiling END − START of each (a queue with CL_QUEUE_PROFILING_ENABLE). After a
//!   verification iteration and a warm-up, the two modules run in interleaved rounds (clc
//!   then clang, clang then clc in the next round, …); the figure is the median of
//!   `--rounds` rounds (default 7).
//!
//! Both modules get the same inputs (deterministic, from seeds). Their outputs must agree:
//! integers exactly, floats bit for bit unless the benchmark states a tolerance. A host-side
//! check (a sum, a histogram, sortedness, sampled elements recomputed in f64, …) runs on each
//! module's outputs so that both compilers being wrong together is caught as well. A
//! mismatch or a failed check fails the benchmark, and the run exits with status 1.
//!
//! Output: one JSON object per benchmark, a line each, on stdout (or `--json FILE`), then a
//! Markdown table with the geometric mean and the worst of the clc/clang ratios on stderr
//! (or `--markdown FILE`). `--tiny` runs the small sizes once, for CI. `--aa` puts clang's
//! module in clc's place too: its ratios, which should be 1, show the harness's own noise.
//!
//! The binary sets no environment: the OpenCL ICD loader must find the runtime. To
//! reproduce, from the repository root:
//!
//! ```sh
//! bash bench/cpu/run.sh                    # sets OCL_ICD_VENDORS / LD_LIBRARY_PATH, builds, runs
//! bash bench/cpu/run.sh --tiny             # the CI size, in seconds
//! bash bench/cpu/run.sh --release --json results.jsonl --markdown results.md
//! ```

mod check;
mod compare;
mod compile;
mod data;
mod expr;
mod ocl;
mod report;
mod suite;

use anyhow::{anyhow, bail, Context, Result};
use compile::{Compilers, Job, Which};
use data::HostBuf;
use ocl::{Driver, Kernels};
use report::{median, Machine, Record, Side};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use suite::{Bench, Role, Suite};

const USAGE: &str =
    "usage: cpu-bench [--suite PATH] [--clc PATH] [--clang PATH] [--rounds N] [--builds N]
                 [--warmup-ms N] [--tiny] [--only NAME,...] [--json FILE] [--markdown FILE]
                 [--clc-rev REV] [--keep-modules DIR] [--list] [--aa]";

#[derive(Debug)]
struct Options {
    suite: PathBuf,
    clc: Option<PathBuf>,
    clang: PathBuf,
    rounds: Option<usize>,
    builds: Option<usize>,
    warmup_ms: Option<u64>,
    tiny: bool,
    only: Vec<String>,
    json: Option<PathBuf>,
    markdown: Option<PathBuf>,
    clc_rev: Option<String>,
    keep_modules: Option<PathBuf>,
    list: bool,
    aa: bool,
}

impl Options {
    fn parse(mut args: impl Iterator<Item = String>) -> Result<Options> {
        let mut o = Options {
            suite: Path::new(env!("CARGO_MANIFEST_DIR")).join("suite.toml"),
            clc: None,
            clang: PathBuf::from("clang-22"),
            rounds: None,
            builds: None,
            warmup_ms: None,
            tiny: false,
            only: Vec::new(),
            json: None,
            markdown: None,
            clc_rev: None,
            keep_modules: None,
            list: false,
            aa: false,
        };
        while let Some(a) = args.next() {
            let mut value = |name: &str| {
                args.next()
                    .ok_or_else(|| anyhow!("{name} needs a value\n{USAGE}"))
            };
            let number = |name: &str, v: String| -> Result<u64> {
                v.parse().map_err(|e| anyhow!("{name} {v}: {e}"))
            };
            match a.as_str() {
                "--suite" => o.suite = value("--suite")?.into(),
                "--clc" => o.clc = Some(value("--clc")?.into()),
                "--clang" => o.clang = value("--clang")?.into(),
                "--rounds" => o.rounds = Some(number("--rounds", value("--rounds")?)? as usize),
                "--builds" => o.builds = Some(number("--builds", value("--builds")?)? as usize),
                "--warmup-ms" => o.warmup_ms = Some(number("--warmup-ms", value("--warmup-ms")?)?),
                "--tiny" => o.tiny = true,
                "--only" => o
                    .only
                    .extend(value("--only")?.split(',').map(str::to_string)),
                "--json" => o.json = Some(value("--json")?.into()),
                "--markdown" => o.markdown = Some(value("--markdown")?.into()),
                "--clc-rev" => o.clc_rev = Some(value("--clc-rev")?),
                "--keep-modules" => o.keep_modules = Some(value("--keep-modules")?.into()),
                "--list" => o.list = true,
                "--aa" => o.aa = true,
                "-h" | "--help" => {
                    println!("{USAGE}");
                    std::process::exit(0);
                }
                other => bail!("unknown argument `{other}`\n{USAGE}"),
            }
        }
        if o.rounds == Some(0) {
            bail!("--rounds must be at least 1");
        }
        Ok(o)
    }

    /// `--clc`, else `$CARGO_TARGET_DIR/debug/clc`, else the `clc` beside this executable.
    fn clc(&self) -> Result<PathBuf> {
        if let Some(p) = &self.clc {
            return Ok(p.clone());
        }
        if let Some(dir) = std::env::var_os("CARGO_TARGET_DIR") {
            return Ok(PathBuf::from(dir).join("debug").join("clc"));
        }
        let exe = std::env::current_exe().context("locating this executable")?;
        Ok(exe.with_file_name("clc"))
    }
}

/// How each benchmark runs.
struct RunConfig {
    tiny: bool,
    rounds: usize,
    builds: usize,
    warmup: Duration,
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("cpu-bench: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Runs the suite; `Ok(false)` when a benchmark failed.
fn run() -> Result<bool> {
    let opts = Options::parse(std::env::args().skip(1))?;
    let suite = Suite::load(&opts.suite)?;
    let base = opts.suite.parent().unwrap_or(Path::new("."));
    let benches: Vec<&Bench> = suite
        .benches
        .iter()
        .filter(|b| opts.only.is_empty() || opts.only.contains(&b.name))
        .collect();
    if let Some(missing) = opts
        .only
        .iter()
        .find(|n| !suite.benches.iter().any(|b| &b.name == *n))
    {
        bail!("no benchmark `{missing}` in {}", opts.suite.display());
    }
    if opts.list {
        for b in &benches {
            println!("{}\t{}", b.name, b.source.display());
        }
        return Ok(true);
    }
    let cfg = RunConfig {
        tiny: opts.tiny,
        rounds: opts
            .rounds
            .unwrap_or(if opts.tiny { 1 } else { suite.defaults.rounds }),
        builds: opts
            .builds
            .unwrap_or(if opts.tiny { 1 } else { suite.defaults.builds }),
        warmup: Duration::from_millis(opts.warmup_ms.unwrap_or(if opts.tiny {
            0
        } else {
            suite.defaults.warmup_ms
        })),
    };

    let compilers = Compilers {
        clc: opts.clc()?,
        clang: opts.clang.clone(),
    };
    let clang_version = compilers.probe(!opts.aa)?;
    let driver = Driver::open()?;
    let (cpu, logical_cpus) = Machine::cpu_model();
    let machine = Machine {
        cpu,
        logical_cpus,
        driver: driver.info()?,
        clc: if opts.aa {
            "none: --aa, clang-22's module in both slots".to_string()
        } else {
            compilers.clc.display().to_string()
        },
        clc_rev: opts.clc_rev.clone(),
        clang: clang_version,
    };

    let (dir, temporary) = match &opts.keep_modules {
        Some(d) => (d.clone(), false),
        None => (
            std::env::temp_dir().join(format!("cpu-bench-{}", std::process::id())),
            true,
        ),
    };
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let jobs: Vec<Job> = benches
        .iter()
        .flat_map(|b| {
            Which::BOTH.map(|slot| Job {
                // --aa: clang-22 compiles for both slots.
                which: if opts.aa { Which::Clang } else { slot },
                source: base.join(&b.source),
                std: b.std.clone(),
                out: dir.join(format!("{}.{}.spv", b.name, slot.name())),
            })
        })
        .collect();
    eprintln!(
        "cpu-bench: compiling {} kernel files with clc and clang-22 into {}",
        benches.len(),
        dir.display()
    );
    let mut modules = compilers.run_all(&jobs).into_iter();

    let mut json: Box<dyn Write> = match &opts.json {
        Some(p) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).with_context(|| format!("creating {}", p.display()))?,
        )),
        None => Box::new(std::io::stdout()),
    };
    let mut records = Vec::new();
    for (i, b) in benches.iter().enumerate() {
        let pair = [
            modules.next().unwrap_or_else(|| Err(anyhow!("no module"))),
            modules.next().unwrap_or_else(|| Err(anyhow!("no module"))),
        ];
        let rec = bench_record(&driver, b, pair, &cfg, &machine);
        match (&rec.error, rec.ratio) {
            (Some(e), _) => eprintln!("[{}/{}] {}: FAILED: {e}", i + 1, benches.len(), b.name),
            (None, ratio) => eprintln!(
                "[{}/{}] {}: clc {:.3} ms, clang {:.3} ms, ratio {:.3}",
                i + 1,
                benches.len(),
                b.name,
                rec.clc.ms.unwrap_or(f64::NAN),
                rec.clang.ms.unwrap_or(f64::NAN),
                ratio.unwrap_or(f64::NAN)
            ),
        }
        writeln!(json, "{}", rec.json()?).context("writing the JSON lines")?;
        json.flush().context("writing the JSON lines")?;
        records.push(rec);
    }
    if temporary {
        // Best effort: a leftover directory in the temp dir is harmless.
        let _ = std::fs::remove_dir_all(&dir);
    }

    let table = report::markdown(&records, &machine);
    match &opts.markdown {
        Some(p) => std::fs::write(p, &table).with_context(|| format!("writing {}", p.display()))?,
        None => eprint!("\n{table}"),
    }
    Ok(records.iter().all(Record::ok))
}

/// Runs one benchmark; whatever fails is recorded in the result, not returned.
fn bench_record(
    driver: &Driver,
    bench: &Bench,
    modules: [Result<Vec<u8>>; 2],
    cfg: &RunConfig,
    machine: &Machine,
) -> Record {
    let mut rec = Record {
        name: bench.name.clone(),
        source: bench.source.display().to_string(),
        std: bench.std.clone(),
        size: String::new(),
        dispatches: 0,
        tiny: cfg.tiny,
        rounds: cfg.rounds,
        status: "ok",
        error: None,
        ratio: None,
        clc: Side::default(),
        clang: Side::default(),
        outputs: None,
        machine: machine.clone(),
    };
    if let Err(e) = measure(driver, bench, modules, cfg, &mut rec) {
        rec.status = "failed";
        rec.error = Some(format!("{e:#}"));
    }
    rec
}

fn side(rec: &mut Record, w: Which) -> &mut Side {
    match w {
        Which::Clc => &mut rec.clc,
        Which::Clang => &mut rec.clang,
    }
}

fn measure(
    driver: &Driver,
    bench: &Bench,
    modules: [Result<Vec<u8>>; 2],
    cfg: &RunConfig,
    rec: &mut Record,
) -> Result<()> {
    let params = bench.params(cfg.tiny).context("parameters")?;
    rec.size = params
        .ints
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .chain(params.floats.iter().map(|(k, v)| format!("{k}={v}")))
        .collect::<Vec<_>>()
        .join(" ");
    let launches = bench.launches(&params).context("dispatches")?;
    rec.dispatches = launches.len();
    let initial = data::initial_buffers(bench, &params)?;

    let ils = {
        let [a, b] = modules;
        [a?, b?]
    };
    // Builds interleaved like the rounds (clc, clang, then clang, clc, ...), each of a
    // fresh program object; the last program of each module is the one that runs.
    let mut programs = [None, None];
    let mut build_ms = [Vec::new(), Vec::new()];
    for round in 0..cfg.builds.max(1) {
        for m in if round % 2 == 0 { [0, 1] } else { [1, 0] } {
            let (program, ms) = driver
                .build(&ils[m])
                .with_context(|| format!("{}'s module", Which::BOTH[m].name()))?;
            programs[m] = Some(program);
            build_ms[m].push(ms);
        }
    }
    let mut kernels: Vec<Kernels> = Vec::new();
    for (m, w) in Which::BOTH.into_iter().enumerate() {
        let s = side(rec, w);
        s.module_bytes = Some(ils[m].len());
        s.build_ms = median(&build_ms[m]);
        s.build_samples_ms = std::mem::take(&mut build_ms[m]);
        let program = programs[m]
            .take()
            .ok_or_else(|| anyhow!("{}'s module was not built", w.name()))?;
        kernels.push(
            driver
                .kernels(program, &launches)
                .with_context(|| format!("{}'s module", w.name()))?,
        );
    }
    // Two sets of buffers with the same contents. Where the runtime happens to place a set
    // (cache-set conflicts, 4K aliasing between streams) can move a kernel's time by 10 %:
    // an A/A run, clang's module against itself, showed it. So each module verifies on its
    // own set, warms up on both, and in the rounds the sets change hands every two rounds.
    let sets = [driver.buffers(&initial)?, driver.buffers(&initial)?];

    let reset: Vec<usize> = role_indices(bench, &[Role::Inout]);
    let outputs: Vec<usize> = role_indices(bench, &[Role::Out, Role::Inout]);
    if outputs.is_empty() {
        bail!("no `out` or `inout` buffer to compare");
    }
    let iteration = |m: usize, set: usize| -> Result<f64> {
        let bufs = &sets[set];
        for &i in &reset {
            bufs.write(driver, i, &initial[i])?;
        }
        kernels[m].run(driver, bufs, &launches)
    };

    // The verification iteration: compare clc with clang, then check each on the host.
    let mut after: Vec<HashMap<usize, HostBuf>> = Vec::new();
    for (m, w) in Which::BOTH.into_iter().enumerate() {
        iteration(m, m).with_context(|| format!("{}'s module", w.name()))?;
        let mut got = HashMap::new();
        for &i in &outputs {
            got.insert(i, sets[m].read(driver, i, bench.buffers[i].ty)?);
        }
        after.push(got);
    }
    let mut agreement = compare::Agreement {
        identical: true,
        ..Default::default()
    };
    for &i in &outputs {
        agreement = agreement.merge(compare::compare(
            &bench.buffers[i].name,
            &after[0][&i],
            &after[1][&i],
            bench.tol,
        )?);
    }
    rec.outputs = Some(if agreement.identical {
        "bit-identical".to_string()
    } else {
        format!(
            "max diff {:.1e} (rel {:.1e})",
            agreement.max_abs, agreement.max_rel
        )
    });
    for (w, got) in Which::BOTH.into_iter().zip(&after) {
        let ctx = check::Ctx {
            bench,
            params: &params,
            initial: &initial,
            after: got,
        };
        let summary = check::run(&ctx).with_context(|| format!("{}'s outputs", w.name()))?;
        side(rec, w).check = Some(summary);
    }
    drop(after);

    for (m, w) in Which::BOTH.into_iter().enumerate() {
        for set in 0..2 {
            let start = Instant::now();
            loop {
                iteration(m, set).with_context(|| format!("{}'s module, warm-up", w.name()))?;
                if start.elapsed() >= cfg.warmup / 2 {
                    break;
                }
            }
        }
    }
    let mut samples = [Vec::new(), Vec::new()];
    for round in 0..cfg.rounds {
        let order = if round % 2 == 0 { [0, 1] } else { [1, 0] };
        for m in order {
            let t = iteration(m, (m + round / 2) % 2)
                .with_context(|| format!("{}'s module, round {round}", Which::BOTH[m].name()))?;
            samples[m].push(t);
        }
    }
    for (w, s) in Which::BOTH.into_iter().zip(samples) {
        let side = side(rec, w);
        side.ms = median(&s);
        side.min_ms = s.iter().copied().reduce(f64::min);
        side.max_ms = s.iter().copied().reduce(f64::max);
        side.samples_ms = s;
    }
    rec.ratio = match (rec.clc.ms, rec.clang.ms) {
        (Some(a), Some(b)) if b > 0.0 => Some(a / b),
        _ => None,
    };
    Ok(())
}

fn role_indices(bench: &Bench, roles: &[Role]) -> Vec<usize> {
    bench
        .buffers
        .iter()
        .enumerate()
        .filter(|(_, b)| roles.contains(&b.role))
        .map(|(i, _)| i)
        .collect()
}
