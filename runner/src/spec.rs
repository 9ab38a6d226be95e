//! Kernel spec files: `kernels/<group>/<name>.toml` next to `kernels/<group>/<name>.cl`.
//!
//! ```toml
//! cl_std = "CL1.2"          # optional, default CL1.2
//! options = ["-DSCALE=2"]   # optional; passed to both compilers
//! source = "other.cl"       # optional, relative to this file; default: same stem, `.cl`
//! pending = "switch, vectors"   # optional: compiler features clc does not have yet
//! reference_broken = "why"  # optional: clang-22's SPIR-V for this kernel is known to be wrong
//! driver_broken = "why"     # optional: the runtime's own compiler is known to get it wrong
//! driver_broken_cpu = "avx512f"  # optional: ... only on hosts whose CPU has this flag
//! reference_broken_cpu = "avx512f"  # optional: reference_broken only on such hosts
//! vulkan_skip = "why"       # optional: not run by `clc-run --vulkan`, for this reason
//! lavapipe_skip = "why"     # optional: as vulkan_skip, on lavapipe only (a driver limitation)
//! nvidia_skip = "why"       # optional: as vulkan_skip, on NVIDIA's driver only (a driver bug)
//! opencl_skip = "why"       # optional: run by `clc-run --vulkan` only (a Vulkan host setting,
//!                           # or results the OpenCL driver cannot give, such as to_*'s NULLs)
//! float_denormals = "why"   # optional: the expected values need float subnormals kept; not
//!                           # run on a Vulkan device that flushes them (OpenCL allows that)
//! requires = ["cl_khr_fp16"]  # optional: optional device capabilities the kernel needs; a
//!                           # device without one skips the spec, naming it (see below)
//!
//! [[run]]
//! kernel = "vadd"
//! global = [16]             # 1 to 3 dimensions
//! local = [16]              # optional
//! offset = [0]              # optional global work offset (as many dimensions as `global`)
//! stdout = ["x=1", "x=2"]   # optional: the lines printf prints, in any order
//! printf_buffer = 4096      # optional: the Vulkan printf buffer's bytes (vkhost's default)
//!
//! [[run.args]]              # one per kernel parameter, in order
//! name = "a"                # the parameter's name (used in messages)
//! kind = "buffer"           # buffer | scalar | local
//! type = "float"            # char uchar short ushort int uint long ulong float double
//! data = [1.0, 2.0]         # initial contents, or `fill = ...` with `len = N`
//! expect = [3.0, 4.0]       # optional: expected contents afterwards (marks it an output)
//! output = true             # optional: read it back and compare clc vs clang without `expect`
//! device_choice = true      # optional, with `output`: the values are the device's choice
//!                           # (sub-group sizes): compared on one device only, not across targets
//! ulp = 0                   # optional float tolerance for `expect` and the clang comparison
//!
//! [[run.args]]
//! name = "n"
//! kind = "scalar"
//! type = "uint"
//! value = 16               # or an array: a vector's elements, a struct's bytes (type = "uchar")
//!
//! [[run.args]]
//! name = "scratch"
//! kind = "local"            # __local pointer parameter: clSetKernelArg(size, NULL)
//! type = "float"
//! len = 16                  # elements
//!
//! [[run.args]]
//! name = "src"
//! kind = "image"            # an image memory object (clCreateImage)
//! image = "2d"              # 1d | 1d_buffer | 1d_array | 2d | 2d_array | 3d
//! width = 4
//! height = 2                # 2d, 2d_array, 3d only (required there)
//! # depth = 3               # 3d only (required there)
//! # array_size = 2          # 1d_array, 2d_array only (required there)
//! channel_order = "RGBA"    # R A RG RA RGB RGBA BGRA ARGB ABGR INTENSITY LUMINANCE DEPTH sRGBA sBGRA
//! channel_type = "UNORM_INT8"  # UNORM_INT8/16 SNORM_INT8/16 (UN)SIGNED_INT8/16/32 HALF_FLOAT FLOAT
//! access = "read"           # read | write | read_write: CL_MEM_READ_ONLY / WRITE_ONLY / READ_WRITE
//! data = [0, 255, 0, 255]   # raw channel values (or `fill`); zero-filled when neither is given
//! # type = "uchar"          # optional; if given must equal the type derived from channel_type
//! # expect / output / ulp  # as for buffers; needs access = "write" or "read_write"
//!
//! [[run.args]]
//! name = "smp"
//! kind = "sampler"          # a sampler_t parameter (clCreateSamplerWithProperties)
//! normalized = false        # optional, default false
//! addressing = "clamp_to_edge"  # none | clamp_to_edge | clamp | repeat | mirrored_repeat
//! filter = "nearest"        # nearest | linear
//! ```
//! `fill` is `"zero"`, `"iota"` or `{ seed = S, min = A, max = B, scale = K }`; see
//! [`crate::values`] for the exact generator. A buffer with only `len` is zero-filled.
//! Unknown keys are errors (typo protection), and so are keys of another kind (`width` on a
//! buffer, `len` on an image).
//!
//! Images: `data`, `fill`, `expect` are the raw channel values in memory order (channels of a
//! pixel together, x fastest, then y / 1d_array layer, then z / 2d_array layer; no padding), in
//! the element type derived from `channel_type` (UNORM_INT8 → uchar, FLOAT → float, HALF_FLOAT →
//! ushort half bits, ...; the table is in [`crate::image`]). Their length is always
//! `width × height × depth × array_size × channels`, so `len` is not given; `fill` uses that
//! length. A `1d_buffer` image is created on a buffer holding the data. Images are read back
//! with clEnqueueReadImage and compared like buffers (`ulp` for FLOAT images). Samplers have no
//! `type`.
//!
//! `pending` is a comma-separated list of feature names (lowercase letters, digits and `-`;
//! [`KNOWN_FEATURES`] lists the usual ones). `clc-run` skips pending specs unless told
//! `--include-pending`. `reference_broken` names the clang-22 bug that makes the reference
//! module wrong or unrunnable: the reference still runs, but its failures are reported as known
//! and do not fail the spec; a run where it turns out right fails, so a stale note is noticed.
//! clc's own outputs are judged as without the mark: against `expect`, and, for outputs
//! without `expect`, by the references not marked broken (none left is a failure; see
//! [`crate::verdict`]).
//! `requires` lists OpenCL extensions from [`OPTIONAL_EXTENSIONS`]. `clc-run` skips a run, with
//! a `SKIP` line naming the extension, on an OpenCL device whose `CL_DEVICE_EXTENSIONS` lacks
//! it, and with `--vulkan` on a device that lacks the matching Vulkan feature
//! (`cl_khr_fp16` → `shaderFloat16`, `cl_khr_fp64` → `shaderFloat64`): never a silent pass.
//! `driver_broken` says the same of the second reference, the runtime's own OpenCL C compiler
//! building the source (a bug of its front end, or a feature it lacks).
//! `driver_broken_cpu` names a CPU flag of `/proc/cpuinfo` (`avx512f`) when the runtime's
//! code generator is wrong only for that instruction set: on a host without the flag the mark
//! does not apply and the driver votes like any reference. `reference_broken_cpu` does the same
//! for `reference_broken`, where the runtime miscompiles clang-22's module only on such a host.

