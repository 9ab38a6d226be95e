//! `gpu-bench`: the Vulkan half of the GPU benchmark suite (bench/gpu/README.md). For each
//! selected benchmark of `suite.toml`: clc's Vulkan module of its source (compiled with
//! `--target=vulkan1.2 -O2 --reflect`, or loaded precompiled), device-local buffers filled
//! through a staging buffer and poisoned with `vkCmdFillBuffer`, one iteration checked against
//! the CPU references of the CUDA host, a warm-up of back-to-back iterations in one long
//! submission, then `rounds` samples of N back-to-back iterations in one command buffer
//! between two GPU timestamps (a compute-to-compute barrier after every dispatch), and one
//! JSON line on stdout. Exit status 0 iff every selected benchmark ran and verified.
//!
//! ```text
//! gpu-bench --suite PATH [--bench a,b] [--rounds R] [--round-index I]
//!           [--clc PATH | --spv-dir DIR] [--small] [--list]
//! gpu-bench --suite PATH --clc PATH --precompile DIR     (writes DIR/<stem>.spv, .json)
//! gpu-bench --suite PATH [--bench a,b] --pipeline-stats DIR
//! ```
//!
//! `--pipeline-stats DIR` times nothing: for each dispatch of each selected benchmark it
//! prints one JSON line with what the driver made of the pipeline
//! (`VK_KHR_pipeline_executable_properties`: NVIDIA's register count, shared and local
//! memory; Mesa's instruction counts and spills) and writes the internal representations the
//! driver offers into DIR. Compare with nvcc's `-Xptxas -v` lines in run-device.sh's build.log.
//!
//! Modules: `--spv-dir DIR` loads `DIR/<stem>.spv` and `DIR/<stem>.json` (`stem`: the source's
//! file name without `.cl`) and the options they were compiled with from
//! `DIR/clc-options.txt`; `--clc PATH` compiles them first. With neither, `$BENCH_CARRY/spv`
//! when it exists (run-device.sh), else a `clc` beside this executable. `--small` shrinks
//! every benchmark to sizes lavapipe runs in milliseconds (suite::shrink).

mod data;
// The same expression language as bench/cpu's suite.toml: one file for both suites.
#[path = "../../../cpu/src/expr.rs"]
mod expr;
mod suite;
mod verify;

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::rc::Rc;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, bail, Context, Result};
use vkhost::{Arg, Buffer, Device, NdRange, Program, Reflection, Step};

use suite::{ArgKind, Bench, Init, Suite};

use data::Digest;

/// The options every kernel is compiled with.
const CLC_OPTIONS: &[&str] = &["--target=vulkan1.2", "-O2"];
/// Bytes per staging transfer.
const CHUNK: usize = 64 << 20;

const USAGE: &str = "usage: gpu-bench --suite PATH [--bench a,b,...] [--rounds R] [--round-index I] \
[--clc PATH | --spv-dir DIR] [--small] [--list] [--pipeline-stats DIR]\n       gpu-bench --suite PATH --clc PATH --precompile DIR";

#[derive(Debug, Default)]
struct Options {
    suite: Option<PathBuf>,
    benches: Vec<String>,
    rounds: Option<u32>,
    round_index: i64,
    clc: Option<PathBuf>,
    spv_dir: Option<PathBuf>,
    precompile: Option<PathBuf>,
    small: bool,
    list: bool,
    /// `--pipeline-stats DIR`: the driver's statistics instead of timings.
    pipeline_stats: Option<PathBuf>,
}

fn parse_args() -> Result<Options> {
    let mut o = Options {
        round_index: -1,
        ..Options::default()
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| anyhow!("{name} needs a value\n{USAGE}"))
        };
        match a.as_str() {
            "--suite" => o.suite = Some(value("--suite")?.into()),
            "--bench" => {
                o.benches = value("--bench")?
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            }
            "--rounds" => {
                let r: u32 = value("--rounds")?.parse().context("--rounds")?;
                if r == 0 {
                    bail!("--rounds must be at least 1");
                }
                o.rounds = Some(r);
            }
            "--round-index" => {
                o.round_index = value("--round-index")?.parse().context("--round-index")?
            }
            "--clc" => o.clc = Some(value("--clc")?.into()),
            "--spv-dir" => o.spv_dir = Some(value("--spv-dir")?.into()),
            "--precompile" => o.precompile = Some(value("--precompile")?.into()),
            "--small" => o.small = true,
            "--pipeline-stats" => o.pipeline_stats = Some(value("--pipeline-stats")?.into()),
            "--list" => o.list = true,
            "-h" | "--help" => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            other => bail!("unknown argument `{other}`\n{USAGE}"),
        }
    }
    if o.clc.is_some() && o.spv_dir.is_some() {
        bail!("--clc and --spv-dir exclude each other");
    }
    if o.precompile.is_some() && o.clc.is_none() {
        bail!("--precompile needs --clc");
    }
    Ok(o)
}

