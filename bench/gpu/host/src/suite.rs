//! `suite.toml` (bench/gpu/README.md, "suite.toml"): parsing, evaluating the parameter
//! expressions and loops into plain benchmarks, and checking them. `--small` evaluates the
//! same suite with every benchmark's `small` parameters (tools/suite_h.py --small does the
//! same for the CUDA host's mock test).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;

use crate::expr;

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

/// An integer: a literal or an expression over the parameters (and loop variables).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Expr {
    Int(i64),
    Text(String),
}

/// A float: a literal or the name of a parameter.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum FloatArg {
    Num(Num),
    Param(String),
}

// ---------------------------------------------------------------- the TOML

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSuite {
    schema: u32,
    defaults: Defaults,
    bench: Vec<RawBench>,
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
struct RawBench {
    name: String,
    source: String,
    #[serde(default)]
    std: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    cuda: Option<String>,
    metric: String,
    #[serde(default)]
    params: HashMap<String, Num>,
    #[serde(default)]
    small: HashMap<String, Num>,
    work: Expr,
    #[serde(default)]
    #[allow(dead_code)]
    count: Option<String>,
    iters: u32,
    buffers: Vec<RawBuffer>,
    dispatches: Vec<RawDispatch>,
    verify: RawVerify,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuffer {
    name: String,
    #[serde(rename = "type", default = "float_type")]
    ty: String,
    len: Expr,
    init: RawInit,
}

fn float_type() -> String {
    "float".into()
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum RawInit {
    Named(String),
    Csr(RawCsr),
    One(Fill),
    Components(Vec<Fill>),
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCsr {
    csr: String,
    rows: Expr,
    cols: Expr,
    per_row: Expr,
    vary: Expr,
    seed: u64,
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
struct RawDispatch {
    #[serde(default, rename = "for")]
    for_: Option<RawLoop>,
    #[serde(default, rename = "do")]
    body: Option<Vec<RawDispatch>>,
    #[serde(default)]
    kernel: Option<String>,
    #[serde(default)]
    global: Option<Vec<Expr>>,
    #[serde(default)]
    local: Option<Vec<u32>>,
    #[serde(default)]
    args: Option<Vec<RawArg>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLoop {
    var: String,
    from: Expr,
    to: Expr,
    step: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArg {
    #[serde(default)]
    buffer: Option<String>,
    #[serde(default)]
    uint: Option<Expr>,
    #[serde(default)]
    int: Option<Expr>,
    #[serde(default)]
    float: Option<FloatArg>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVerify {
    #[serde(rename = "ref")]
    reference: String,
    src: Option<String>,
    dst: Option<String>,
    x: Option<String>,
    y: Option<String>,
    a: Option<String>,
    b: Option<String>,
    c: Option<String>,
    pos: Option<String>,
    acc: Option<String>,
    alpha: Option<Num>,
    eps2: Option<Num>,
    tol: Option<Num>,
    sample: Option<Expr>,
    rows: Option<Expr>,
    cols: Option<Expr>,
    m: Option<Expr>,
    n: Option<Expr>,
    k: Option<Expr>,
    ctr: Option<Expr>,
    k0: Option<Expr>,
    k1: Option<Expr>,
    max: Option<Expr>,
    #[serde(default)]
    outputs: Vec<String>,
    xtol: Option<XTol>,
    xmismatch: Option<f64>,
}

/// How far CUDA's and Vulkan's floats may differ: `abs + rel * max(|a|, |b|)`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // read by tools/summarize.py; parsed here to check the suite
pub struct XTol {
    #[serde(default)]
    pub rel: f64,
    #[serde(default)]
    pub abs: f64,
}

// ---------------------------------------------------------------- evaluated

#[derive(Debug, Clone)]
pub struct Suite {
    pub defaults: Defaults,
    pub bench: Vec<Bench>,
    /// The folder of the suite file (sources are relative to it).
    pub dir: PathBuf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Float,
    Uint,
    Int,
}

impl Ty {
    pub fn name(self) -> &'static str {
        match self {
            Ty::Float => "float",
            Ty::Uint => "uint",
            Ty::Int => "int",
        }
    }
}

/// A buffer's initial contents.
#[derive(Debug, Clone)]
pub enum Init {
    Poison,
    Zero,
    /// One fill per vector component (one: every element).
    Fill(Vec<Fill>),
    /// A CSR structure: the row offsets or the column indices.
    Csr {
        row_ptr: bool,
        rows: u64,
        cols: u64,
        per_row: u64,
        vary: u64,
        seed: u64,
    },
}

#[derive(Debug, Clone)]
pub struct BufferDef {
    pub name: String,
    pub ty: Ty,
    pub len: u64,
    pub init: Init,
}

/// A checked argument.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgKind {
    Buffer(usize),
    Uint(u32),
    Int(i32),
    Float(f32),
}

#[derive(Debug, Clone)]
pub struct Dispatch {
    pub kernel: String,
    pub global: [u64; 3],
    pub local: [u32; 3],
    pub args: Vec<ArgKind>,
}

#[derive(Debug, Clone, Default)]
pub struct Verify {
    pub reference: String,
    /// Buffer keys, resolved to indices.
    pub bufs: HashMap<&'static str, usize>,
    /// Integer keys, evaluated.
    pub ints: HashMap<&'static str, u64>,
    pub alpha: f64,
    pub eps2: f64,
    pub tol: f64,
    pub outputs: Vec<usize>,
    #[allow(dead_code)] // tools/summarize.py's
    pub xtol: Option<XTol>,
    #[allow(dead_code)]
    pub xmismatch: Option<f64>,
}

impl Verify {
    pub fn buf(&self, key: &str) -> Result<usize> {
        self.bufs
            .get(key)
            .copied()
            .ok_or_else(|| anyhow!("verify.{key} missing"))
    }
    pub fn int(&self, key: &str) -> Result<u64> {
        self.ints
            .get(key)
            .copied()
            .ok_or_else(|| anyhow!("verify.{key} missing"))
    }
}

#[derive(Debug, Clone)]
pub struct Bench {
    pub name: String,
    pub source: String,
    pub std: Option<String>,
    pub metric: String,
    pub work: u64,
    pub iters: u32,
    pub buffers: Vec<BufferDef>,
    pub dispatches: Vec<Dispatch>,
    pub verify: Verify,
}

/// Per `ref`: the buffer keys and the other keys it needs.
fn ref_keys(reference: &str) -> Option<(&'static [&'static str], &'static [&'static str])> {
    Some(match reference {
        "copy" => (&["src", "dst"], &["sample"]),
        "saxpy" => (&["x", "y"], &["alpha", "sample", "tol"]),
        "sum" => (&["src", "dst"], &["tol"]),
        "dot" => (&["x", "y", "dst"], &["tol"]),
        "transpose" => (&["src", "dst"], &["rows", "cols", "sample"]),
        "sgemm" => (&["a", "b", "c"], &["m", "n", "k", "sample", "tol"]),
        "nbody" => (&["pos", "acc"], &["n", "eps2", "sample", "tol"]),
        "none" => (&[], &[]),
        "exclusive_scan" => (&["src", "dst"], &[]),
        "histogram" => (&["src", "dst"], &[]),
        "sorted" => (&["src", "dst"], &[]),
        "philox" => (&["dst"], &["ctr", "k0", "k1", "sample"]),
        "floyd" => (&["src", "dst"], &["n", "sample"]),
        "kmeans" => (&["a", "b", "c"], &["m", "n", "k", "sample"]),
        "max" => (&["dst"], &["max"]),
        _ => return None,
    })
}

pub const REFS: &str = "copy, saxpy, sum, dot, transpose, sgemm, nbody, none, exclusive_scan, \
histogram, sorted, philox, floyd, kmeans, max";

/// The module name of a source: its file name without the extension (`kernels/copy.cl` →
/// `copy`).
pub fn source_stem(source: &str) -> Result<String> {
    Path::new(source)
        .file_stem()
        .and_then(|s| s.to_str())
        .map(str::to_string)
        .ok_or_else(|| anyhow!("source `{source}` has no file name"))
}

impl Suite {
    /// Reads, evaluates (with the `small` parameters when `small`) and checks `path`.
    pub fn load(path: &Path, small: bool) -> Result<Suite> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        Suite::parse(&text, path, small)
    }

    pub fn parse(text: &str, path: &Path, small: bool) -> Result<Suite> {
        let raw: RawSuite =
            toml::from_str(text).with_context(|| format!("parsing {}", path.display()))?;
        if raw.schema != 2 {
            bail!("suite schema {} (this host reads schema 2)", raw.schema);
        }
        let mut defaults = raw.defaults;
        if small {
            defaults.warmup_ms = defaults.warmup_ms.min(20.0);
            defaults.min_sample_ms = defaults.min_sample_ms.min(5.0);
        }
        let mut bench = Vec::new();
        let mut names = HashSet::new();
        let mut stems: HashMap<String, String> = HashMap::new();
        for rb in &raw.bench {
            if !names.insert(rb.name.clone()) {
                bail!("benchmark `{}` twice", rb.name);
            }
            let stem = source_stem(&rb.source)?;
            if let Some(other) = stems.insert(stem.clone(), rb.source.clone()) {
                if other != rb.source {
                    bail!(
                        "sources `{other}` and `{}` share the module name `{stem}`",
                        rb.source
                    );
                }
            }
            let mut b = resolve(rb, small).with_context(|| format!("benchmark `{}`", rb.name))?;
            if small {
                b.iters = b.iters.clamp(1, 4);
            }
            bench.push(b);
        }
        let dir = path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("."));
        Ok(Suite {
            defaults,
            bench,
            dir,
        })
    }

    /// The distinct sources, in suite order, with their `std`.
    pub fn sources(&self) -> Vec<(String, Option<String>)> {
        let mut v: Vec<(String, Option<String>)> = Vec::new();
        for b in &self.bench {
            if !v.iter().any(|(s, _)| s == &b.source) {
                v.push((b.source.clone(), b.std.clone()));
            }
        }
        v
    }
}

struct Scope<'a> {
    params: &'a HashMap<String, Num>,
    vars: Vec<(String, i64)>,
}

impl Scope<'_> {
    fn int(&self, e: &Expr) -> Result<i64> {
        match e {
            Expr::Int(i) => Ok(*i),
            Expr::Text(t) => expr::eval(t, &|name| {
                if let Some((_, v)) = self.vars.iter().rev().find(|(n, _)| n == name) {
                    return Ok(Some(*v));
                }
                match self.params.get(name) {
                    Some(Num::Int(i)) => Ok(Some(*i)),
                    Some(Num::Float(_)) => bail!("parameter `{name}` is not an integer"),
                    None => Ok(None),
                }
            })
            .with_context(|| format!("evaluating `{t}`")),
        }
    }

    fn uint(&self, e: &Expr, what: &str) -> Result<u64> {
        let v = self.int(e)?;
        u64::try_from(v).map_err(|_| anyhow!("{what}: {v} is negative"))
    }

    fn float(&self, f: &FloatArg) -> Result<f64> {
        match f {
            FloatArg::Num(n) => Ok(n.f64()),
            FloatArg::Param(p) => self
                .params
                .get(p)
                .map(|n| n.f64())
                .ok_or_else(|| anyhow!("no parameter `{p}`")),
        }
    }
}