use std::path::{Path, PathBuf};

use anyhow::{anyhow, bail, Context, Result};
use serde::{Deserialize, Serialize};

use crate::image::{
    Access, Addressing, ChannelOrder, ChannelType, Filter, ImageDesc, ImageType, SamplerDesc,
};
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

/// The OpenCL extensions `requires` may name, each with the Vulkan device feature that gives
/// the same capability to a module of clc's Vulkan target.
pub const OPTIONAL_EXTENSIONS: &[(&str, &str)] = &[
    ("cl_khr_fp16", "shaderFloat16"),
    ("cl_khr_fp64", "shaderFloat64"),
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
    /// `driver_broken = "reason"`: the runtime's own compiler is known to build this source
    /// wrongly, or not at all.
    pub driver_broken: Option<String>,
    /// `reference_broken = "reason"`: clang-22's SPIR-V for this kernel is known to be wrong or
    /// not to run on the driver.
    pub reference_broken: Option<String>,
    /// `vulkan_skip = "reason"`: the kernel cannot run (or cannot give these results) on the
    /// Vulkan target; `clc-run --vulkan` lists it as skipped with the reason.
    pub vulkan_skip: Option<String>,
    /// `lavapipe_skip = "reason"`: as `vulkan_skip`, but only on lavapipe (Mesa's CPU
    /// Vulkan driver), whose precision or bugs the kernel cannot meet; other devices run it.
    pub lavapipe_skip: Option<String>,
    /// `nvidia_skip = "reason"`: as `vulkan_skip`, but only on NVIDIA's Vulkan driver, whose
    /// compiler gets the kernel wrong (a regression kept for other devices and for when the
    /// driver is fixed).
    pub nvidia_skip: Option<String>,
    /// `opencl_skip = "reason"`: the runs need a setting only the Vulkan host has (a small
    /// printf buffer), or check results the OpenCL driver cannot give (a mismatched
    /// `to_local`'s NULL); the OpenCL target lists them as skipped with the reason.
    pub opencl_skip: Option<String>,
    /// `float_denormals = "what"`: the expected values assume `float` subnormals are kept
    /// (OpenCL lets a device flush them); skipped on Vulkan devices that flush them.
    pub float_denormals: Option<String>,
    /// `requires = [...]`: OpenCL extensions (from [`OPTIONAL_EXTENSIONS`]) the kernel needs.
    pub requires: Vec<String>,
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
    /// `stdout = [...]`: the lines its printf calls print, in any order (work-items run in no
    /// fixed order), compared as a multiset with what the run printed.
    #[serde(default)]
    pub stdout: Option<Vec<String>>,
    /// `printf_buffer = BYTES`: the Vulkan printf buffer's size (vkhost's default otherwise).
    #[serde(default)]
    pub printf_buffer: Option<u64>,
}