// ---------------------------------------------------------------- modules

/// Where the compiled modules are, and the options they were compiled with.
struct Modules {
    dir: PathBuf,
    options: String,
    /// The folder was made for this process (removed on drop).
    temporary: bool,
}

impl Drop for Modules {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn temp_modules(suite: &Suite, clc: &Path) -> Result<Modules> {
    let dir = std::env::temp_dir().join(format!("gpu-bench-{}", std::process::id()));
    let mut m = Modules {
        dir: dir.clone(),
        options: String::new(),
        temporary: true,
    };
    let compiled = compile_all(suite, clc, &dir)?;
    m.options = compiled.options.clone();
    Ok(m)
}

/// Compiles every source of the suite with `clc` into `dir`.
fn compile_all(suite: &Suite, clc: &Path, dir: &Path) -> Result<Modules> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for (source, std) in suite.sources() {
        let stem = suite::source_stem(&source)?;
        let input = suite.dir.join(&source);
        let spv = dir.join(format!("{stem}.spv"));
        let json = dir.join(format!("{stem}.json"));
        let out = Command::new(clc)
            .args(CLC_OPTIONS)
            .args(std.map(|s| format!("-cl-std={s}")))
            .arg(&input)
            .arg("-o")
            .arg(&spv)
            .arg(format!("--reflect={}", json.display()))
            .output()
            .with_context(|| format!("running {}", clc.display()))?;
        if !out.status.success() {
            bail!(
                "{} {} {} failed:\n{}",
                clc.display(),
                CLC_OPTIONS.join(" "),
                input.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
    let options = CLC_OPTIONS.join(" ");
    std::fs::write(dir.join("clc-options.txt"), format!("{options}\n"))
        .with_context(|| format!("writing {}/clc-options.txt", dir.display()))?;
    Ok(Modules {
        dir: dir.to_path_buf(),
        options,
        temporary: false,
    })
}

fn precompiled(dir: &Path) -> Result<Modules> {
    let p = dir.join("clc-options.txt");
    let options = std::fs::read_to_string(&p)
        .with_context(|| format!("reading {} (written by --precompile)", p.display()))?
        .trim()
        .to_string();
    Ok(Modules {
        dir: dir.to_path_buf(),
        options,
        temporary: false,
    })
}

fn modules(o: &Options, suite: &Suite) -> Result<Modules> {
    if let Some(dir) = &o.spv_dir {
        return precompiled(dir);
    }
    if let Some(clc) = &o.clc {
        return temp_modules(suite, clc);
    }
    if let Some(carry) = std::env::var_os("BENCH_CARRY") {
        let dir = Path::new(&carry).join("spv");
        if dir.join("clc-options.txt").is_file() {
            return precompiled(&dir);
        }
    }
    let beside = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|p| p.join("clc")))
        .filter(|p| p.is_file());
    match beside {
        Some(clc) => temp_modules(suite, &clc),
        None => {
            bail!("no modules: give --clc PATH or --spv-dir DIR (or put them in $BENCH_CARRY/spv)")
        }
    }
}

fn load_program(dev: &Device, m: &Modules, stem: &str) -> Result<Program> {
    let spv = m.dir.join(format!("{stem}.spv"));
    let json = m.dir.join(format!("{stem}.json"));
    let text =
        std::fs::read_to_string(&json).with_context(|| format!("reading {}", json.display()))?;
    let reflection = Reflection::from_json(&text).with_context(|| json.display().to_string())?;
    let bytes = std::fs::read(&spv).with_context(|| format!("reading {}", spv.display()))?;
    let words = vkhost::spirv_words(&bytes).with_context(|| spv.display().to_string())?;
    Program::load(dev, &words, &reflection).with_context(|| format!("loading {}", spv.display()))
}

// ---------------------------------------------------------------- one benchmark

/// A benchmark's buffers on the device, and the initial contents of the filled ones.
struct Buffers {
    dev: Vec<Buffer>,
    host: Vec<Option<Vec<u32>>>,
    /// Read-backs after the checked iteration (verify::Contents::read).
    read: RefCell<HashMap<usize, Rc<Vec<u32>>>>,
}

impl verify::Contents for Buffers {
    fn initial(&self, i: usize) -> Result<&[u32]> {
        self.host
            .get(i)
            .and_then(|h| h.as_deref())
            .ok_or_else(|| anyhow!("buffer {i} has no initial contents (not a filled buffer)"))
    }

