//! `suite.toml` (bench/gpu/README.md, "suite.toml"): parsing, checking, and the `--small`
//! shrink used on lavapipe.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;

/// A TOML number that may be written as an integer (`scale = 8`) or a float (`0.01`).
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(untagged)]
pub enum Num {
    Int(i64),
    Float(f64),
}

impl Num {
    pub fn f64(self) -> f64 {
        match self {
            Num::Int(i) => i as f64,
            Num::Float(f) => f,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suite {
    pub schema: u32,
    pub defaults: Defaults,
    pub bench: Vec<Bench>,
    /// The folder of the suite file (sources are relative to it); not in the TOML.
    #[serde(skip)]
    pub dir: PathBuf,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defaults {
    pub warmup_ms: f64,
    pub min_sample_ms: f64,
    pub rounds: u32,
    pub sample_stride: u64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bench {
    pub name: String,
    pub source: String,
    /// The CUDA twin (informational).
    #[serde(default)]
    #[allow(dead_code)]
    pub cuda: Option<String>,
    pub metric: String,
    pub work: u64,
    /// How `work` was counted (informational).
    #[serde(default)]
    #[allow(dead_code)]
    pub count: Option<String>,
    pub iters: u32,
    pub buffers: Vec<BufferDef>,
    pub dispatches: Vec<Dispatch>,
    pub verify: Verify,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BufferDef {
    pub name: String,
    #[serde(rename = "type", default = "float_type")]
    pub ty: String,
    pub len: u64,
    pub init: Init,
}

fn float_type() -> String {
    "float".into()
}

/// A buffer's initial contents.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Init {
    /// `"poison"` (every byte 0xFF) or `"zero"`.
    Named(String),
    /// One fill for every element.
    One(Fill),
    /// One fill per vector component.
    Components(Vec<Fill>),
}

/// The runner's seeded fill (README.md, "Contents").
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fill {
    pub seed: u64,
    pub min: i64,
    pub max: i64,
    #[serde(default)]
    pub scale: Option<Num>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dispatch {
    pub kernel: String,
    pub global: [u64; 3],
    pub local: [u32; 3],
    pub args: Vec<ArgDef>,
}

/// `{ buffer = "name" }`, `{ uint = N }` or `{ float = X }`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArgDef {
    #[serde(default)]
    pub buffer: Option<String>,
    #[serde(default)]
    pub uint: Option<u32>,
    #[serde(default)]
    pub float: Option<Num>,
}

/// A checked argument.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgKind {
    Buffer(usize),
    Uint(u32),
    Float(f32),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Verify {
    #[serde(rename = "ref")]
    pub reference: String,
    pub src: Option<String>,
    pub dst: Option<String>,
    pub x: Option<String>,
    pub y: Option<String>,
    pub a: Option<String>,
    pub b: Option<String>,
    pub c: Option<String>,
    pub pos: Option<String>,
    pub acc: Option<String>,
    pub alpha: Option<Num>,
    pub eps2: Option<Num>,
    pub tol: Option<Num>,
    pub sample: Option<u64>,
    pub rows: Option<u64>,
    pub cols: Option<u64>,
    pub m: Option<u64>,
    pub n: Option<u64>,
    pub k: Option<u64>,
}

impl Suite {
    /// Reads and checks `path`.
    pub fn load(path: &Path) -> Result<Suite> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let mut s: Suite =
            toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
        s.dir = path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        s.check()?;
        Ok(s)
    }

    /// The checks of tools/suite_h.py, and the source stems (module names) being unique.
    pub fn check(&self) -> Result<()> {
        if self.schema != 1 {
            bail!("suite schema {} (this host reads schema 1)", self.schema);
        }
        let mut names = std::collections::HashSet::new();
        let mut stems: HashMap<String, String> = HashMap::new();
        for b in &self.bench {
            if !names.insert(&b.name) {
                bail!("benchmark `{}` twice", b.name);
            }
            let stem = source_stem(&b.source)?;
            if let Some(other) = stems.insert(stem.clone(), b.source.clone()) {
                if other != b.source {
                    bail!(
                        "sources `{other}` and `{}` share the module name `{stem}`",
                        b.source
                    );
                }
            }
            b.check()
                .with_context(|| format!("benchmark `{}`", b.name))?;
        }
        Ok(())
    }

    /// The distinct sources, in suite order.
    pub fn sources(&self) -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        for b in &self.bench {
            if !v.contains(&b.source) {
                v.push(b.source.clone());
            }
        }
        v
    }
}

/// The buffer keys a `verify.ref` needs, with their values.
type BufferKeys<'a> = &'a [(&'a str, &'a Option<String>)];
/// The other keys it needs, and whether each is present.
type OtherKeys<'a> = &'a [(&'a str, bool)];

/// The module name of a source: its file name without the extension (`kernels/copy.cl` →
/// `copy`).
pub fn source_stem(source: &str) -> Result<String> {
    Path::new(source)
        .file_stem()
        .and_then(|s| s.to_str())
        .map(str::to_string)
        .ok_or_else(|| anyhow!("source `{source}` has no file name"))
}

impl Bench {
    fn check(&self) -> Result<()> {
        if self.metric != "gbps" && self.metric != "gflops" {
            bail!("metric is gbps or gflops, not `{}`", self.metric);
        }
        if self.buffers.is_empty() || self.buffers.len() > 4 {
            bail!("1 to 4 buffers");
        }
        for b in &self.buffers {
            if b.ty != "float" {
                bail!("buffer `{}`: only float buffers", b.name);
            }
            if b.len == 0 {
                bail!("buffer `{}`: empty", b.name);
            }
            match &b.init {
                Init::Named(n) if n == "poison" || n == "zero" => {}
                Init::Named(n) => bail!("buffer `{}`: init `{n}`", b.name),
                Init::One(f) => check_fill(f, &b.name)?,
                Init::Components(v) => {
                    if v.is_empty() || v.len() > 4 {
                        bail!("buffer `{}`: 1 to 4 fills", b.name);
                    }
                    for f in v {
                        check_fill(f, &b.name)?;
                    }
                }
            }
        }
        if self.dispatches.is_empty() || self.dispatches.len() > 2 {
            bail!("1 or 2 dispatches");
        }
        for (i, d) in self.dispatches.iter().enumerate() {
            for a in 0..3 {
                if d.local[a] == 0 || d.global[a] == 0 || d.global[a] % d.local[a] as u64 != 0 {
                    bail!(
                        "dispatch {i}: global {:?} is not a multiple of local {:?}",
                        d.global,
                        d.local
                    );
                }
            }
            for a in &d.args {
                self.arg(a)?;
            }
        }
        let v = &self.verify;
        let need: (BufferKeys, OtherKeys) = match v.reference.as_str() {
            "copy" => (
                &[("src", &v.src), ("dst", &v.dst)],
                &[("sample", v.sample.is_some())],
            ),
            "saxpy" => (
                &[("x", &v.x), ("y", &v.y)],
                &[
                    ("alpha", v.alpha.is_some()),
                    ("sample", v.sample.is_some()),
                    ("tol", v.tol.is_some()),
                ],
            ),
            "sum" => (
                &[("src", &v.src), ("dst", &v.dst)],
                &[("tol", v.tol.is_some())],
            ),
            "transpose" => (
                &[("src", &v.src), ("dst", &v.dst)],
                &[
                    ("rows", v.rows.is_some()),
                    ("cols", v.cols.is_some()),
                    ("sample", v.sample.is_some()),
                ],
            ),
            "sgemm" => (
                &[("a", &v.a), ("b", &v.b), ("c", &v.c)],
                &[
                    ("m", v.m.is_some()),
                    ("n", v.n.is_some()),
                    ("k", v.k.is_some()),
                    ("sample", v.sample.is_some()),
                    ("tol", v.tol.is_some()),
                ],
            ),
            "nbody" => (
                &[("pos", &v.pos), ("acc", &v.acc)],
                &[
                    ("n", v.n.is_some()),
                    ("eps2", v.eps2.is_some()),
                    ("sample", v.sample.is_some()),
                    ("tol", v.tol.is_some()),
                ],
            ),
            other => bail!("verify.ref `{other}` (copy, saxpy, sum, transpose, sgemm, nbody)"),
        };
        for (key, val) in need.0 {
            let Some(name) = val else {
                bail!("verify.{key} missing");
            };
            self.buffer_index(name)
                .with_context(|| format!("verify.{key}"))?;
        }
        for (key, present) in need.1 {
            if !present {
                bail!("verify.{key} missing");
            }
        }
        Ok(())
    }

    /// The index of buffer `name`.
    pub fn buffer_index(&self, name: &str) -> Result<usize> {
        self.buffers
            .iter()
            .position(|b| b.name == name)
            .ok_or_else(|| anyhow!("no buffer `{name}`"))
    }

    /// A checked argument.
    pub fn arg(&self, a: &ArgDef) -> Result<ArgKind> {
        match (&a.buffer, a.uint, a.float) {
            (Some(b), None, None) => Ok(ArgKind::Buffer(self.buffer_index(b)?)),
            (None, Some(u), None) => Ok(ArgKind::Uint(u)),
            (None, None, Some(f)) => Ok(ArgKind::Float(f.f64() as f32)),
            _ => bail!("an argument is exactly one of {{ buffer }}, {{ uint }}, {{ float }}"),
        }
    }

    /// The buffer a verify key names (checked present by [`Bench::check`]).
    pub fn verify_buffer(&self, key: &Option<String>) -> Result<usize> {
        let name = key
            .as_deref()
            .ok_or_else(|| anyhow!("verify: a buffer key is missing"))?;
        self.buffer_index(name)
    }
}

fn check_fill(f: &Fill, buffer: &str) -> Result<()> {
    if f.min > f.max {
        bail!("buffer `{buffer}`: fill min > max");
    }
    if let Some(s) = f.scale {
        if !(s.f64().is_finite() && s.f64() != 0.0) {
            bail!("buffer `{buffer}`: fill scale must be finite and non-zero");
        }
    }
    Ok(())
}

// ---------------------------------------------------------------- --small

/// Shrinks every benchmark to sizes a CPU driver (lavapipe, ~1 GB/s) runs in milliseconds,
/// keeping kernels, group sizes, fills and checks; the same shapes as cuda/mock/shrink.py.
/// Warm-up and sample lengths shrink too. The shrink knows each `verify.ref`'s layout (which
/// dispatch arguments are sizes), so it rejects a suite whose shapes it does not recognize
/// rather than guessing.
pub fn shrink(s: &mut Suite) -> Result<()> {
    s.defaults.warmup_ms = s.defaults.warmup_ms.min(20.0);
    s.defaults.min_sample_ms = s.defaults.min_sample_ms.min(5.0);
    for b in &mut s.bench {
        shrink_bench(b).with_context(|| format!("--small: benchmark `{}`", b.name))?;
        b.iters = b.iters.clamp(1, 4);
    }
    s.check()
}

/// Sets the `uint` arguments of `d` to `values`, in order; there must be exactly that many.
fn set_uints(d: &mut Dispatch, values: &[u32]) -> Result<()> {
    let slots: Vec<&mut ArgDef> = d.args.iter_mut().filter(|a| a.uint.is_some()).collect();
    if slots.len() != values.len() {
        bail!(
            "dispatch of `{}` has {} uint arguments, expected {}",
            d.kernel,
            slots.len(),
            values.len()
        );
    }
    for (a, &v) in slots.into_iter().zip(values) {
        a.uint = Some(v);
    }
    Ok(())
}

#[allow(clippy::manual_is_multiple_of)] // u64::is_multiple_of is newer than rust-version
fn shrink_bench(b: &mut Bench) -> Result<()> {
    let idx = |b: &Bench, key: &Option<String>| b.verify_buffer(key);
    match b.verify.reference.as_str() {
        "copy" | "saxpy" => {
            const LEN: u64 = 65536;
            let len0 = b.buffers[0].len;
            if b.buffers.iter().any(|x| x.len != len0) || len0 % LEN != 0 {
                bail!("expected equal buffers of a multiple of {LEN} floats");
            }
            let f = len0 / LEN;
            for x in &mut b.buffers {
                x.len = LEN;
            }
            for d in &mut b.dispatches {
                if d.global[0] % (f * d.local[0] as u64) != 0 {
                    bail!("global size {} does not shrink by {f}", d.global[0]);
                }
                d.global[0] /= f;
            }
            b.work /= f;
        }
        "sum" => {
            // Pass 1: 16 groups of 256 over 16384 float4; pass 2: one group over the 16
            // partial sums (4 float4).
            if b.dispatches.len() != 2 {
                bail!("expected two passes");
            }
            let src = idx(b, &b.verify.src)?;
            let partial = match b.dispatches[0].args.get(1).map(|a| b.arg(a)).transpose()? {
                Some(ArgKind::Buffer(i)) => i,
                _ => bail!("pass 1's second argument is not the partial-sum buffer"),
            };
            b.buffers[src].len = 65536;
            b.buffers[partial].len = 16;
            b.dispatches[0].global = [4096, 1, 1];
            set_uints(&mut b.dispatches[0], &[16384])?;
            b.dispatches[1].global = [256, 1, 1];
            set_uints(&mut b.dispatches[1], &[4])?;
            b.work = 65536 * 4 + 16 * 4 * 2 + 4;
        }
        "transpose" => {
            // 128 rows x 256 columns: not square, so swapped sizes show.
            let (rows, cols) = (128u32, 256u32);
            let len = rows as u64 * cols as u64;
            for x in &mut b.buffers {
                x.len = len;
            }
            for d in &mut b.dispatches {
                d.global = [cols as u64, rows as u64, 1];
                set_uints(d, &[cols, rows])?;
            }
            b.verify.rows = Some(rows as u64);
            b.verify.cols = Some(cols as u64);
            b.work = 2 * len * 4;
        }
        "sgemm" => {
            const N: u64 = 128;
            let n0 = b.verify.n.unwrap_or(0);
            if n0 % N != 0 || b.verify.m != Some(n0) || b.verify.k != Some(n0) {
                bail!("expected a square product of a multiple of {N}");
            }
            let f = n0 / N;
            for x in &mut b.buffers {
                x.len = N * N;
            }
            for d in &mut b.dispatches {
                for a in 0..2 {
                    if d.global[a] % (f * d.local[a] as u64) != 0 {
                        bail!("global size {:?} does not shrink by {f}", d.global);
                    }
                    d.global[a] /= f;
                }
                set_uints(d, &[N as u32; 3])?;
            }
            b.verify.m = Some(N);
            b.verify.n = Some(N);
            b.verify.k = Some(N);
            b.verify.sample = b.verify.sample.map(|s| s.min(256));
            b.work = 2 * N * N * N;
        }
        "nbody" => {
            const N: u64 = 1024;
            for x in &mut b.buffers {
                x.len = 4 * N;
            }
            for d in &mut b.dispatches {
                d.global = [N, 1, 1];
                set_uints(d, &[N as u32])?;
            }
            b.verify.n = Some(N);
            b.verify.sample = b.verify.sample.map(|s| s.min(16));
            b.work = N * N * 20;
        }
        other => bail!("no shrink for verify.ref `{other}`"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suite() -> Suite {
        let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../suite.toml");
        Suite::load(&p).expect("bench/gpu/suite.toml loads")
    }

    #[test]
    fn the_suite_parses() {
        let s = suite();
        assert_eq!(s.bench.len(), 8);
        let nb = s.bench.iter().find(|b| b.name == "nbody").unwrap();
        assert!(matches!(&nb.buffers[0].init, Init::Components(v) if v.len() == 4));
        assert_eq!(nb.work, 343597383680);
        let sx = s.bench.iter().find(|b| b.name == "saxpy").unwrap();
        assert_eq!(
            sx.arg(&sx.dispatches[0].args[0]).unwrap(),
            ArgKind::Float(1.5)
        );
    }

    #[test]
    fn small_keeps_shapes_consistent() {
        let mut s = suite();
        shrink(&mut s).unwrap();
        for b in &s.bench {
            let bytes: u64 = b.buffers.iter().map(|x| x.len * 4).sum();
            assert!(bytes <= 1 << 20, "{}: {bytes} bytes", b.name);
        }
        let r = s.bench.iter().find(|b| b.name == "reduce_sum").unwrap();
        // pass 1 writes one partial per group; pass 2 reads them all as float4.
        let groups = r.dispatches[0].global[0] / r.dispatches[0].local[0] as u64;
        assert_eq!(r.buffers[1].len, groups);
        assert_eq!(r.arg(&r.dispatches[1].args[2]).unwrap(), ArgKind::Uint(4));
    }
}