fn resolve(rb: &RawBench, small: bool) -> Result<Bench> {
    if !matches!(rb.metric.as_str(), "gbps" | "gflops" | "gitems") {
        bail!("metric is gbps, gflops or gitems, not `{}`", rb.metric);
    }
    let mut params = rb.params.clone();
    if small {
        for (k, v) in &rb.small {
            if !params.contains_key(k) {
                bail!("small.{k} is not a parameter");
            }
            params.insert(k.clone(), *v);
        }
    }
    let scope = Scope {
        params: &params,
        vars: Vec::new(),
    };
    let mut buffers = Vec::new();
    for b in &rb.buffers {
        let ty = match b.ty.as_str() {
            "float" => Ty::Float,
            "uint" => Ty::Uint,
            "int" => Ty::Int,
            other => bail!("buffer `{}`: type `{other}`", b.name),
        };
        let len = scope.uint(&b.len, &format!("buffer `{}` len", b.name))?;
        if len == 0 {
            bail!("buffer `{}`: empty", b.name);
        }
        if buffers.iter().any(|x: &BufferDef| x.name == b.name) {
            bail!("buffer `{}` twice", b.name);
        }
        let init = match &b.init {
            RawInit::Named(n) if n == "poison" => Init::Poison,
            RawInit::Named(n) if n == "zero" => Init::Zero,
            RawInit::Named(n) => bail!("buffer `{}`: init `{n}`", b.name),
            RawInit::One(f) => {
                check_fill(f, &b.name, ty)?;
                Init::Fill(vec![*f])
            }
            RawInit::Components(v) => {
                if v.is_empty() || v.len() > 4 {
                    bail!("buffer `{}`: 1 to 4 fills", b.name);
                }
                for f in v {
                    check_fill(f, &b.name, ty)?;
                }
                Init::Fill(v.clone())
            }
            RawInit::Csr(c) => {
                let row_ptr = match c.csr.as_str() {
                    "row_ptr" => true,
                    "cols" => false,
                    other => bail!("buffer `{}`: csr = `{other}` (row_ptr or cols)", b.name),
                };
                if ty != Ty::Uint {
                    bail!("buffer `{}`: a CSR structure is uint", b.name);
                }
                let rows = scope.uint(&c.rows, "csr rows")?;
                let per_row = scope.uint(&c.per_row, "csr per_row")?;
                let vary = scope.uint(&c.vary, "csr vary")?;
                let cols = scope.uint(&c.cols, "csr cols")?;
                if vary > per_row || rows % 2 != 0 || cols == 0 {
                    bail!(
                        "buffer `{}`: csr needs vary <= per_row, an even row count, cols > 0",
                        b.name
                    );
                }
                let want = if row_ptr { rows + 1 } else { rows * per_row };
                if len != want {
                    bail!(
                        "buffer `{}`: a CSR {} has {want} elements, not {len}",
                        b.name,
                        c.csr
                    );
                }
                Init::Csr {
                    row_ptr,
                    rows,
                    cols,
                    per_row,
                    vary,
                    seed: c.seed,
                }
            }
        };
        buffers.push(BufferDef {
            name: b.name.clone(),
            ty,
            len,
            init,
        });
    }
    let index = |name: &str| -> Result<usize> {
        buffers
            .iter()
            .position(|b| b.name == name)
            .ok_or_else(|| anyhow!("no buffer `{name}`"))
    };
    let mut dispatches = Vec::new();
    let mut scope = scope;
    expand(&rb.dispatches, &mut scope, &index, &mut dispatches)?;
    if dispatches.is_empty() {
        bail!("no dispatches");
    }
    let work = scope.uint(&rb.work, "work")?;

    let v = &rb.verify;
    let (bkeys, okeys) =
        ref_keys(&v.reference).ok_or_else(|| anyhow!("verify.ref `{}` ({REFS})", v.reference))?;
    let mut verify = Verify {
        reference: v.reference.clone(),
        alpha: v.alpha.map_or(0.0, Num::f64),
        eps2: v.eps2.map_or(0.0, Num::f64),
        tol: v.tol.map_or(0.0, Num::f64),
        xtol: v.xtol,
        xmismatch: v.xmismatch,
        ..Verify::default()
    };
    let buffer_keys: [(&'static str, &Option<String>); 9] = [
        ("src", &v.src),
        ("dst", &v.dst),
        ("x", &v.x),
        ("y", &v.y),
        ("a", &v.a),
        ("b", &v.b),
        ("c", &v.c),
        ("pos", &v.pos),
        ("acc", &v.acc),
    ];
    for (key, val) in buffer_keys {
        if let Some(name) = val {
            verify
                .bufs
                .insert(key, index(name).with_context(|| format!("verify.{key}"))?);
        }
    }
    let int_keys: [(&'static str, &Option<Expr>); 10] = [
        ("sample", &v.sample),
        ("rows", &v.rows),
        ("cols", &v.cols),
        ("m", &v.m),
        ("n", &v.n),
        ("k", &v.k),
        ("ctr", &v.ctr),
        ("k0", &v.k0),
        ("k1", &v.k1),
        ("max", &v.max),
    ];
    for (key, val) in int_keys {
        if let Some(e) = val {
            verify
                .ints
                .insert(key, scope.uint(e, &format!("verify.{key}"))?);
        }
    }
    for key in bkeys {
        if !verify.bufs.contains_key(key) {
            bail!("verify.{key} missing for ref `{}`", v.reference);
        }
    }
    for key in okeys {
        let present = match *key {
            "alpha" => v.alpha.is_some(),
            "eps2" => v.eps2.is_some(),
            "tol" => v.tol.is_some(),
            k => verify.ints.contains_key(k),
        };
        if !present {
            bail!("verify.{key} missing for ref `{}`", v.reference);
        }
    }
    for o in &v.outputs {
        verify
            .outputs
            .push(index(o).with_context(|| format!("verify.outputs `{o}`"))?);
    }
    if let Some(m) = v.xmismatch {
        if !(0.0..=1.0).contains(&m) {
            bail!("verify.xmismatch is a fraction");
        }
    }
    Ok(Bench {
        name: rb.name.clone(),
        source: rb.source.clone(),
        std: rb.std.clone(),
        metric: rb.metric.clone(),
        work,
        iters: rb.iters.max(1),
        buffers,
        dispatches,
        verify,
    })
}

/// Appends the dispatches of `raw` (loops unrolled) to `out`.
fn expand(
    raw: &[RawDispatch],
    scope: &mut Scope,
    index: &dyn Fn(&str) -> Result<usize>,
    out: &mut Vec<Dispatch>,
) -> Result<()> {
    for d in raw {
        if let Some(l) = &d.for_ {
            let from = scope.int(&l.from)?;
            let to = scope.int(&l.to)?;
            let (op, by) = l.step.split_at(l.step.len().min(1));
            let by: i64 = by
                .trim()
                .parse()
                .map_err(|_| anyhow!("loop step `{}`: +N, -N, *N or /N", l.step))?;
            let ok = match op {
                "+" | "-" => by > 0,
                "*" | "/" => by > 1,
                _ => false,
            };
            if !ok {
                bail!("loop step `{}`: +N, -N (N > 0), *N or /N (N > 1)", l.step);
            }
            let mut v = from;
            let mut count = 0;
            while (matches!(op, "+" | "*") && v <= to) || (matches!(op, "-" | "/") && v >= to) {
                count += 1;
                if count > 1_000_000 {
                    bail!("loop over `{}` runs more than 10^6 times", l.var);
                }
                scope.vars.push((l.var.clone(), v));
                let inner = RawDispatch {
                    for_: None,
                    ..d.clone()
                };
                let r = if let Some(body) = &d.body {
                    if d.kernel.is_some() {
                        Err(anyhow!("a loop has either `do` or a kernel"))
                    } else {
                        expand(body, scope, index, out)
                    }
                } else {
                    expand(std::slice::from_ref(&inner), scope, index, out)
                };
                scope.vars.pop();
                r?;
                v = match op {
                    "+" => v + by,
                    "-" => v - by,
                    "*" => v * by,
                    _ => v / by,
                };
            }
            continue;
        }
        if d.body.is_some() {
            bail!("`do` needs a `for`");
        }
        let kernel = d
            .kernel
            .clone()
            .ok_or_else(|| anyhow!("a dispatch without a kernel"))?;
        let g = d
            .global
            .as_ref()
            .ok_or_else(|| anyhow!("`{kernel}`: no global"))?;
        let l = d
            .local
            .as_ref()
            .ok_or_else(|| anyhow!("`{kernel}`: no local"))?;
        if g.len() != 3 || l.len() != 3 {
            bail!("`{kernel}`: global and local have 3 entries");
        }
        let mut global = [0u64; 3];
        for (i, e) in g.iter().enumerate() {
            global[i] = scope.uint(e, "global")?;
        }
        let local = [l[0], l[1], l[2]];
        for a in 0..3 {
            if local[a] == 0 || global[a] == 0 || global[a] % local[a] as u64 != 0 {
                bail!("`{kernel}`: global {global:?} is not a multiple of local {local:?}");
            }
        }
        let mut args = Vec::new();
        for a in d.args.as_deref().unwrap_or(&[]) {
            args.push(match (&a.buffer, &a.uint, &a.int, &a.float) {
                (Some(b), None, None, None) => ArgKind::Buffer(index(b)?),
                (None, Some(e), None, None) => {
                    let v = scope.int(e)?;
                    ArgKind::Uint(u32::try_from(v).map_err(|_| anyhow!("uint {v} out of range"))?)
                }
                (None, None, Some(e), None) => {
                    let v = scope.int(e)?;
                    ArgKind::Int(i32::try_from(v).map_err(|_| anyhow!("int {v} out of range"))?)
                }
                (None, None, None, Some(f)) => ArgKind::Float(scope.float(f)? as f32),
                _ => bail!("an argument is exactly one of {{ buffer }}, {{ uint }}, {{ int }}, {{ float }}"),
            });
        }
        out.push(Dispatch {
            kernel,
            global,
            local,
            args,
        });
    }
    Ok(())
}

fn check_fill(f: &Fill, buffer: &str, ty: Ty) -> Result<()> {
    if f.min > f.max {
        bail!("buffer `{buffer}`: fill min > max");
    }
    match ty {
        Ty::Float => {}
        Ty::Uint if f.min >= 0 && f.max <= u32::MAX as i64 => {}
        Ty::Int if f.min >= i32::MIN as i64 && f.max <= i32::MAX as i64 => {}
        _ => bail!("buffer `{buffer}`: fill range does not fit {}", ty.name()),
    }
    if let Some(s) = f.scale {
        if ty != Ty::Float {
            bail!("buffer `{buffer}`: scale is for float buffers");
        }
        if !(s.f64().is_finite() && s.f64() != 0.0) {
            bail!("buffer `{buffer}`: fill scale must be finite and non-zero");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn suite(small: bool) -> Suite {
        let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../suite.toml");
        Suite::load(&p, small).expect("bench/gpu/suite.toml loads")
    }

    #[test]
    fn the_suite_parses() {
        let s = suite(false);
        assert_eq!(s.bench.len(), 27);
        let nb = s.bench.iter().find(|b| b.name == "nbody").unwrap();
        assert!(matches!(&nb.buffers[0].init, Init::Fill(v) if v.len() == 4));
        assert_eq!(nb.work, 343597383680);
        let sx = s.bench.iter().find(|b| b.name == "saxpy").unwrap();
        assert_eq!(sx.dispatches[0].args[0], ArgKind::Float(1.5));
        // bitonic: restore, local sort, then for k = 2^s, s = 10 .. 24: s - 9 global steps
        // (j = k/2 .. 512) and a merge: 2 + sum_{s=10}^{24} (s - 9) + 15 = 2 + 120 + 15.
        let bs = s.bench.iter().find(|b| b.name == "bitonic_sort").unwrap();
        assert_eq!(bs.dispatches.len(), 2 + 120 + 15);
        assert_eq!(bs.dispatches[2].kernel, "bitonic_global_step");
        assert_eq!(
            bs.dispatches[2].args[1..],
            [ArgKind::Uint(1024), ArgKind::Uint(512)]
        );
        assert_eq!(bs.dispatches[3].kernel, "bitonic_local_merge");
        let fw = s.bench.iter().find(|b| b.name == "floyd_warshall").unwrap();
        assert_eq!(fw.dispatches.len(), 2049);
        assert_eq!(fw.dispatches[2048].args[2], ArgKind::Uint(2047));
        let sc = s.bench.iter().find(|b| b.name == "scan").unwrap();
        assert_eq!(sc.buffers[2].len, 131072);
        assert_eq!(sc.buffers[4].len, 256);
        let mb = s.bench.iter().find(|b| b.name == "mandelbrot").unwrap();
        assert_eq!(mb.dispatches[0].args[4], ArgKind::Float(0.00030517578125));
    }

    #[test]
    fn small_keeps_shapes_consistent() {
        let s = suite(true);
        for b in &s.bench {
            let bytes: u64 = b.buffers.iter().map(|x| x.len * 4).sum();
            assert!(bytes <= 1 << 20, "{}: {bytes} bytes", b.name);
            assert!(b.iters <= 4);
        }
        let r = s.bench.iter().find(|b| b.name == "reduce_sum").unwrap();
        // pass 1 writes one partial per group; pass 2 reads them all as float4.
        let groups = r.dispatches[0].global[0] / r.dispatches[0].local[0] as u64;
        assert_eq!(r.buffers[1].len, groups);
        assert_eq!(r.dispatches[1].args[2], ArgKind::Uint(4));
        let sc = s.bench.iter().find(|b| b.name == "scan").unwrap();
        assert_eq!(sc.buffers[2].len, 10);
        assert_eq!(sc.buffers[4].len, 1);
    }

    #[test]
    fn loops_and_errors() {
        let text = |disp: &str| {
            format!(
                "schema = 2\n[defaults]\nwarmup_ms = 1\nmin_sample_ms = 1\nrounds = 1\nsample_stride = 7\n\
                 [[bench]]\nname = \"t\"\nsource = \"t.cl\"\nmetric = \"gbps\"\nparams = {{ n = 8 }}\n\
                 work = \"n\"\niters = 1\n[[bench.buffers]]\nname = \"b\"\nlen = \"n\"\ninit = \"zero\"\n\
                 {disp}\n[bench.verify]\nref = \"none\"\n"
            )
        };
        let p = Path::new("x/suite.toml");
        let s = Suite::parse(
            &text("[[bench.dispatches]]\nfor = { var = \"k\", from = \"n\", to = 1, step = \"/2\" }\n\
                   kernel = \"f\"\nglobal = [\"n\", 1, 1]\nlocal = [1, 1, 1]\nargs = [{ uint = \"k\" }, { int = \"-k\" }]"),
            p,
            false,
        )
        .unwrap();
        let ks: Vec<_> = s.bench[0]
            .dispatches
            .iter()
            .map(|d| d.args[0].clone())
            .collect();
        assert_eq!(
            ks,
            [
                ArgKind::Uint(8),
                ArgKind::Uint(4),
                ArgKind::Uint(2),
                ArgKind::Uint(1)
            ]
        );
        assert_eq!(s.bench[0].dispatches[3].args[1], ArgKind::Int(-1));
        assert!(Suite::parse(
            &text(
                "[[bench.dispatches]]\nkernel = \"f\"\nglobal = [\"n\", 1, 1]\nlocal = [3, 1, 1]"
            ),
            p,
            false
        )
        .is_err());
        assert!(Suite::parse(
            &text("[[bench.dispatches]]\nfor = { var = \"k\", from = 1, to = 2, step = \"*1\" }\nkernel = \"f\"\nglobal = [1, 1, 1]\nlocal = [1, 1, 1]"),
            p,
            false
        )
        .is_err());
    }
}