    fn read(&self, i: usize) -> Result<Rc<Vec<u32>>> {
        if let Some(v) = self.read.borrow().get(&i) {
            return Ok(v.clone());
        }
        let b = &self.dev[i];
        let len = usize::try_from(b.size())?;
        let mut out = Vec::with_capacity(len / 4);
        let mut bytes = vec![0u8; CHUNK.min(len)];
        let mut off = 0usize;
        while off < len {
            let n = CHUNK.min(len - off);
            b.read(off as u64, &mut bytes[..n])?;
            out.extend(
                bytes[..n]
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            );
            off += n;
        }
        let out = Rc::new(out);
        self.read.borrow_mut().insert(i, out.clone());
        Ok(out)
    }
}

fn make_buffers(dev: &Device, b: &Bench) -> Result<Buffers> {
    let mut out = Buffers {
        dev: Vec::new(),
        host: Vec::new(),
        read: RefCell::new(HashMap::new()),
    };
    for def in &b.buffers {
        let len = usize::try_from(def.len)?;
        let buf = Buffer::new(dev, def.len * 4)
            .with_context(|| format!("allocating `{}` ({} bytes)", def.name, def.len * 4))?;
        match def.init {
            Init::Poison => buf.fill(0xFFFF_FFFF)?,
            Init::Zero => buf.fill(0)?,
            _ => {}
        }
        let host = data::initial(&def.init, def.ty, len);
        if let Some(h) = &host {
            let mut bytes = Vec::with_capacity(CHUNK.min(len * 4));
            for (k, chunk) in h.chunks(CHUNK / 4).enumerate() {
                bytes.clear();
                bytes.extend(chunk.iter().flat_map(|x| x.to_le_bytes()));
                buf.write((k * CHUNK) as u64, &bytes)
                    .with_context(|| format!("filling `{}`", def.name))?;
            }
        }
        out.dev.push(buf);
        out.host.push(host);
    }
    Ok(out)
}

/// The NDRange of a dispatch: as many dimensions as the last one with a size above 1.
fn nd_range(global: [u64; 3], local: [u32; 3]) -> NdRange {
    let dims = (0..3)
        .rev()
        .find(|&d| global[d] > 1 || local[d] > 1)
        .map_or(1, |d| d + 1);
    NdRange::new(&global[..dims]).with_local(&local[..dims])
}

/// What one benchmark measured.
struct Outcome {
    ms: Vec<f64>,
    n: u32,
    warmup_ms: f64,
    checked: verify::Checked,
    digests: Vec<(String, Digest)>,
    short_sample: bool,
    t_start: f64,
    t_end: f64,
}

fn now_s() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// Makes `b`'s buffers and dispatches and hands them to `f`.
fn with_steps<R>(
    dev: &Device,
    b: &Bench,
    f: impl FnOnce(&Buffers, &[Step]) -> Result<R>,
) -> Result<R> {
    let bufs = make_buffers(dev, b)?;
    // Argument values, then the arguments borrowing them.
    let kinds: Vec<&Vec<ArgKind>> = b.dispatches.iter().map(|d| &d.args).collect();
    let values: Vec<Vec<[u8; 4]>> = kinds
        .iter()
        .map(|ks| {
            ks.iter()
                .map(|k| match k {
                    ArgKind::Uint(u) => u.to_le_bytes(),
                    ArgKind::Int(i) => i.to_le_bytes(),
                    ArgKind::Float(f) => f.to_le_bytes(),
                    ArgKind::Buffer(_) => [0; 4],
                })
                .collect()
        })
        .collect();
    let args: Vec<Vec<Arg>> = kinds
        .iter()
        .zip(&values)
        .map(|(ks, vs)| {
            ks.iter()
                .zip(vs)
                .map(|(k, v)| match k {
                    ArgKind::Buffer(i) => Arg::Buffer(&bufs.dev[*i]),
                    _ => Arg::Value(v),
                })
                .collect()
        })
        .collect();
    let ranges: Vec<NdRange> = b
        .dispatches
        .iter()
        .map(|d| nd_range(d.global, d.local))
        .collect();
    let steps: Vec<Step> = b
        .dispatches
        .iter()
        .zip(&ranges)
        .zip(&args)
        .map(|((d, range), args)| Step {
            kernel: &d.kernel,
            range,
            args,
        })
        .collect();
    f(&bufs, &steps)
}

fn run_bench(
    dev: &Device,
    program: &Program,
    suite: &Suite,
    b: &Bench,
    rounds: u32,
) -> Result<Outcome> {
    with_steps(dev, b, |bufs, steps| {
        time_bench(program, suite, b, rounds, bufs, steps)
    })
}

/// Writes what the driver made of each kernel of `b` (`--pipeline-stats`): one JSON line per
/// dispatch on stdout, the internal representations as files in `dir`.
fn pipeline_stats(
    dev: &Device,
    program: &Program,
    b: &Bench,
    dir: &Path,
    ctx: &Context_,
) -> Result<()> {
    let s = |x: &str| serde_json::to_string(x).unwrap_or_else(|_| "\"?\"".into());
    with_steps(dev, b, |_, steps| {
        let mut seen = Vec::new();
        for (i, st) in steps.iter().enumerate() {
            // Iterations repeat their dispatches: each kernel and range once.
            let key = (st.kernel, st.range.global, st.range.local);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let blob = program
                .pipeline_cache_data(st.kernel, st.range, st.args)
                .with_context(|| format!("the pipeline cache of `{}`", st.kernel))?;
            let file = dir.join(format!("{}.{i}.{}.pipeline-cache.bin", b.name, st.kernel));
            std::fs::write(&file, blob).with_context(|| format!("writing {}", file.display()))?;
            // Without the extension (lavapipe of Debian 12) the cache alone is written.
            let exes = match program.executables(st.kernel, st.range, st.args) {
                Ok(x) => Some(x),
                Err(vkhost::Error::Unsupported(_)) => None,
                Err(e) => {
                    return Err(anyhow::Error::from(e)
                        .context(format!("the pipeline statistics of `{}`", st.kernel)))
                }
            };
            let mut items = Vec::new();
            for (e, x) in exes.iter().flatten().enumerate() {
                let stats: Vec<String> = x
                    .statistics
                    .iter()
                    .map(|t| format!("{}:{}", s(&t.name), t.value))
                    .collect();
                let mut reps = Vec::new();
                for r in &x.representations {
                    let safe: String = r
                        .name
                        .chars()
                        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                        .collect();
                    let ext = if r.text { "txt" } else { "bin" };
                    let file = format!("{}.{i}.{}.{e}.{safe}.{ext}", b.name, st.kernel);
                    std::fs::write(dir.join(&file), &r.data)
                        .with_context(|| format!("writing {}", dir.join(&file).display()))?;
                    reps.push(s(&file));
                }
                items.push(format!(
                    "{{\"name\":{},\"description\":{},\"subgroup_size\":{},\"statistics\":{{{}}},\"representations\":[{}]}}",
                    s(&x.name),
                    s(&x.description),
                    x.subgroup_size,
                    stats.join(","),
                    reps.join(",")
                ));
            }
            println!(
                "{{\"name\":{},\"dispatch\":{i},\"kernel\":{},\"device\":{},\"driver\":{},\"clc\":{},\"executables\":{}}}",
                s(&b.name),
                s(st.kernel),
                s(ctx.device),
                s(ctx.driver),
                s(ctx.clc),
                if exes.is_some() {
                    format!("[{}]", items.join(","))
                } else {
                    "null".to_string()
                }
            );
        }
        Ok(())
    })
}

fn time_bench(
    program: &Program,
    suite: &Suite,
    b: &Bench,
    rounds: u32,
    bufs: &Buffers,
    steps: &[Step],
) -> Result<Outcome> {
    // 1. One iteration on the initial contents, checked.
    program
        .launch_steps(steps, 1)
        .context("the checked iteration")?;
    let checked = verify::check(b, suite.defaults.sample_stride, bufs)?;
    let mut digests = Vec::new();
    for &o in &b.verify.outputs {
        let words = verify::Contents::read(bufs, o)?;
        digests.push((
            b.buffers[o].name.clone(),
            data::digest(&words, b.buffers[o].ty, suite.defaults.sample_stride),
        ));
    }

    // 2. Warm-up: a probe of iters/4 iterations for a first time per iteration, then one
    //    long submission of back-to-back iterations (another if the probe ran at low clocks
    //    and the first fell short) until the warm-up has lasted warmup_ms on the GPU.
    let ms_of = |ns: f64| ns * 1e-6;
    let batch = (b.iters / 4).max(1);
    let probe = program.time_steps(steps, 0, batch)?;
    let mut warm_ms = ms_of(probe.total_ns);
    let mut per = ms_of(probe.per_dispatch_ns).max(1e-6);
    while warm_ms < suite.defaults.warmup_ms {
        let n = ((suite.defaults.warmup_ms - warm_ms) / per)
            .ceil()
            .clamp(1.0, 1e6) as u32;
        let t = program.time_steps(steps, 0, n)?;
        warm_ms += ms_of(t.total_ns);
        per = ms_of(t.per_dispatch_ns).max(1e-6);
    }
    // 3. Iterations per sample, from one more batch at warm clocks (as the CUDA host).
    let cal = program.time_steps(steps, 0, batch)?;
    let per = ms_of(cal.per_dispatch_ns).max(1e-6);
    let n = (b.iters as f64)
        .max((suite.defaults.min_sample_ms * 1.1 / per).ceil())
        .min(1e6) as u32;
    // 4. The samples: each N iterations in one command buffer between two timestamps.
    let mut ms = Vec::new();
    let mut short_sample = false;
    let t_start = now_s();
    for _ in 0..rounds {
        let t = program.time_steps(steps, 0, n)?;
        if ms_of(t.total_ns) < suite.defaults.min_sample_ms {
            short_sample = true;
        }
        ms.push(ms_of(t.per_dispatch_ns));
    }
    let t_end = now_s();
    Ok(Outcome {
        ms,
        n,
        warmup_ms: warm_ms,
        checked,
        digests,
        short_sample,
        t_start,
        t_end,
    })
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        0.5 * (s[n / 2 - 1] + s[n / 2])
    }
}

