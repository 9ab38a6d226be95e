//! `suite.toml`: what each benchmark compiles, with which data, which dispatches make one
//! iteration, and how its results are checked. The comment at the top of that file
//! describes every key; this module reads it, resolves the sizes (full or `--tiny`) and
//! expands the dispatch loops into a flat list of launches.

use crate::expr;
use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suite {
    pub schema: u32,
    pub defaults: Defaults,
    #[serde(rename = "bench")]
    pub benches: Vec<Bench>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defaults {
    /// Timed rounds per benchmark (each round: one iteration of each module).
    pub rounds: usize,
    /// clBuildProgram repetitions per module; the build time is their median.
    pub builds: usize,
    /// Untimed iterations of each module before the rounds, for at least this long.
    pub warmup_ms: u64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bench {
    pub name: String,
    /// The OpenCL C file, relative to `suite.toml`.
    pub source: PathBuf,
    /// `-cl-std=` for both compilers.
    #[serde(default = "default_std")]
    pub std: String,
    #[serde(default)]
    pub params: BTreeMap<String, Param>,
    /// Parameters replaced in `--tiny` mode.
    #[serde(default)]
    pub tiny: BTreeMap<String, Param>,
    /// The sparse matrix structure the `csr_*` fills share.
    pub csr: Option<CsrSpec>,
    pub buffers: Vec<BufferSpec>,
    pub steps: Vec<Step>,
    /// How far clc's outputs may be from clang's; absent: bit for bit.
    pub tol: Option<Tol>,
    /// The host-side check: `kind` and its arguments (check.rs).
    pub check: toml::Table,
}

fn default_std() -> String {
    "CL1.2".to_string()
}

/// A parameter: a number, or an integer expression over the other parameters.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Param {
    Int(i64),
    Float(f64),
    Expr(String),
}

/// An integer, written as a number or as an expression (expr.rs).
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Expr {
    Int(i64),
    Text(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ElemType {
    Float,
    Uint,
    Int,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Read by the kernels; written once, from `init`.
    #[default]
    In,
    /// Written by the kernels and compared; starts as `poison` unless `init` says otherwise.
    Out,
    /// Read and written by the kernels, compared; reset from `init` before every iteration.
    Inout,
    /// Scratch space between dispatches: neither reset nor compared.
    Temp,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BufferSpec {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: ElemType,
    pub len: Expr,
    #[serde(default)]
    pub role: Role,
    pub init: Option<Init>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum Init {
    Kind(InitKind),
    Random(Fill),
    /// One fill per vector component: element `i` is element `i / C` of fill `i % C`.
    Components(Vec<Fill>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InitKind {
    /// All bits zero.
    Zero,
    /// Every byte 0xFF (a NaN for floats), so that an element no kernel wrote shows.
    Poison,
    /// The `rows + 1` row offsets of the benchmark's `csr` structure.
    CsrRowPtr,
    /// The column index of each non-zero of the `csr` structure.
    CsrCols,
}

/// Element `i` is `min + x mod (max - min + 1)`, x = splitmix64 output number `i + 1` of the
/// stream seeded `seed`; floats are that divided by `scale`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fill {
    pub seed: u64,
    pub min: i64,
    pub max: i64,
    pub scale: Option<f64>,
}

/// A random sparse matrix: row `r` has `per_row ± vary` non-zeros (rows paired so that the
/// total is exactly `rows * per_row`) in distinct, sorted random columns.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CsrSpec {
    pub rows: Expr,
    pub cols: Expr,
    pub per_row: Expr,
    pub vary: Expr,
    pub seed: u64,
}

/// `|clc - clang| <= abs + rel * max(|clc|, |clang|)` for every float element.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tol {
    #[serde(default)]
    pub abs: f64,
    #[serde(default)]
    pub rel: f64,
}

/// One dispatch, or (`for` and `do`) a loop over dispatches.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    #[serde(rename = "for")]
    pub each: Option<Loop>,
    pub kernel: Option<String>,
    #[serde(default)]
    pub global: Vec<Expr>,
    pub local: Option<Vec<Expr>>,
    #[serde(default)]
    pub args: Vec<Arg>,
    #[serde(rename = "do")]
    pub body: Option<Vec<Step>>,
}

/// `var` from `from` to `to` inclusive; `step` is `+N`, `-N`, `*N` or `/N`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loop {
    pub var: String,
    pub from: Expr,
    pub to: Expr,
    pub step: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Arg {
    Buffer(String),
    Uint(Expr),
    Int(Expr),
    Float(FloatRef),
}

/// A float argument: a number or the name of a float parameter.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum FloatRef {
    Num(f64),
    Name(String),
}

/// A benchmark's parameters, resolved.
#[derive(Debug, Default)]
pub struct Params {
    pub ints: BTreeMap<String, i64>,
    pub floats: BTreeMap<String, f64>,
}

impl Params {
    /// Evaluates an integer expression with the parameters and `vars` (loop variables).
    pub fn int(&self, e: &Expr, vars: &[(String, i64)]) -> Result<i64> {
        match e {
            Expr::Int(v) => Ok(*v),
            Expr::Text(t) => expr::eval(t, &|name| {
                Ok(vars
                    .iter()
                    .rev()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| *v)
                    .or_else(|| self.ints.get(name).copied()))
            })
            .with_context(|| format!("evaluating `{t}`")),
        }
    }

    pub fn float(&self, f: &FloatRef) -> Result<f64> {
        match f {
            FloatRef::Num(v) => Ok(*v),
            FloatRef::Name(n) => self
                .floats
                .get(n)
                .copied()
                .ok_or_else(|| anyhow!("no float parameter `{n}`")),
        }
    }
}

/// A scalar or buffer argument, resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ArgValue {
    /// Index into the benchmark's buffers.
    Buffer(usize),
    U32(u32),
    I32(i32),
    F32(f32),
}

