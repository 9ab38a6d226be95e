//! Kernel spec files: `kernels/<group>/<name>.toml` next to `kernels/<group>/<name>.cl`.
//!
//! ```toml
//! cl_std = "CL1.2"          # optional, default CL1.2
//! options = ["-DSCALE=2"]   # optional; passed to both compilers
//! source = "other.cl"       # optional, relative to this file; default: same stem, `.cl`
//! pending = "switch, vectors"   # optional: compiler features clc does not have yet
//! reference_broken = "why"  # optional: clang-22's SPIR-V for this kernel is known to be wrong
//!
//! [[run]]
//! kernel = "vadd"
//! global = [16]             # 1 to 3 dimensions
//! local = [16]              # optional
//! offset = [0]              # optional global work offset (as many dimensions as `global`)
//!
//! [[run.args]]              # one per kernel parameter, in order
//! name = "a"                # the parameter's name (used in messages)
//! kind = "buffer"           # buffer | scalar | local
//! type = "float"            # char uchar short ushort int uint long ulong float double
//! data = [1.0, 2.0]         # initial contents, or `fill = ...` with `len = N`
//! expect = [3.0, 4.0]       # optional: expected contents afterwards (marks it an output)
//! output = true             # optional: read it back and compare clc vs clang without `expect`
//! ulp = 0                   # optional float tolerance for `expect` and the clang comparison
//!
//! [[run.args]]
//! name = "n"
//! kind = "scalar"
//! type = "uint"
//! value = 16
//!
//! [[run.args]]
//! name = "scratch"
//! kind = "local"            # __local pointer parameter: clSetKernelArg(size, NULL)
//! type = "float"
//! len = 16                  # elements
//! ```
//! `fill` is `"zero"`, `"iota"` or `{ seed = S, min = A, max = B, scale = K }`; see
//! [`crate::values`] for the exact generator. A buffer with only `len` is zero-filled.
//! Unknown keys are errors (typo protection).
//!
//! `pending` is a comma-separated list of feature names (lowercase letters, digits and `-`;
//! [`KNOWN_FEATURES`] lists the usual ones). `clc-run` skips pending specs unless told
//! `--include-pending`. `reference_broken` names the clang-22 bug that makes the reference
//! module wrong or unrunnable: the reference still runs, but its failures are reported as known
//! and do not fail the spec.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::values::{ElemType, Values};

/// The feature names `pending` normally uses (others are allowed; `clc-run` warns about them).
pub const KNOWN_FEATURES: &[&str] = &[
    "vectors",
    "swizzles",
    "vector-literals",
    "switch",
    "goto",
    "math-builtins",
    "integer-builtins",
    "common-builtins",
    "geometric-builtins",
    "relational-builtins",
    "vload-vstore",
    "conversions",
    "as-type",
    "atomics",
    "async-copy",
    "unions",
    "designated-init",
    "compound-literals",
    "program-scope-global-init",
    "static-locals",
    "generic-builtins",
    "kernel-attributes",
    "build-options",
    "half",
    "double",
    "printf",
    "images",
];

/// A parsed spec file with its buffers already generated.
#[derive(Clone, Debug)]
pub struct SpecFile {
    /// The `.toml` file.
    pub path: PathBuf,
    /// The OpenCL C source (absolute or relative like `path`).
    pub source: PathBuf,
    /// `CL1.2`, `CL2.0`, ... (passed as `-cl-std=<cl_std>`).
    pub cl_std: String,
    /// Extra compiler options (`-D...`, `-I...`), passed to both compilers.
    pub options: Vec<String>,
    /// `pending = "a, b"`: compiler features the kernel needs that clc does not have yet.
    pub pending: Option<String>,
    /// `reference_broken = "reason"`: clang-22's SPIR-V for this kernel is known to be wrong or
    /// not to run on the driver.
    pub reference_broken: Option<String>,
    pub runs: Vec<Run>,
}

/// One kernel launch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    pub kernel: String,
    pub global: Vec<usize>,
    pub local: Option<Vec<usize>>,
    /// Global work offset (`get_global_offset`), as many dimensions as `global`.
    #[serde(default)]
    pub offset: Option<Vec<usize>>,
    pub args: Vec<Arg>,
}