/// One kernel argument, by position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Arg {
    pub name: String,
    /// Element type: of the buffer/scalar/local; for images the one derived from the channel
    /// type; for samplers meaningless (`Uint`).
    pub ty: ElemType,
    pub kind: ArgKind,
    /// Expected buffer (or image) contents after the run.
    pub expect: Option<Values>,
    /// Float tolerance in units in the last place (0 = bit-exact, NaN matches any NaN).
    pub ulp: u64,
    /// Read back even without `expect` (then only clc vs reference is compared).
    pub output: bool,
    /// The values are the device's choice (sub-group sizes): a reference on another device
    /// or target (`clc-run --vulkan` against the OpenCL target) does not compare them.
    pub device_choice: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ArgKind {
    /// A `__global`/`__constant` buffer with its initial contents.
    Buffer { init: Values },
    /// A by-value argument: one scalar, or the elements of a vector or the bytes of a
    /// struct.
    Scalar { value: Values },
    /// A `__local` pointer: `len` elements of `ty` allocated by the runtime.
    Local { len: usize },
    /// An image with its initial raw channel values (`desc.elements()` elements of `ty`).
    Image { desc: ImageDesc, init: Values },
    /// A `sampler_t` parameter.
    Sampler { sampler: SamplerDesc },
}

impl Arg {
    /// Whether this argument is read back after the run.
    pub fn is_output(&self) -> bool {
        matches!(self.kind, ArgKind::Buffer { .. } | ArgKind::Image { .. })
            && (self.expect.is_some() || self.output)
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

/// Whether the host CPU lists `flag` in `/proc/cpuinfo` (false where that file is missing).
fn host_cpu_has(flag: &str) -> bool {
    static FLAGS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FLAGS
        .get_or_init(|| {
            let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
            info.lines()
                .find(|l| l.starts_with("flags"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, f)| f.split_whitespace().map(String::from).collect())
                .unwrap_or_default()
        })
        .iter()
        .any(|f| f == flag)
}

/// A `*_broken` mark, trimmed, kept only on a host whose CPU has the mark's `*_broken_cpu`
/// flag when it names one.
fn on_cpu(mark: Option<String>, flag: &Option<String>) -> Option<String> {
    mark.filter(|_| flag.as_deref().is_none_or(host_cpu_has))
        .map(|r| r.trim().to_string())
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
    driver_broken: Option<String>,
    driver_broken_cpu: Option<String>,
    reference_broken_cpu: Option<String>,
    vulkan_skip: Option<String>,
    lavapipe_skip: Option<String>,
    nvidia_skip: Option<String>,
    opencl_skip: Option<String>,
    float_denormals: Option<String>,
    #[serde(default)]
    requires: Vec<String>,
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
    stdout: Option<Vec<String>>,
    printf_buffer: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawArg {
    name: String,
    kind: String,
    #[serde(rename = "type")]
    ty: Option<String>,
    data: Option<Vec<toml::Value>>,
    fill: Option<RawFill>,
    len: Option<usize>,
    value: Option<toml::Value>,
    expect: Option<Vec<toml::Value>>,
    ulp: Option<u64>,
    output: Option<bool>,
    device_choice: Option<bool>,
    // images
    image: Option<String>,
    width: Option<usize>,
    height: Option<usize>,
    depth: Option<usize>,
    array_size: Option<usize>,
    channel_order: Option<String>,
    channel_type: Option<String>,
    access: Option<String>,
    // samplers
    normalized: Option<bool>,
    addressing: Option<String>,
    filter: Option<String>,
}

impl RawArg {
    /// The image-only and sampler-only keys that are present, by name.
    fn image_keys(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        let mut k = |name, present: bool| {
            if present {
                v.push(name)
            }
        };
        k("image", self.image.is_some());
        k("width", self.width.is_some());
        k("height", self.height.is_some());
        k("depth", self.depth.is_some());
        k("array_size", self.array_size.is_some());
        k("channel_order", self.channel_order.is_some());
        k("channel_type", self.channel_type.is_some());
        k("access", self.access.is_some());
        v
    }

    fn sampler_keys(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        let mut k = |name, present: bool| {
            if present {
                v.push(name)
            }
        };
        k("normalized", self.normalized.is_some());
        k("addressing", self.addressing.is_some());
        k("filter", self.filter.is_some());
        v
    }
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
        for (key, why) in [
            ("reference_broken", &raw.reference_broken),
            ("driver_broken", &raw.driver_broken),
            ("vulkan_skip", &raw.vulkan_skip),
            ("lavapipe_skip", &raw.lavapipe_skip),
            ("nvidia_skip", &raw.nvidia_skip),
            ("opencl_skip", &raw.opencl_skip),
            ("float_denormals", &raw.float_denormals),
        ] {
            if why.as_deref().is_some_and(|r| r.trim().is_empty()) {
                bail!("`{key}` must name the reason");
            }
        }
        for (i, r) in raw.requires.iter().enumerate() {
            if !OPTIONAL_EXTENSIONS.iter().any(|(e, _)| e == r) {
                let known: Vec<&str> = OPTIONAL_EXTENSIONS.iter().map(|(e, _)| *e).collect();
                bail!("`requires`: unknown extension {r:?} (expected one of {known:?})");
            }
            if raw.requires[..i].contains(r) {
                bail!("`requires`: {r:?} is listed twice");
            }
        }
        let non_uniform = raw
            .cl_std
            .as_deref()
            .is_some_and(|v| v.starts_with("CL") && v != "CL1.0" && v != "CL1.1" && v != "CL1.2");
        let runs = raw
            .run
            .into_iter()
            .enumerate()
            .map(|(i, r)| {
                let k = r.kernel.clone();
                convert_run(r, non_uniform)
                    .with_context(|| format!("run #{} (kernel `{k}`)", i + 1))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(SpecFile {
            path: toml_path.to_path_buf(),
            source,
            cl_std: raw.cl_std.unwrap_or_else(|| "CL1.2".to_string()),
            options: raw.options,
            pending,
            reference_broken: on_cpu(raw.reference_broken, &raw.reference_broken_cpu),
            driver_broken: on_cpu(raw.driver_broken, &raw.driver_broken_cpu),
            vulkan_skip: raw.vulkan_skip.map(|r| r.trim().to_string()),
            lavapipe_skip: raw.lavapipe_skip.map(|r| r.trim().to_string()),
            nvidia_skip: raw.nvidia_skip.map(|r| r.trim().to_string()),
            opencl_skip: raw.opencl_skip.map(|r| r.trim().to_string()),
            float_denormals: raw.float_denormals.map(|r| r.trim().to_string()),
            requires: raw.requires,
            runs,
        })
    }

    /// The first extension of `requires` that `has` says the device lacks.
    pub fn missing_extension(&self, has: impl Fn(&str) -> bool) -> Option<&str> {
        self.requires.iter().map(String::as_str).find(|e| !has(e))
    }

    /// The first Vulkan feature behind `requires` that `has` says the device lacks, with the
    /// extension that asks for it.
    pub fn missing_vulkan_feature(
        &self,
        has: impl Fn(&str) -> bool,
    ) -> Option<(&'static str, &str)> {
        self.requires.iter().find_map(|e| {
            let (_, f) = OPTIONAL_EXTENSIONS.iter().find(|(x, _)| x == e)?;
            (!has(f)).then_some((*f, e.as_str()))
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

/// `non_uniform`: OpenCL C 2.0 and later, where the last work-group of a dimension may be
/// smaller (a `local` size need not divide the `global` one).
fn convert_run(r: RawRun, non_uniform: bool) -> Result<Run> {
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
            if *l == 0 || (g % l != 0 && !non_uniform) {
                bail!("`local` size {l} must be non-zero and divide `global` size {g} (before OpenCL C 2.0)");
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
        stdout: r.stdout,
        printf_buffer: r.printf_buffer,
    })
}

/// The initial contents from `data` / `fill` / nothing (zeroes), `len` elements when known.
fn initial_values(a: &RawArg, ty: ElemType, len: Option<usize>, what: &str) -> Result<Values> {
    Ok(match (&a.data, &a.fill) {
        (Some(_), Some(_)) => bail!("give either `data` or `fill`, not both"),
        (Some(d), None) => {
            let v = Values::from_toml(ty, d).context("in `data`")?;
            if let Some(len) = len {
                if len != v.len() {
                    bail!(
                        "{} but `data` has {} elements",
                        what.replace("{len}", &len.to_string()),
                        v.len()
                    );
                }
            }
            v
        }
        (None, Some(f)) => {
            let len = len.ok_or_else(|| anyhow!("`fill` needs `len`"))?;
            match f {
                RawFill::Named(n) if n == "zero" => Values::zeroed(ty, len),
                RawFill::Named(n) if n == "iota" => Values::iota(ty, len),
                RawFill::Named(n) => bail!(
                    "unknown fill {n:?} (expected \"zero\", \"iota\" or {{ seed, min, max }})"
                ),
                RawFill::Random {
                    seed,
                    min,
                    max,
                    scale,
                } => Values::random(ty, len, *seed, *min, *max, *scale)?,
            }
        }
        (None, None) => match len {
            Some(len) => Values::zeroed(ty, len),
            None => bail!("a buffer needs `data`, or `fill` and `len`, or `len`"),
        },
    })
}

fn convert_image(a: &RawArg) -> Result<(ElemType, ArgKind)> {
    let image = ImageType::parse(
        a.image
            .as_deref()
            .ok_or_else(|| anyhow!("an image needs `image` (one of {})", ImageType::NAMES))?,
    )?;
    let order = ChannelOrder::parse(
        a.channel_order
            .as_deref()
            .ok_or_else(|| anyhow!("an image needs `channel_order`"))?,
    )?;
    let channel_type = ChannelType::parse(
        a.channel_type
            .as_deref()
            .ok_or_else(|| anyhow!("an image needs `channel_type`"))?,
    )?;
    let access = match &a.access {
        Some(s) => Access::parse(s)?,
        None => Access::Read,
    };
    let ty = channel_type.elem_type();
    if let Some(t) = &a.ty {
        let given = ElemType::parse(t)?;
        if given != ty {
            bail!(
                "`type` = \"{given}\" but channel_type {} holds {ty} values",
                channel_type.name()
            );
        }
    }
    let dim = |key: &str, v: Option<usize>, wanted: bool| -> Result<usize> {
        match (v, wanted) {
            (Some(0), true) => bail!("`{key}` must be non-zero"),
            (Some(n), true) => Ok(n),
            (None, true) => bail!("a {} image needs `{key}`", image.name()),
            (Some(_), false) => bail!("`{key}` does not apply to a {} image", image.name()),
            (None, false) => Ok(1),
        }
    };
    let desc = ImageDesc {
        image,
        width: dim("width", a.width, true)?,
        height: dim("height", a.height, image.has_height())?,
        depth: dim("depth", a.depth, image.has_depth())?,
        array_size: dim("array_size", a.array_size, image.is_array())?,
        order,
        channel_type,
        access,
    };
    if a.len.is_some() {
        bail!(
            "`len` is not allowed for an image (it is width × height × depth × array_size × channels = {})",
            desc.elements()
        );
    }
    if access == Access::Read && (a.expect.is_some() || a.output == Some(true)) {
        bail!("`expect`/`output` need access = \"write\" or \"read_write\" (the kernel cannot write a read-only image)");
    }
    let init = initial_values(
        a,
        ty,
        Some(desc.elements()),
        &format!("the {} image has {{len}} channel values", desc.label()),
    )?;
    Ok((ty, ArgKind::Image { desc, init }))
}

fn convert_sampler(a: &RawArg) -> Result<ArgKind> {
    let addressing = Addressing::parse(a.addressing.as_deref().ok_or_else(|| {
        anyhow!(
            "a sampler needs `addressing` (none, clamp_to_edge, clamp, repeat or mirrored_repeat)"
        )
    })?)?;
    let filter = Filter::parse(
        a.filter
            .as_deref()
            .ok_or_else(|| anyhow!("a sampler needs `filter` (nearest or linear)"))?,
    )?;
    Ok(ArgKind::Sampler {
        sampler: SamplerDesc {
            normalized: a.normalized.unwrap_or(false),
            addressing,
            filter,
        },
    })
}

fn convert_arg(a: RawArg) -> Result<Arg> {
    let no = |what: &str, present: bool| -> Result<()> {
        if present {
            bail!("`{what}` is not allowed for kind = \"{}\"", a.kind);
        }
        Ok(())
    };
    if a.kind != "image" {
        if let Some(k) = a.image_keys().first() {
            no(k, true)?;
        }
    }
    if a.kind != "sampler" {
        if let Some(k) = a.sampler_keys().first() {
            no(k, true)?;
        }
    }
    let need_ty = || -> Result<ElemType> {
        ElemType::parse(
            a.ty.as_deref()
                .ok_or_else(|| anyhow!("kind = \"{}\" needs `type`", a.kind))?,
        )
    };
    let (ty, kind) = match a.kind.as_str() {
        "buffer" => {
            let ty = need_ty()?;
            no("value", a.value.is_some())?;
            let init = initial_values(&a, ty, a.len, "`len` = {len}")?;
            if init.is_empty() {
                bail!("buffers must have at least one element");
            }
            (ty, ArgKind::Buffer { init })
        }
        "scalar" => {
            let ty = need_ty()?;
            no("data", a.data.is_some())?;
            no("fill", a.fill.is_some())?;
            no("len", a.len.is_some())?;
            no("expect", a.expect.is_some())?;
            no("output", a.output.is_some())?;
            let v = a
                .value
                .as_ref()
                .ok_or_else(|| anyhow!("a scalar needs `value`"))?;
            (
                ty,
                ArgKind::Scalar {
                    // An array is a vector or aggregate passed by value, as its elements
                    // (a struct as `uchar` bytes, laid out as the kernel declares it).
                    value: match v {
                        toml::Value::Array(items) if !items.is_empty() => {
                            Values::from_toml(ty, items)?
                        }
                        _ => Values::from_toml(ty, std::slice::from_ref(v))?,
                    },
                },
            )
        }
        "local" => {
            let ty = need_ty()?;
            no("data", a.data.is_some())?;
            no("fill", a.fill.is_some())?;
            no("value", a.value.is_some())?;
            no("expect", a.expect.is_some())?;
            no("output", a.output.is_some())?;
            let len = a.len.ok_or_else(|| anyhow!("a local needs `len`"))?;
            if len == 0 {
                bail!("`len` must be non-zero");
            }
            (ty, ArgKind::Local { len })
        }
        "image" => {
            no("value", a.value.is_some())?;
            convert_image(&a)?
        }
        "sampler" => {
            no("type", a.ty.is_some())?;
            no("data", a.data.is_some())?;
            no("fill", a.fill.is_some())?;
            no("len", a.len.is_some())?;
            no("value", a.value.is_some())?;
            no("expect", a.expect.is_some())?;
            no("output", a.output.is_some())?;
            no("ulp", a.ulp.is_some())?;
            (ElemType::Uint, convert_sampler(&a)?)
        }
        other => bail!("unknown kind {other:?} (expected buffer, scalar, local, image or sampler)"),
    };
    let expect = match &a.expect {
        None => None,
        Some(e) => {
            let v = Values::from_toml(ty, e).context("in `expect`")?;
            if let ArgKind::Buffer { init } | ArgKind::Image { init, .. } = &kind {
                if v.len() != init.len() {
                    bail!(
                        "`expect` has {} elements but the {} has {}",
                        v.len(),
                        if matches!(kind, ArgKind::Image { .. }) {
                            "image"
                        } else {
                            "buffer"
                        },
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
    if a.device_choice == Some(true) && a.output != Some(true) {
        bail!("`device_choice` goes with `output = true`");
    }
    Ok(Arg {
        name: a.name,
        ty,
        kind,
        expect,
        ulp: a.ulp.unwrap_or(0),
        output: a.output.unwrap_or(false),
        device_choice: a.device_choice.unwrap_or(false),
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

    #[test]
    fn requires_names_known_extensions() {
        let run = "[[run]]\nkernel = \"k\"\nglobal = [1]\n";
        let s = SpecFile::parse(
            Path::new("x.toml"),
            &format!("requires = [\"cl_khr_fp16\", \"cl_khr_fp64\"]\n{run}"),
        )
        .unwrap();
        assert_eq!(s.requires, ["cl_khr_fp16", "cl_khr_fp64"]);
        assert_eq!(
            s.missing_extension(|e| e == "cl_khr_fp16"),
            Some("cl_khr_fp64")
        );
        assert_eq!(s.missing_extension(|_| true), None);
        assert_eq!(
            s.missing_vulkan_feature(|f| f == "shaderFloat64"),
            Some(("shaderFloat16", "cl_khr_fp16"))
        );
        assert_eq!(s.missing_vulkan_feature(|_| true), None);
        let plain = SpecFile::parse(Path::new("x.toml"), run).unwrap();
        assert!(plain.requires.is_empty());
        assert_eq!(plain.missing_extension(|_| false), None);
        for bad in ["[\"cl_khr_fp17\"]", "[\"cl_khr_fp16\", \"cl_khr_fp16\"]"] {
            let e = SpecFile::parse(Path::new("x.toml"), &format!("requires = {bad}\n{run}"));
            assert!(
                format!("{:#}", e.unwrap_err()).contains("`requires`"),
                "{bad}"
            );
        }
    }

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
        assert_eq!(s.driver_broken, None);
    }

    #[test]
    fn pending_and_reference_broken() {
        let s = SpecFile::parse(
            Path::new("k/g/x.toml"),
            "pending = \" switch,vectors , math-builtins\"\n\
             reference_broken = \" clang emits Float16 \"\n\
             driver_broken = \"no CL3.0\"\n\
             [[run]]\nkernel = \"k\"\nglobal = [1]\n",
        )
        .unwrap();
        assert_eq!(s.pending.as_deref(), Some("switch, vectors, math-builtins"));
        assert_eq!(
            s.pending_features(),
            vec!["switch", "vectors", "math-builtins"]
        );
        assert_eq!(s.reference_broken.as_deref(), Some("clang emits Float16"));
        assert_eq!(s.driver_broken.as_deref(), Some("no CL3.0"));
        assert!(KNOWN_FEATURES.contains(&"switch") && KNOWN_FEATURES.contains(&"images"));
    }

    #[test]
    fn broken_cpu_marks_apply_only_on_hosts_with_the_flag() {
        let parse = |key: &str, flag: &str| {
            let s = SpecFile::parse(
                Path::new("k/g/x.toml"),
                &format!(
                    "{key}_broken = \"wrong\"\n{key}_broken_cpu = \"{flag}\"\n\
                     [[run]]\nkernel = \"k\"\nglobal = [1]\n"
                ),
            )
            .unwrap();
            (s.reference_broken, s.driver_broken)
        };
        assert_eq!(parse("driver", "no-such-cpu-flag"), (None, None));
        assert_eq!(parse("reference", "no-such-cpu-flag"), (None, None));
        // Every x86-64 CPU has SSE2.
        #[cfg(target_arch = "x86_64")]
        {
            let wrong = Some("wrong".to_string());
            assert_eq!(parse("driver", "sse2"), (None, wrong.clone()));
            assert_eq!(parse("reference", "sse2"), (wrong, None));
        }
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
        assert!(err(&format!("driver_broken = \"\"\n{run}")).contains("`driver_broken` must"));
        assert!(err(&format!("pendng = \"goto\"\n{run}")).contains("pendng"));
    }

    const IMAGES: &str = r#"
cl_std = "CL2.0"
[[run]]
kernel = "k"
global = [4, 2]

[[run.args]]
name = "src"
kind = "image"
image = "2d"
width = 4
height = 2
channel_order = "RGBA"
channel_type = "UNORM_INT8"
fill = "iota"

[[run.args]]
name = "vol"
kind = "image"
image = "3d"
width = 2
height = 2
depth = 3
channel_order = "CL_R"
channel_type = "FLOAT"
type = "float"
data = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]

[[run.args]]
name = "layers"
kind = "image"
image = "1d_array"
width = 3
array_size = 2
channel_order = "RG"
channel_type = "SIGNED_INT16"
access = "read_write"
output = true

[[run.args]]
name = "dst"
kind = "image"
image = "1d_buffer"
width = 2
channel_order = "RGBA"
channel_type = "FLOAT"
access = "write"
expect = [1, 2, 3, 4, 5, 6, 7, 8]
ulp = 1

[[run.args]]
name = "s"
kind = "sampler"
normalized = true
addressing = "mirrored_repeat"
filter = "linear"

[[run.args]]
name = "s2"
kind = "sampler"
addressing = "none"
filter = "nearest"
"#;

    #[test]
    fn parses_images_and_samplers() {
        let s = SpecFile::parse(Path::new("k/images/x.toml"), IMAGES).unwrap();
        let a = &s.runs[0].args;
        let ArgKind::Image { desc, init } = &a[0].kind else {
            panic!("{:?}", a[0].kind)
        };
        assert_eq!(a[0].ty, ElemType::Uchar);
        assert_eq!(
            (
                desc.image,
                desc.width,
                desc.height,
                desc.depth,
                desc.array_size
            ),
            (ImageType::D2, 4, 2, 1, 1)
        );
        assert_eq!(
            (desc.order, desc.channel_type),
            (ChannelOrder::RGBA, ChannelType::UNORM_INT8)
        );
        assert_eq!(desc.access, Access::Read, "access defaults to read");
        assert_eq!(*init, Values::iota(ElemType::Uchar, 32));
        assert!(!a[0].is_output());

        let ArgKind::Image { desc, init } = &a[1].kind else {
            panic!()
        };
        assert_eq!(
            (desc.image, desc.depth, desc.order),
            (ImageType::D3, 3, ChannelOrder::R)
        );
        assert_eq!(init.len(), 12);
        assert_eq!(a[1].ty, ElemType::Float);

        let ArgKind::Image { desc, init } = &a[2].kind else {
            panic!()
        };
        assert_eq!(
            (desc.image, desc.height, desc.array_size),
            (ImageType::D1Array, 1, 2)
        );
        assert_eq!(desc.access, Access::ReadWrite);
        assert_eq!(*init, Values::I16(vec![0; 12]), "zero-filled without data");
        assert!(a[2].is_output() && a[2].expect.is_none());

        let ArgKind::Image { desc, .. } = &a[3].kind else {
            panic!()
        };
        assert_eq!(
            (desc.image, desc.access),
            (ImageType::D1Buffer, Access::Write)
        );
        assert_eq!(
            a[3].expect,
            Some(Values::F32((1..=8).map(|i| i as f32).collect()))
        );
        assert_eq!(a[3].ulp, 1);
        assert!(a[3].is_output());

        assert_eq!(
            a[4].kind,
            ArgKind::Sampler {
                sampler: SamplerDesc {
                    normalized: true,
                    addressing: Addressing::MirroredRepeat,
                    filter: Filter::Linear
                }
            }
        );
        assert_eq!(
            a[5].kind,
            ArgKind::Sampler {
                sampler: SamplerDesc {
                    normalized: false,
                    addressing: Addressing::None,
                    filter: Filter::Nearest
                }
            }
        );
        assert!(!a[4].is_output());
        // The whole run survives the JSON trip to the runner child.
        let back: Run = serde_json::from_str(&serde_json::to_string(&s.runs[0]).unwrap()).unwrap();
        assert_eq!(back, s.runs[0]);
    }

    #[test]
    fn rejects_bad_images_and_samplers() {
        let head = "[[run]]\nkernel = \"k\"\nglobal = [4]\n[[run.args]]\nname = \"a\"\n";
        let img = |rest: &str| {
            err(&format!(
                "{head}kind = \"image\"\nchannel_order = \"RGBA\"\nchannel_type = \"UNORM_INT8\"\n{rest}"
            ))
        };
        assert!(img("image = \"2d\"\nwidth = 2\n").contains("needs `height`"));
        assert!(img("image = \"2d\"\nwidth = 2\nheight = 0\n").contains("non-zero"));
        assert!(img("image = \"1d\"\nwidth = 2\nheight = 2\n").contains("`height` does not apply"));
        assert!(img("image = \"2d\"\nwidth = 2\nheight = 1\ndepth = 2\n")
            .contains("`depth` does not apply"));
        assert!(img("image = \"2d_array\"\nwidth = 2\nheight = 1\n").contains("needs `array_size`"));
        assert!(img("image = \"4d\"\nwidth = 2\n").contains("unknown image type"));
        assert!(img("width = 2\n").contains("needs `image`"));
        assert!(img("image = \"1d\"\nwidth = 2\ndata = [1, 2, 3]\n")
            .contains("1d RGBA/UNORM_INT8 2 image has 8 channel values but `data` has 3"));
        assert!(img("image = \"1d\"\nwidth = 1\ndata = [1, 2, 3, 256]\n").contains("out of range"));
        assert!(img("image = \"1d\"\nwidth = 2\nlen = 8\n").contains("`len` is not allowed"));
        assert!(img("image = \"1d\"\nwidth = 2\ntype = \"float\"\n").contains("holds uchar"));
        assert!(img("image = \"1d\"\nwidth = 1\nexpect = [1, 2, 3, 4]\n").contains("access"));
        assert!(
            img("image = \"1d\"\nwidth = 1\naccess = \"write\"\nexpect = [1, 2]\n")
                .contains("`expect` has 2 elements but the image has 4")
        );
        assert!(img("image = \"1d\"\nwidth = 1\naccess = \"rw\"\n").contains("unknown access"));
        assert!(img("image = \"1d\"\nwidth = 1\naccess = \"write\"\nulp = 1\n").contains("ulp"));
        assert!(img("image = \"1d\"\nwidth = 1\nfilter = \"linear\"\n")
            .contains("`filter` is not allowed"));
        assert!(err(&format!(
            "{head}kind = \"image\"\nimage = \"1d\"\nwidth = 1\nchannel_order = \"RGBA\"\nchannel_type = \"UNORM_SHORT_565\"\n"
        ))
        .contains("unknown channel type"));
        assert!(err(&format!(
            "{head}kind = \"image\"\nimage = \"1d\"\nwidth = 1\nchannel_order = \"XYZ\"\nchannel_type = \"FLOAT\"\n"
        ))
        .contains("unknown channel order"));

        let smp = |rest: &str| err(&format!("{head}kind = \"sampler\"\n{rest}"));
        assert!(smp("filter = \"nearest\"\n").contains("needs `addressing`"));
        assert!(smp("addressing = \"clamp\"\n").contains("needs `filter`"));
        assert!(smp("addressing = \"wrap\"\nfilter = \"nearest\"\n").contains("unknown addressing"));
        assert!(smp("addressing = \"clamp\"\nfilter = \"cubic\"\n").contains("unknown filter"));
        assert!(
            smp("addressing = \"clamp\"\nfilter = \"nearest\"\ntype = \"int\"\n")
                .contains("`type` is not allowed")
        );
        assert!(
            smp("addressing = \"clamp\"\nfilter = \"nearest\"\nnormalized = 1\n")
                .contains("normalized")
        );
        assert!(err(&format!(
            "{head}kind = \"buffer\"\ntype = \"int\"\nlen = 1\nwidth = 1\n"
        ))
        .contains("`width` is not allowed for kind = \"buffer\""));
        assert!(err(&format!("{head}kind = \"scalar\"\nvalue = 1\n")).contains("needs `type`"));
        assert!(err(&format!("{head}kind = \"texture\"\n")).contains("image or sampler"));
    }
}