/// One clEnqueueNDRangeKernel.
#[derive(Debug, Clone)]
pub struct Launch {
    pub kernel: String,
    pub global: Vec<usize>,
    pub local: Option<Vec<usize>>,
    pub args: Vec<ArgValue>,
}

/// Dispatch-count guard: a loop written wrong should fail, not hang the run.
const MAX_LAUNCHES: usize = 100_000;

impl Suite {
    pub fn load(path: &Path) -> Result<Suite> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let suite: Suite =
            toml::from_str(&text).with_context(|| format!("parsing {}", path.display()))?;
        if suite.schema != 1 {
            bail!(
                "{}: schema {} (this host reads 1)",
                path.display(),
                suite.schema
            );
        }
        let mut names = HashSet::new();
        for b in &suite.benches {
            if !names.insert(b.name.as_str()) {
                bail!("{}: benchmark `{}` appears twice", path.display(), b.name);
            }
        }
        Ok(suite)
    }
}

impl Bench {
    /// The parameters, with the `tiny` ones replacing theirs when `tiny` is set.
    pub fn params(&self, tiny: bool) -> Result<Params> {
        let mut raw = self.params.clone();
        if tiny {
            for (k, v) in &self.tiny {
                if !raw.contains_key(k) {
                    bail!("tiny parameter `{k}` is not among the parameters");
                }
                raw.insert(k.clone(), v.clone());
            }
        }
        let mut out = Params::default();
        for name in raw.keys() {
            resolve(name, &raw, &mut out, &mut Vec::new())?;
        }
        Ok(out)
    }

    /// Every launch of one iteration, in order.
    pub fn launches(&self, params: &Params) -> Result<Vec<Launch>> {
        let mut out = Vec::new();
        let mut vars = Vec::new();
        expand(self, &self.steps, params, &mut vars, &mut out)?;
        if out.is_empty() {
            bail!("no dispatch");
        }
        Ok(out)
    }

    pub fn buffer_index(&self, name: &str) -> Result<usize> {
        self.buffers
            .iter()
            .position(|b| b.name == name)
            .ok_or_else(|| anyhow!("no buffer `{name}`"))
    }
}

/// Resolves parameter `name` into `out`, resolving those its expression names first.
fn resolve(
    name: &str,
    raw: &BTreeMap<String, Param>,
    out: &mut Params,
    visiting: &mut Vec<String>,
) -> Result<()> {
    if out.ints.contains_key(name) || out.floats.contains_key(name) {
        return Ok(());
    }
    let Some(p) = raw.get(name) else {
        bail!("unknown parameter `{name}`");
    };
    match p {
        Param::Int(v) => {
            out.ints.insert(name.to_string(), *v);
        }
        Param::Float(v) => {
            out.floats.insert(name.to_string(), *v);
        }
        Param::Expr(text) => {
            if visiting.iter().any(|v| v == name) {
                bail!("parameter `{name}` depends on itself");
            }
            visiting.push(name.to_string());
            // Resolve every parameter the expression may name, then evaluate it.
            for dep in raw.keys().filter(|k| mentions(text, k)) {
                resolve(dep, raw, out, visiting)?;
            }
            visiting.pop();
            let v = out
                .int(&Expr::Text(text.clone()), &[])
                .with_context(|| format!("parameter `{name}`"))?;
            out.ints.insert(name.to_string(), v);
        }
    }
    Ok(())
}