/// One kernel argument, by position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Arg {
    pub name: String,
    pub ty: ElemType,
    pub kind: ArgKind,
    /// Expected buffer contents after the run (buffers only).
    pub expect: Option<Values>,
    /// Float tolerance in units in the last place (0 = bit-exact, NaN matches any NaN).
    pub ulp: u64,
    /// Read back even without `expect` (then only clc vs reference is compared).
    pub output: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ArgKind {
    /// A `__global`/`__constant` buffer with its initial contents.
    Buffer { init: Values },
    /// A by-value scalar (exactly one element).
    Scalar { value: Values },
    /// A `__local` pointer: `len` elements of `ty` allocated by the runtime.
    Local { len: usize },
}

impl Arg {
    /// Whether this argument is read back after the run.
    pub fn is_output(&self) -> bool {
        matches!(self.kind, ArgKind::Buffer { .. }) && (self.expect.is_some() || self.output)
    }
}

impl Run {
    /// `kernel[global]`, `kernel[global/local]`, with `@offset` after `global` when there is
    /// one (`k[16x8@2x1/4x4]`), for messages.
    pub fn label(&self) -> String {
        let dims = |v: &[usize]| {
            v.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("x")
        };
        let mut s = format!("{}[{}", self.kernel, dims(&self.global));
        if let Some(o) = &self.offset {
            s.push_str(&format!("@{}", dims(o)));
        }
        if let Some(l) = &self.local {
            s.push_str(&format!("/{}", dims(l)));
        }
        s.push(']');
        s
    }
}

