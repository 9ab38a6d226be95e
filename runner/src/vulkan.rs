//! The Vulkan backend of the runner (`clc-run --vulkan`): clc's `--target=vulkan1.2` module
//! and its reflection, run through [`vkhost`] with the same specs, inputs and `expect`.
//!
//! * [`compile`] runs `<clc> --target=vulkan1.2 -cl-std=<std> <options> <source> -o <spv>
//!   --reflect=<json>`; a rejection with an `unsupported:` diagnostic is an [`Unsupported`]
//!   error, so the runner lists the kernel as skipped with clc's reason.
//! * [`skip_reason`] names what the Vulkan target does not do before compiling: Intel
//!   sub-group functions.
//! * [`run_in_process`] is what the runner child does for a Vulkan job
//!   ([`crate::exec::run_isolated_vulkan`]): buffers get the same guard zone as on OpenCL.
//!
//! The device: `$CLC_VK_DEVICE` (a substring of its name), else the first discrete GPU, else
//! the first device (lavapipe on a machine without a GPU).

use std::path::Path;
use std::process::Command;

use anyhow::{anyhow, bail, Context, Result};

use crate::exec::{BuildFailed, Outputs, GUARD_BYTE, GUARD_BYTES};
use crate::reference::CompileFailed;
use crate::spec::{ArgKind, Run, SpecFile};
use crate::values::Values;

/// The target clc compiles Vulkan modules for.
pub const TARGET: &str = "vulkan1.2";

/// clc rejected the source for the Vulkan target with an `unsupported:` diagnostic; holds
/// the text after `unsupported:` (the first such diagnostic).
#[derive(Debug)]
pub struct Unsupported(pub String);

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Unsupported {}

/// Compiles `spec.source` with `clc --target=vulkan1.2` to `spv`, writing the reflection to
/// `json`. An `unsupported:` rejection is an [`Unsupported`]; any other failure a
/// [`CompileFailed`] with clc's diagnostics.
pub fn compile(clc: &Path, spec: &SpecFile, spv: &Path, json: &Path) -> Result<()> {
    let o = Command::new(clc)
        .arg(format!("--target={TARGET}"))
        .arg(format!("-cl-std={}", spec.cl_std))
        .args(&spec.options)
        .arg(&spec.source)
        .arg("-o")
        .arg(spv)
        .arg(format!("--reflect={}", json.display()))
        .output()
        .with_context(|| format!("running {}", clc.display()))?;
    let stderr = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() {
        if let Some(reason) = unsupported_reason(&stderr) {
            return Err(Unsupported(reason).into());
        }
        return Err(CompileFailed(format!(
            "{} --target={TARGET} exited with {}:\n{}",
            clc.display(),
            o.status,
            stderr.trim_end()
        ))
        .into());
    }
    for f in [spv, json] {
        if !f.exists() {
            return Err(CompileFailed(format!(
                "{} succeeded but wrote no {}",
                clc.display(),
                f.display()
            ))
            .into());
        }
    }
    Ok(())
}

/// The text after the first `unsupported:` in clc's diagnostics.
fn unsupported_reason(stderr: &str) -> Option<String> {
    stderr.lines().find_map(|l| {
        let (_, rest) = l.split_once("unsupported:")?;
        Some(rest.trim().to_string())
    })
}

/// Why `run` of `spec` cannot run on the Vulkan target, if it cannot: a source that calls
/// Intel's sub-group functions (found by name in the
/// source text, comments included: a false positive is a visible SKIP, never a silent pass).
/// `device` is the device that would run it (`lavapipe_skip` applies on lavapipe only,
/// `nvidia_skip` on NVIDIA's driver only,
/// `float_denormals` on devices that flush float subnormals).
pub fn skip_reason(spec: &SpecFile, _run: &Run, device: &DeviceInfo) -> Option<String> {
    if let Some(why) = &spec.vulkan_skip {
        return Some(why.clone());
    }
    if let Some(why) = spec
        .lavapipe_skip
        .as_ref()
        .filter(|_| is_lavapipe(&device.name))
    {
        return Some(format!("on lavapipe: {why}"));
    }
    if let Some(why) = spec
        .nvidia_skip
        .as_ref()
        .filter(|_| device.name.contains("NVIDIA"))
    {
        return Some(format!("on NVIDIA: {why}"));
    }
    if let Some(what) = spec
        .float_denormals
        .as_ref()
        .filter(|_| device.flushes_denormals)
    {
        return Some(match &device.probe_error {
            Some(e) => format!(
                "the subnormal probe failed ({e}), and the expected values keep float subnormals ({what})"
            ),
            None => format!(
                "the device flushes float subnormals, as OpenCL allows; the expected values keep them ({what})"
            ),
        });
    }
    // Without a device (empty name) nothing is known: the runs fail, naming why.
    if let Some((feature, ext)) = spec
        .missing_vulkan_feature(|f| device.features.iter().any(|d| d == f))
        .filter(|_| !device.name.is_empty())
    {
        return Some(format!(
            "requires {ext}: the device lacks the feature `{feature}`"
        ));
    }
    let text = std::fs::read_to_string(&spec.source).unwrap_or_default();
    if let Some(f) = identifiers(&text).find(|w| w.starts_with("intel_sub_group_")) {
        return Some(format!("Intel sub-group function `{f}`"));
    }
    None
}