/// Whether `text` contains `name` as a whole identifier.
fn mentions(text: &str, name: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|w| w == name)
}

fn expand(
    bench: &Bench,
    steps: &[Step],
    params: &Params,
    vars: &mut Vec<(String, i64)>,
    out: &mut Vec<Launch>,
) -> Result<()> {
    for (i, step) in steps.iter().enumerate() {
        let what = || {
            format!(
                "step {} ({})",
                i + 1,
                step.kernel.as_deref().unwrap_or("loop")
            )
        };
        match &step.each {
            None => one_step(bench, step, params, vars, out).with_context(what)?,
            Some(l) => {
                let from = params.int(&l.from, vars).with_context(what)?;
                let to = params.int(&l.to, vars).with_context(what)?;
                let (op, by) = parse_step(&l.step).with_context(what)?;
                let mut v = from;
                let upward = matches!(op, '+' | '*');
                while (upward && v <= to) || (!upward && v >= to) {
                    vars.push((l.var.clone(), v));
                    let r = one_step(bench, step, params, vars, out);
                    vars.pop();
                    r.with_context(|| format!("{} with {} = {v}", what(), l.var))?;
                    if out.len() > MAX_LAUNCHES {
                        bail!("{}: more than {MAX_LAUNCHES} dispatches", what());
                    }
                    v = match op {
                        '+' => v + by,
                        '-' => v - by,
                        '*' => v * by,
                        _ => v / by,
                    };
                }
            }
        }
    }
    Ok(())
}

/// `+N`, `-N`, `*N` (N >= 2) or `/N` (N >= 2): a step that always moves.
fn parse_step(s: &str) -> Result<(char, i64)> {
    let mut chars = s.trim().chars();
    let op = chars.next().ok_or_else(|| anyhow!("empty loop step"))?;
    let by: i64 = chars
        .as_str()
        .trim()
        .parse()
        .map_err(|e| anyhow!("loop step `{s}`: {e}"))?;
    let ok = match op {
        '+' | '-' => by >= 1,
        '*' | '/' => by >= 2,
        _ => false,
    };
    if !ok {
        bail!("loop step `{s}`: want +N or -N (N >= 1), *N or /N (N >= 2)");
    }
    Ok((op, by))
}

/// The launch of a dispatch step, or the launches of a `do` body.
fn one_step(
    bench: &Bench,
    step: &Step,
    params: &Params,
    vars: &mut Vec<(String, i64)>,
    out: &mut Vec<Launch>,
) -> Result<()> {
    match (&step.kernel, &step.body) {
        (Some(kernel), None) => {
            out.push(launch(bench, kernel, step, params, vars)?);
            Ok(())
        }
        (None, Some(body)) => expand(bench, body, params, vars, out),
        _ => bail!("a step has either `kernel` or `do`"),
    }
}

fn launch(
    bench: &Bench,
    kernel: &str,
    step: &Step,
    params: &Params,
    vars: &[(String, i64)],
) -> Result<Launch> {
    let size = |e: &Expr| -> Result<usize> {
        let v = params.int(e, vars)?;
        usize::try_from(v)
            .ok()
            .filter(|&v| v > 0)
            .ok_or_else(|| anyhow!("work size {v} is not positive"))
    };
    let global = step.global.iter().map(size).collect::<Result<Vec<_>>>()?;
    if global.is_empty() || global.len() > 3 {
        bail!("global has {} dimensions (1 to 3)", global.len());
    }
    let local = match &step.local {
        None => None,
        Some(l) => {
            let l = l.iter().map(size).collect::<Result<Vec<_>>>()?;
            if l.len() != global.len() {
                bail!("local has {} dimensions, global {}", l.len(), global.len());
            }
            if let Some((g, l)) = global.iter().zip(&l).find(|(g, l)| *g % *l != 0) {
                bail!("global size {g} is not a multiple of local size {l}");
            }
            Some(l)
        }
    };
    let args = step
        .args
        .iter()
        .enumerate()
        .map(|(i, a)| arg_value(bench, a, params, vars).with_context(|| format!("arg {i}")))
        .collect::<Result<Vec<_>>>()?;
    Ok(Launch {
        kernel: kernel.to_string(),
        global,
        local,
        args,
    })
}