// ---- raw TOML shapes ----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpec {
    source: Option<PathBuf>,
    cl_std: Option<String>,
    #[serde(default)]
    options: Vec<String>,
    pending: Option<String>,
    reference_broken: Option<String>,
    #[serde(default)]
    run: Vec<RawRun>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRun {
    kernel: String,
    global: Vec<usize>,
    local: Option<Vec<usize>>,
    offset: Option<Vec<usize>>,
    #[serde(default)]
    args: Vec<RawArg>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArg {
    name: String,
    kind: String,
    #[serde(rename = "type")]
    ty: String,
    data: Option<Vec<toml::Value>>,
    fill: Option<RawFill>,
    len: Option<usize>,
    value: Option<toml::Value>,
    expect: Option<Vec<toml::Value>>,
    ulp: Option<u64>,
    output: Option<bool>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawFill {
    Named(String),
    Random {
        seed: u64,
        min: i64,
        max: i64,
        scale: Option<f64>,
    },
}

impl SpecFile {
    /// Parses `toml_path` and generates all buffers.
    pub fn load(toml_path: &Path) -> Result<SpecFile> {
        let text = std::fs::read_to_string(toml_path)
            .with_context(|| format!("reading {}", toml_path.display()))?;
        Self::parse(toml_path, &text).with_context(|| format!("in spec {}", toml_path.display()))
    }

    /// Parses spec text as if it were the file `toml_path` (used for `source` resolution).
    pub fn parse(toml_path: &Path, text: &str) -> Result<SpecFile> {
        let raw: RawSpec = toml::from_str(text)?;
        let dir = toml_path.parent().unwrap_or(Path::new("."));
        let source = match raw.source {
            Some(s) => dir.join(s),
            None => toml_path.with_extension("cl"),
        };
        if raw.run.is_empty() {
            bail!("no [[run]] entries");
        }
        let pending = match &raw.pending {
            Some(p) => Some(parse_features(p).context("in `pending`")?.join(", ")),
            None => None,
        };
        if raw
            .reference_broken
            .as_deref()
            .is_some_and(|r| r.trim().is_empty())
        {
            bail!("`reference_broken` must name the reason");
        }
        let runs = raw
            .run
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                let k = r.kernel.clone();
                convert_run(r).with_context(|| format!("run #{} (kernel `{k}`)", i + 1))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(SpecFile {
            path: toml_path.to_path_buf(),
            source,
            cl_std: raw.cl_std.unwrap_or_else(|| "CL1.2".to_string()),
            options: raw.options,
            pending,
            reference_broken: raw.reference_broken.map(|r| r.trim().to_string()),
            runs,
        })
    }

    /// The `pending` features, in order (empty when the spec is not pending).
    pub fn pending_features(&self) -> Vec<&str> {
        self.pending
            .as_deref()
            .map(|p| p.split(',').map(str::trim).collect())
            .unwrap_or_default()
    }
}

/// Splits a `pending` list; each name must be non-empty `[a-z0-9-]+`, with no repeats.
fn parse_features(list: &str) -> Result<Vec<&str>> {
    let mut out: Vec<&str> = Vec::new();
    for f in list.split(',').map(str::trim) {
        if f.is_empty() {
            bail!("empty feature name in {list:?} (expected e.g. \"switch, vectors\")");
        }
        if !f
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            bail!("feature name {f:?} must be lowercase letters, digits and `-`");
        }
        if out.contains(&f) {
            bail!("feature {f:?} is listed twice");
        }
        out.push(f);
    }
    Ok(out)
}

fn convert_run(r: RawRun) -> Result<Run> {
    if r.global.is_empty() || r.global.len() > 3 {
        bail!("`global` must have 1 to 3 dimensions");
    }
    if r.global.contains(&0) {
        bail!("`global` sizes must be non-zero");
    }
    if let Some(l) = &r.local {
        if l.len() != r.global.len() {
            bail!("`local` must have as many dimensions as `global`");
        }
        for (g, l) in r.global.iter().zip(l) {
            if *l == 0 || g % l != 0 {
                bail!("`local` size {l} must be non-zero and divide `global` size {g}");
            }
        }
    }
    if let Some(o) = &r.offset {
        if o.len() != r.global.len() {
            bail!("`offset` must have as many dimensions as `global`");
        }
    }
    let args = r
        .args
        .into_iter()
        .map(|a| {
            let n = a.name.clone();
            convert_arg(a).with_context(|| format!("arg `{n}`"))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Run {
        kernel: r.kernel,
        global: r.global,
        local: r.local,
        offset: r.offset,
        args,
    })
}

fn convert_arg(a: RawArg) -> Result<Arg> {
    let ty = ElemType::parse(&a.ty)?;
    let no = |what: &str, present: bool| -> Result<()> {
        if present {
            bail!("`{what}` is not allowed for kind = \"{}\"", a.kind);
        }
        Ok(())
    };
    let kind = match a.kind.as_str() {
        "buffer" => {
            no("value", a.value.is_some())?;
            let init = match (&a.data, &a.fill) {
                (Some(_), Some(_)) => bail!("give either `data` or `fill`, not both"),
                (Some(d), None) => {
                    let v = Values::from_toml(ty, d).context("in `data`")?;
                    if let Some(len) = a.len {
                        if len != v.len() {
                            bail!("`len` = {len} but `data` has {} elements", v.len());
                        }
                    }
                    v
                }
                (None, Some(f)) => {
                    let len = a.len.ok_or_else(|| anyhow!("`fill` needs `len`"))?;
                    match f {
                        RawFill::Named(n) if n == "zero" => Values::zeroed(ty, len),
                        RawFill::Named(n) if n == "iota" => Values::iota(ty, len),
                        RawFill::Named(n) => bail!("unknown fill {n:?} (expected \"zero\", \"iota\" or {{ seed, min, max }})"),
                        RawFill::Random { seed, min, max, scale } => Values::random(ty, len, *seed, *min, *max, *scale)?,
                    }
                }
                (None, None) => match a.len {
                    Some(len) => Values::zeroed(ty, len),
                    None => bail!("a buffer needs `data`, or `fill` and `len`, or `len`"),
                },
            };
            if init.is_empty() {
                bail!("buffers must have at least one element");
            }
            ArgKind::Buffer { init }
        }
        "scalar" => {
            no("data", a.data.is_some())?;
            no("fill", a.fill.is_some())?;
            no("len", a.len.is_some())?;
            no("expect", a.expect.is_some())?;
            no("output", a.output.is_some())?;
            let v = a
                .value
                .as_ref()
                .ok_or_else(|| anyhow!("a scalar needs `value`"))?;
            ArgKind::Scalar {
                value: Values::from_toml(ty, std::slice::from_ref(v))?,
            }
        }
        "local" => {
            no("data", a.data.is_some())?;
            no("fill", a.fill.is_some())?;
            no("value", a.value.is_some())?;
            no("expect", a.expect.is_some())?;
            no("output", a.output.is_some())?;
            let len = a.len.ok_or_else(|| anyhow!("a local needs `len`"))?;
            if len == 0 {
                bail!("`len` must be non-zero");
            }
            ArgKind::Local { len }
        }
        other => bail!("unknown kind {other:?} (expected buffer, scalar or local)"),
    };
    let expect = match &a.expect {
        None => None,
        Some(e) => {
            let v = Values::from_toml(ty, e).context("in `expect`")?;
            if let ArgKind::Buffer { init } = &kind {
                if v.len() != init.len() {
                    bail!(
                        "`expect` has {} elements but the buffer has {}",
                        v.len(),
                        init.len()
                    );
                }
            }
            Some(v)
        }
    };
    if a.ulp.is_some() && !ty.is_float() {
        bail!("`ulp` only applies to float/double");
    }
    Ok(Arg {
        name: a.name,
        ty,
        kind,
        expect,
        ulp: a.ulp.unwrap_or(0),
        output: a.output.unwrap_or(false),
    })
}

/// All `*.toml` spec files under `dir` (recursively), parsed, sorted by path.
pub fn discover(dir: &Path) -> Result<Vec<SpecFile>> {
    let mut paths = Vec::new();
    collect(dir, &mut paths)?;
    paths.sort();
    paths.iter().map(|p| SpecFile::load(p)).collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
options = ["-DSCALE=2"]

[[run]]
kernel = "vadd"
global = [16]
local = [8]

[[run.args]]
name = "a"
kind = "buffer"
type = "float"
data = [1.0, 2.0, 3, -0.5]
expect = [2.0, 4.0, 6.0, -1.0]
ulp = 2

[[run.args]]
name = "b"
kind = "buffer"
type = "int"
fill = { seed = 7, min = -10, max = 10 }
len = 32

[[run.args]]
name = "c"
kind = "buffer"
type = "uint"
fill = "iota"
len = 4
output = true

[[run.args]]
name = "n"
kind = "scalar"
type = "ulong"
value = "0xffffffffffffffff"

[[run.args]]
name = "scratch"
kind = "local"
type = "float"
len = 16

[[run]]
kernel = "other"
global = [4, 2]
offset = [1, 3]

[[run.args]]
name = "x"
kind = "buffer"
type = "char"
len = 3
"#;

    #[test]
    fn parses_full_spec() {
        let s = SpecFile::parse(Path::new("kernels/basic/vadd.toml"), SAMPLE).unwrap();
        assert_eq!(s.source, Path::new("kernels/basic/vadd.cl"));
        assert_eq!(s.cl_std, "CL1.2");
        assert_eq!(s.options, vec!["-DSCALE=2"]);
        assert_eq!(s.runs.len(), 2);
        let r = &s.runs[0];
        assert_eq!(
            (r.kernel.as_str(), r.global.as_slice(), r.local.as_deref()),
            ("vadd", &[16][..], Some(&[8][..]))
        );
        assert_eq!(r.label(), "vadd[16/8]");
        assert_eq!(r.offset, None);
        assert_eq!(s.runs[1].offset, Some(vec![1, 3]));
        assert_eq!(s.runs[1].label(), "other[4x2@1x3]");
        let a = &r.args[0];
        assert_eq!(
            a.kind,
            ArgKind::Buffer {
                init: Values::F32(vec![1.0, 2.0, 3.0, -0.5])
            }
        );
        assert_eq!(a.expect, Some(Values::F32(vec![2.0, 4.0, 6.0, -1.0])));
        assert_eq!(a.ulp, 2);
        assert!(a.is_output());
        let ArgKind::Buffer {
            init: Values::I32(b),
        } = &r.args[1].kind
        else {
            panic!("b")
        };
        assert_eq!(b.len(), 32);
        assert_eq!(
            r.args[1].kind,
            ArgKind::Buffer {
                init: Values::random(ElemType::Int, 32, 7, -10, 10, None).unwrap()
            }
        );
        assert!(!r.args[1].is_output());
        assert!(r.args[2].is_output() && r.args[2].expect.is_none());
        assert_eq!(
            r.args[2].kind,
            ArgKind::Buffer {
                init: Values::U32(vec![0, 1, 2, 3])
            }
        );
        assert_eq!(
            r.args[3].kind,
            ArgKind::Scalar {
                value: Values::U64(vec![u64::MAX])
            }
        );
        assert_eq!(r.args[4].kind, ArgKind::Local { len: 16 });
        assert_eq!(
            s.runs[1].args[0].kind,
            ArgKind::Buffer {
                init: Values::I8(vec![0, 0, 0])
            }
        );
    }

    #[test]
    fn explicit_source_and_std() {
        let s = SpecFile::parse(
            Path::new("k/g/x.toml"),
            "source = \"y.cl\"\ncl_std = \"CL2.0\"\n[[run]]\nkernel = \"k\"\nglobal = [1]\n",
        )
        .unwrap();
        assert_eq!(s.source, Path::new("k/g/y.cl"));
        assert_eq!(s.cl_std, "CL2.0");
        assert!(s.runs[0].args.is_empty());
        assert_eq!(s.pending, None);
        assert!(s.pending_features().is_empty());
        assert_eq!(s.reference_broken, None);
    }

    #[test]
    fn pending_and_reference_broken() {
        let s = SpecFile::parse(
            Path::new("k/g/x.toml"),
            "pending = \" switch,vectors , math-builtins\"\n\
             reference_broken = \" clang emits Float16 \"\n\
             [[run]]\nkernel = \"k\"\nglobal = [1]\n",
        )
        .unwrap();
        assert_eq!(s.pending.as_deref(), Some("switch, vectors, math-builtins"));
        assert_eq!(
            s.pending_features(),
            vec!["switch", "vectors", "math-builtins"]
        );
        assert_eq!(s.reference_broken.as_deref(), Some("clang emits Float16"));
        assert!(KNOWN_FEATURES.contains(&"switch") && KNOWN_FEATURES.contains(&"images"));
    }

    fn err(text: &str) -> String {
        format!(
            "{:#}",
            SpecFile::parse(Path::new("x.toml"), text).unwrap_err()
        )
    }

    #[test]
    fn rejects_bad_specs() {
        let head = "[[run]]\nkernel = \"k\"\nglobal = [4]\n[[run.args]]\nname = \"a\"\n";
        assert!(err(&format!(
            "{head}kind = \"buffer\"\ntype = \"int\"\ndata = [1, 2]\nexpect = [1]\n"
        ))
        .contains("`expect` has 1 elements"));
        assert!(err(&format!(
            "{head}kind = \"buffer\"\ntype = \"uchar\"\ndata = [256]\n"
        ))
        .contains("out of range"));
        assert!(err(&format!(
            "{head}kind = \"buffer\"\ntype = \"int\"\ndata = [1]\ntypo = 1\n"
        ))
        .contains("typo"));
        assert!(
            err(&format!("{head}kind = \"scalar\"\ntype = \"int\"\n")).contains("needs `value`")
        );
        assert!(err(&format!(
            "{head}kind = \"buffer\"\ntype = \"int\"\nfill = \"iota\"\n"
        ))
        .contains("needs `len`"));
        assert!(err(&format!(
            "{head}kind = \"buffer\"\ntype = \"int\"\ndata = [1]\nulp = 1\n"
        ))
        .contains("ulp"));
        assert!(err(&format!(
            "{head}kind = \"buffer\"\ntype = \"int4\"\ndata = [1]\n"
        ))
        .contains("unknown element type"));
        assert!(err("[[run]]\nkernel = \"k\"\nglobal = [6]\nlocal = [4]\n").contains("divide"));
        assert!(
            err("[[run]]\nkernel = \"k\"\nglobal = [6, 2]\noffset = [4]\n")
                .contains("`offset` must have")
        );
        assert!(err("cl_std = \"CL2.0\"\n").contains("no [[run]]"));
        let run = "[[run]]\nkernel = \"k\"\nglobal = [1]\n";
        assert!(err(&format!("pending = \"switch,\"\n{run}")).contains("empty feature name"));
        assert!(err(&format!("pending = \"\"\n{run}")).contains("empty feature name"));
        assert!(err(&format!("pending = \"Switch\"\n{run}")).contains("lowercase"));
        assert!(err(&format!("pending = \"goto, goto\"\n{run}")).contains("twice"));
        assert!(err(&format!("pending = [\"goto\"]\n{run}")).contains("pending"));
        assert!(err(&format!("reference_broken = \" \"\n{run}")).contains("name the reason"));
        assert!(err(&format!("pendng = \"goto\"\n{run}")).contains("pendng"));
    }
}