/// Whether a device name is Mesa's lavapipe.
pub fn is_lavapipe(device: &str) -> bool {
    device.contains("llvmpipe")
}

/// What the runner knows of the device runs go to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeviceInfo {
    /// Its name (`llvmpipe (LLVM 15.0.6, 256 bits)`).
    pub name: String,
    /// It flushes `float` subnormals by default ([`vkhost::probe::flushes_float_denormals`]);
    /// also true when the probe failed (see `probe_error`), since nothing is then known.
    pub flushes_denormals: bool,
    /// Why the subnormal probe failed, if it did.
    pub probe_error: Option<String>,
    /// The device features it has, of those vkhost knows (`shaderFloat16`, ...).
    pub features: Vec<String>,
}

/// The device runs go to (`$CLC_VK_DEVICE`, else the first discrete GPU, …), opened and
/// probed once; the default (no name) when there is none (the runs then fail, naming why).
pub fn device_info() -> DeviceInfo {
    static INFO: std::sync::OnceLock<DeviceInfo> = std::sync::OnceLock::new();
    INFO.get_or_init(|| match vkhost::Device::new() {
        Ok(d) => {
            let probe = vkhost::probe::flushes_float_denormals(&d);
            let info = DeviceInfo {
                name: d.name().to_string(),
                flushes_denormals: probe.as_ref().map_or(true, |f| *f),
                probe_error: probe.err().map(|e| e.to_string()),
                features: d.enabled_features().iter().map(|f| f.to_string()).collect(),
            };
            println!(
                "vulkan device: {}; float subnormals: {}",
                info.name,
                match (&info.probe_error, info.flushes_denormals) {
                    (Some(e), _) => format!("unknown (the probe failed: {e})"),
                    (None, true) => "flushed".to_string(),
                    (None, false) => "kept".to_string(),
                }
            );
            info
        }
        Err(_) => DeviceInfo::default(),
    })
    .clone()
}

/// The identifiers of `text`, in order.
fn identifiers(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_'))
}

/// What one argument holds until the outputs are read back.
enum Held {
    Buffer(vkhost::Buffer, usize),
    Value(Vec<u8>),
    Local(u64),
    Image(vkhost::Image),
    Sampler(u32),
}

/// vkhost's description of a spec's image.
fn vk_image_desc(d: &crate::image::ImageDesc) -> Result<vkhost::ImageDesc> {
    use crate::image::ImageType as T;
    use vkhost::ImageShape as S;
    let shape = match d.image {
        T::D1 => S::D1,
        T::D1Buffer => S::D1Buffer,
        T::D1Array => S::D1Array,
        T::D2 => S::D2,
        T::D2Array => S::D2Array,
        T::D3 => S::D3,
    };
    let dim =
        |v: usize| u32::try_from(v).map_err(|_| anyhow::anyhow!("image size {v} is too large"));
    Ok(vkhost::ImageDesc {
        shape,
        width: dim(d.width)?,
        height: dim(d.height)?,
        depth: dim(d.depth)?,
        layers: dim(d.array_size)?,
        order: d.order.cl_code(),
        channel_type: d.channel_type.cl_code(),
    })
}