/// The driver version as its vendor writes it (NVIDIA: 10.8.8.6 bits).
fn driver_version(p: &vkhost::vk::PhysicalDeviceProperties) -> String {
    let v = p.driver_version;
    if p.vendor_id == 0x10DE {
        format!("{}.{}.{:02}", v >> 22, (v >> 14) & 0xFF, (v >> 6) & 0xFF)
    } else {
        format!(
            "{}.{}.{}",
            vkhost::vk::api_version_major(v),
            vkhost::vk::api_version_minor(v),
            vkhost::vk::api_version_patch(v)
        )
    }
}

struct Context_<'a> {
    device: &'a str,
    driver: &'a str,
    api: &'a str,
    clc: &'a str,
    small: bool,
    round_index: i64,
}

fn json_line(b: &Bench, o: &Outcome, c: &Context_) -> String {
    let med = median(&o.ms);
    let rate = b.work as f64 / (med * 1e-3) / 1e9;
    let rounds: Vec<String> = o.ms.iter().map(|x| format!("{x:.6}")).collect();
    let s = |x: &str| serde_json::to_string(x).unwrap_or_else(|_| "\"?\"".into());
    let e = o.checked.max_err;
    let max_err = if e == 0.0 {
        "0".to_string()
    } else if e.is_finite() {
        format!("{e:.3e}")
    } else {
        "null".into()
    };
    format!(
        "{{\"name\":{},\"impl\":\"vulkan\",\"ms\":{med:.6},\"{}\":{rate:.2},\"rounds\":[{}],\
\"iters\":{},\"warmup_ms\":{:.1},\"verified\":{},\"max_err\":{max_err},\"short_sample\":{},\
\"round_index\":{},\"t_start\":{:.3},\"t_end\":{:.3},\"device\":{},\"driver\":{},\"vk_api\":{},\
\"clc\":{},\"outputs\":{{{}}}{}}}",
        s(&b.name),
        b.metric,
        rounds.join(","),
        o.n,
        o.warmup_ms,
        o.checked.ok,
        o.short_sample,
        c.round_index,
        o.t_start,
        o.t_end,
        s(c.device),
        s(c.driver),
        s(c.api),
        s(&match &b.std {
            Some(std) => format!("{} -cl-std={std}", c.clc),
            None => c.clc.to_string(),
        }),
        o.digests
            .iter()
            .map(|(n, d)| format!("{}:{}", s(n), d.json()))
            .collect::<Vec<_>>()
            .join(","),
        if c.small { ",\"small\":true" } else { "" },
    )
}