fn arg_value(bench: &Bench, a: &Arg, params: &Params, vars: &[(String, i64)]) -> Result<ArgValue> {
    Ok(match a {
        Arg::Buffer(name) => ArgValue::Buffer(bench.buffer_index(name)?),
        Arg::Uint(e) => {
            let v = params.int(e, vars)?;
            ArgValue::U32(u32::try_from(v).map_err(|_| anyhow!("{v} does not fit a uint"))?)
        }
        Arg::Int(e) => {
            let v = params.int(e, vars)?;
            ArgValue::I32(i32::try_from(v).map_err(|_| anyhow!("{v} does not fit an int"))?)
        }
        Arg::Float(f) => ArgValue::F32(params.float(f)? as f32),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const BITONIC: &str = r#"
schema = 1
[defaults]
rounds = 3
builds = 1
warmup_ms = 0

[[bench]]
name = "b"
source = "k.cl"
params = { n = 4096, half = "n / 2", scale = 1.5 }
tiny = { n = 1024 }
check = { kind = "sorted" }

[[bench.buffers]]
name = "keys"
type = "uint"
len = "n"
role = "inout"
init = { seed = 1, min = 0, max = 9 }

[[bench.steps]]
kernel = "first"
global = ["half"]
local = [256]
args = [{ buffer = "keys" }, { float = "scale" }]

[[bench.steps]]
for = { var = "k", from = 1024, to = "n", step = "*2" }

[[bench.steps.do]]
for = { var = "j", from = "k / 2", to = 512, step = "/2" }
kernel = "global_step"
global = ["half"]
args = [{ buffer = "keys" }, { uint = "k" }, { uint = "j" }]

[[bench.steps.do]]
kernel = "merge"
global = ["half"]
local = [256]
args = [{ buffer = "keys" }, { uint = "k" }]
"#;

    fn names(launches: &[Launch]) -> Vec<String> {
        launches
            .iter()
            .map(|l| {
                let scalars: Vec<String> = l
                    .args
                    .iter()
                    .filter_map(|a| match a {
                        ArgValue::U32(v) => Some(v.to_string()),
                        _ => None,
                    })
                    .collect();
                format!("{}({})", l.kernel, scalars.join(","))
            })
            .collect()
    }

    #[test]
    fn loops_expand_in_order() {
        let suite: Suite = toml::from_str(BITONIC).unwrap();
        let b = &suite.benches[0];
        let p = b.params(false).unwrap();
        assert_eq!(p.ints["half"], 2048);
        assert_eq!(p.floats["scale"], 1.5);
        let l = b.launches(&p).unwrap();
        assert_eq!(
            names(&l),
            [
                "first()",
                "global_step(1024,512)",
                "merge(1024)",
                "global_step(2048,1024)",
                "global_step(2048,512)",
                "merge(2048)",
                "global_step(4096,2048)",
                "global_step(4096,1024)",
                "global_step(4096,512)",
                "merge(4096)",
            ]
        );
        assert_eq!(l[0].args[1], ArgValue::F32(1.5));

        let tiny = b.params(true).unwrap();
        assert_eq!(tiny.ints["half"], 512);
        assert_eq!(
            names(&b.launches(&tiny).unwrap()),
            ["first()", "global_step(1024,512)", "merge(1024)"]
        );
    }

    #[test]
    fn bad_sizes_are_errors() {
        let text = BITONIC.replace(
            "local = [256]\nargs = [{ buffer = \"keys\" }, { float",
            "local = [300]\nargs = [{ buffer = \"keys\" }, { float",
        );
        let suite: Suite = toml::from_str(&text).unwrap();
        let b = &suite.benches[0];
        let e = b.launches(&b.params(false).unwrap()).unwrap_err();
        assert!(format!("{e:#}").contains("not a multiple"), "{e:#}");

        let cyclic = BITONIC.replace("half = \"n / 2\"", "half = \"half / 2\"");
        let suite: Suite = toml::from_str(&cyclic).unwrap();
        assert!(suite.benches[0].params(false).is_err());
    }

    #[test]
    fn mentions_whole_words() {
        assert!(mentions("cdiv(n, 512)", "n"));
        assert!(!mentions("rows * 2", "row"));
    }
}