/// Runs `run` from the Vulkan module `spv` described by the reflection `json`, in this
/// process. Prefer [`crate::exec::run_isolated_vulkan`].
pub fn run_in_process(run: &Run, spv: &Path, json: &Path) -> Result<Outputs> {
    let text =
        std::fs::read_to_string(json).with_context(|| format!("reading {}", json.display()))?;
    let reflection = vkhost::Reflection::from_json(&text)?;
    let bytes = std::fs::read(spv).with_context(|| format!("reading {}", spv.display()))?;
    let words = vkhost::spirv_words(&bytes)?;
    let dev = vkhost::Device::for_reflection(&reflection)?;
    let mut program = vkhost::Program::load(&dev, &words, &reflection).map_err(build_error)?;
    if let Some(bytes) = run.printf_buffer {
        program.set_printf_buffer_size(bytes)?;
    }

    let mut held = Vec::with_capacity(run.args.len());
    for (i, arg) in run.args.iter().enumerate() {
        let what = || format!("argument {i} `{}`", arg.name);
        held.push(match &arg.kind {
            ArgKind::Buffer { init } => {
                let mut data = init.to_le_bytes();
                let len = data.len();
                data.resize(len + GUARD_BYTES, GUARD_BYTE);
                let buf = vkhost::Buffer::from_bytes(&dev, &data).with_context(what)?;
                Held::Buffer(buf, len)
            }
            ArgKind::Scalar { value } => Held::Value(value.to_le_bytes()),
            ArgKind::Local { len } => Held::Local((len * arg.ty.size()) as u64),
            ArgKind::Image { desc, init } => {
                let image = vkhost::Image::new(&dev, vk_image_desc(desc)?).with_context(what)?;
                image.write(&init.to_le_bytes()).with_context(what)?;
                Held::Image(image)
            }
            ArgKind::Sampler { sampler } => Held::Sampler(sampler.clk_bits()),
        });
    }
    let args: Vec<vkhost::Arg> = held
        .iter()
        .map(|h| match h {
            Held::Buffer(b, _) => vkhost::Arg::Buffer(b),
            Held::Value(v) => vkhost::Arg::Value(v),
            Held::Local(n) => vkhost::Arg::Local(*n),
            Held::Image(i) => vkhost::Arg::Image(i),
            Held::Sampler(bits) => vkhost::Arg::Sampler(*bits),
        })
        .collect();
    let range = nd_range(run)?;
    program
        .launch(&run.kernel, &range, &args)
        .map_err(build_error)
        .with_context(|| format!("launching `{}` on {}", run.kernel, dev.name()))?;

    let mut outputs = Vec::new();
    for (arg, h) in run.args.iter().zip(&held) {
        if let Held::Image(image) = h {
            if arg.is_output() {
                let data = image
                    .read()
                    .with_context(|| format!("reading back image `{}`", arg.name))?;
                outputs.push((arg.name.clone(), Values::from_le_bytes(arg.ty, &data)?));
            }
            continue;
        }
        let Held::Buffer(buf, len) = h else { continue };
        let data = buf
            .to_vec()
            .with_context(|| format!("reading back `{}`", arg.name))?;
        if let Some(off) = data[*len..].iter().position(|&b| b != GUARD_BYTE) {
            bail!(
                "kernel `{}` wrote past the end of buffer `{}` (byte {off} after its end, {len} bytes long)",
                run.kernel,
                arg.name,
            );
        }
        if arg.is_output() {
            outputs.push((
                arg.name.clone(),
                Values::from_le_bytes(arg.ty, &data[..*len])?,
            ));
        }
    }
    let printed = program.take_printf();
    Ok(Outputs {
        outputs,
        printed: Some(printed.text),
    })
}

/// The spec's NDRange for vkhost.
fn nd_range(run: &Run) -> Result<vkhost::NdRange> {
    let global: Vec<u64> = run.global.iter().map(|&g| g as u64).collect();
    let mut r = vkhost::NdRange::new(&global);
    if let Some(l) = &run.local {
        let l = l
            .iter()
            .map(|&x| u32::try_from(x).map_err(|_| anyhow!("local size {x} exceeds 2^32-1")))
            .collect::<Result<Vec<u32>>>()?;
        r = r.with_local(&l);
    }
    if let Some(o) = &run.offset {
        r = r.with_offset(&o.iter().map(|&x| x as u64).collect::<Vec<_>>());
    }
    Ok(r)
}