fn real_main() -> Result<bool> {
    let o = parse_args()?;
    let path = o
        .suite
        .clone()
        .ok_or_else(|| anyhow!("--suite is required\n{USAGE}"))?;
    let suite = Suite::load(&path, o.small)?;
    if o.list {
        for b in &suite.bench {
            println!("{}", b.name);
        }
        return Ok(true);
    }
    if let (Some(dir), Some(clc)) = (&o.precompile, &o.clc) {
        let m = compile_all(&suite, clc, dir)?;
        eprintln!(
            "gpu-bench: compiled {} modules into {} with `{}`",
            suite.sources().len(),
            dir.display(),
            m.options
        );
        return Ok(true);
    }
    let selected: Vec<&Bench> = if o.benches.is_empty() {
        suite.bench.iter().collect()
    } else {
        o.benches
            .iter()
            .map(|n| {
                suite
                    .bench
                    .iter()
                    .find(|b| &b.name == n)
                    .ok_or_else(|| anyhow!("no benchmark `{n}` (--list)"))
            })
            .collect::<Result<_>>()?
    };
    let rounds = o.rounds.unwrap_or(suite.defaults.rounds).max(1);
    let m = modules(&o, &suite)?;
    let dev = Device::new().context("opening the Vulkan device")?;
    let p = dev.properties();
    let driver = driver_version(p);
    let api = format!(
        "{}.{}.{}",
        vkhost::vk::api_version_major(p.api_version),
        vkhost::vk::api_version_minor(p.api_version),
        vkhost::vk::api_version_patch(p.api_version)
    );
    eprintln!(
        "gpu-bench: device {}, driver {driver}, Vulkan {api}; modules {} (clc {})",
        dev.name(),
        m.dir.display(),
        m.options
    );
    let ctx = Context_ {
        device: dev.name(),
        driver: &driver,
        api: &api,
        clc: &m.options,
        small: o.small,
        round_index: o.round_index,
    };
    let mut programs: HashMap<String, Program> = HashMap::new();
    let mut all_ok = true;
    for b in selected {
        let stem = suite::source_stem(&b.source)?;
        if !programs.contains_key(&stem) {
            match load_program(&dev, &m, &stem) {
                Ok(p) => {
                    programs.insert(stem.clone(), p);
                }
                Err(e) => {
                    eprintln!("{}: FAILED: {e:#}", b.name);
                    all_ok = false;
                    continue;
                }
            }
        }
        let Some(program) = programs.get(&stem) else {
            continue;
        };
        if let Some(dir) = &o.pipeline_stats {
            if let Err(e) = std::fs::create_dir_all(dir)
                .map_err(anyhow::Error::from)
                .and_then(|()| pipeline_stats(&dev, program, b, dir, &ctx))
            {
                eprintln!("{}: FAILED: {e:#}", b.name);
                all_ok = false;
            }
            continue;
        }
        match run_bench(&dev, program, &suite, b, rounds) {
            Ok(out) => {
                if !out.checked.ok {
                    all_ok = false;
                    eprintln!(
                        "{}: VERIFY FAILED: {}",
                        b.name,
                        out.checked.detail.as_deref().unwrap_or("?")
                    );
                }
                println!("{}", json_line(b, &out, &ctx));
            }
            Err(e) => {
                eprintln!("{}: FAILED: {e:#}", b.name);
                all_ok = false;
            }
        }
    }
    Ok(all_ok)
}

fn main() -> ExitCode {
    match real_main() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("gpu-bench: {e:#}");
            ExitCode::from(2)
        }
    }
}