/// Turns the driver refusing the module (shader module or pipeline creation) into a
/// [`BuildFailed`], like clBuildProgram failing on OpenCL; other errors stay as they are.
fn build_error(e: vkhost::Error) -> anyhow::Error {
    match e {
        vkhost::Error::Vk { call, .. }
            if call == "vkCreateShaderModule" || call == "vkCreateComputePipelines" =>
        {
            BuildFailed(e.to_string()).into()
        }
        e => e.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_unsupported_reasons() {
        assert_eq!(
            unsupported_reason("k.cl:3:5: error: unsupported: images on the Vulkan target\n"),
            Some("images on the Vulkan target".to_string())
        );
        assert_eq!(unsupported_reason("k.cl:3:5: error: expected ';'\n"), None);
    }

    fn lavapipe() -> DeviceInfo {
        DeviceInfo {
            name: "llvmpipe (LLVM 15.0.6, 256 bits)".into(),
            flushes_denormals: false,
            probe_error: None,
            features: vec!["shaderFloat16".into(), "shaderFloat64".into()],
        }
    }

    #[test]
    fn skips_what_the_device_lacks() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("k.cl"), "kernel void k(global int *a) {}").unwrap();
        let toml = "requires = [\"cl_khr_fp16\"]\n[[run]]\nkernel = \"k\"\nglobal = [1]\n[[run.args]]\nname = \"a\"\nkind = \"buffer\"\ntype = \"int\"\nlen = 1\n";
        let s = SpecFile::parse(&dir.path().join("k.toml"), toml).unwrap();
        assert_eq!(skip_reason(&s, &s.runs[0], &lavapipe()), None);
        let no_half = DeviceInfo {
            features: vec!["shaderFloat64".into()],
            ..lavapipe()
        };
        assert_eq!(
            skip_reason(&s, &s.runs[0], &no_half).as_deref(),
            Some("requires cl_khr_fp16: the device lacks the feature `shaderFloat16`")
        );
        // No device at all: not a skip (the run fails and says why).
        assert_eq!(skip_reason(&s, &s.runs[0], &DeviceInfo::default()), None);
    }

    #[test]
    fn skips_by_device() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("k.cl"), "kernel void k(global int *a) {}").unwrap();
        let toml = "lavapipe_skip = \"slow\"\nfloat_denormals = \"isnormal\"\n[[run]]\nkernel = \"k\"\nglobal = [1]\n[[run.args]]\nname = \"a\"\nkind = \"buffer\"\ntype = \"int\"\nlen = 1\n";
        let s = SpecFile::parse(&dir.path().join("k.toml"), toml).unwrap();
        assert_eq!(
            skip_reason(&s, &s.runs[0], &lavapipe()).as_deref(),
            Some("on lavapipe: slow")
        );
        let gpu = DeviceInfo {
            name: "NVIDIA H100 80GB HBM3".into(),
            flushes_denormals: true,
            probe_error: None,
            features: Vec::new(),
        };
        assert!(skip_reason(&s, &s.runs[0], &gpu)
            .is_some_and(|w| w.contains("flushes float subnormals") && w.contains("isnormal")));
        let keeps = DeviceInfo {
            flushes_denormals: false,
            ..gpu
        };
        assert_eq!(skip_reason(&s, &s.runs[0], &keeps.clone()), None);
        let unknown = DeviceInfo {
            flushes_denormals: true,
            probe_error: Some("the subnormal probe read back 1e-3".into()),
            ..keeps.clone()
        };
        assert!(skip_reason(&s, &s.runs[0], &unknown)
            .is_some_and(|w| w.contains("probe failed") && w.contains("isnormal")));
        // nvidia_skip: on NVIDIA's driver only.
        let toml = "nvidia_skip = \"driver bug\"\n[[run]]\nkernel = \"k\"\nglobal = [1]\n[[run.args]]\nname = \"a\"\nkind = \"buffer\"\ntype = \"int\"\nlen = 1\n";
        let s = SpecFile::parse(&dir.path().join("k.toml"), toml).unwrap();
        assert_eq!(
            skip_reason(&s, &s.runs[0], &keeps).as_deref(),
            Some("on NVIDIA: driver bug")
        );
        assert_eq!(skip_reason(&s, &s.runs[0], &lavapipe()), None);
    }

    #[test]
    fn skips_what_vulkan_lacks() {
        let dir = tempfile::tempdir().unwrap();
        let spec = |src: &str, args: &str| {
            std::fs::write(dir.path().join("k.cl"), src).unwrap();
            let toml = format!("[[run]]\nkernel = \"k\"\nglobal = [1]\n{args}");
            SpecFile::parse(&dir.path().join("k.toml"), &toml).unwrap()
        };
        let buf = "[[run.args]]\nname = \"a\"\nkind = \"buffer\"\ntype = \"int\"\nlen = 1\n";
        let s = spec("kernel void k(global int *a) { printf(\"%d\", 1); }", buf);
        assert_eq!(skip_reason(&s, &s.runs[0], &lavapipe()), None);
        let s = spec(
            "kernel void k(global int *a) { a[0] = get_sub_group_size(); }",
            buf,
        );
        assert_eq!(skip_reason(&s, &s.runs[0], &lavapipe()), None);
        let s = spec(
            "kernel void k(global int *a) { a[0] = intel_sub_group_shuffle(a[0], 1u); }",
            buf,
        );
        assert_eq!(
            skip_reason(&s, &s.runs[0], &lavapipe()).as_deref(),
            Some("Intel sub-group function `intel_sub_group_shuffle`")
        );
        let s = spec(
            "kernel void k(global int *a) { a[0] = my_printf_count; }",
            buf,
        );
        assert_eq!(skip_reason(&s, &s.runs[0], &lavapipe()), None);
        let s = spec(
            "kernel void k(sampler_t s) {}",
            "[[run.args]]\nname = \"s\"\nkind = \"sampler\"\naddressing = \"none\"\nfilter = \"nearest\"\n",
        );
        assert_eq!(skip_reason(&s, &s.runs[0], &lavapipe()), None);
    }
}
