//! Compilation options: one value passed explicitly through the pipeline (no global state,
//! so a build script can compile many kernels in one process).

use clc_passes::address_space::Limits;
use clc_passes::ast::LangVersion;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// The environment the SPIR-V is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// OpenCL: `clCreateProgramWithIL`.
    OpenCl,
    /// Vulkan 1.x compute: `vkCreateShaderModule` (minor version).
    Vulkan(u8),
}

impl FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "opencl" => Ok(Target::OpenCl),
            "vulkan1.2" => Ok(Target::Vulkan(2)),
            "vulkan1.3" => Ok(Target::Vulkan(3)),
            _ => Err(format!(
                "unknown target '{s}' (expected opencl, vulkan1.2 or vulkan1.3)"
            )),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::OpenCl => f.write_str("opencl"),
            Target::Vulkan(m) => write!(f, "vulkan1.{m}"),
        }
    }
}

/// Parses a `-cl-std=` value as clang does (case-insensitive, `CL1.0`…`CL3.0`).
pub fn parse_cl_std(s: &str) -> Result<LangVersion, String> {
    match s.to_ascii_uppercase().as_str() {
        "CL1.0" | "CL1.1" | "CL1.2" => Ok(LangVersion::Cl12),
        "CL2.0" => Ok(LangVersion::Cl20),
        "CL3.0" => Ok(LangVersion::Cl30),
        _ => Err(format!(
            "invalid value '{s}' in '-cl-std={s}' (expected CL1.2, CL2.0 or CL3.0)"
        )),
    }
}

/// `-ffp-contract=`: where floating-point operations may be contracted (clang's modes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FpContractMode {
    /// `off`: never; `#pragma OPENCL FP_CONTRACT ON` still turns it on for a region.
    Off,
    /// `on` (OpenCL C's default): a product feeding an addition in the same expression is
    /// fused, as clang fuses it, unless `#pragma OPENCL FP_CONTRACT OFF` says otherwise.
    #[default]
    On,
    /// `fast`: as `on`, and kernels leave out `ContractionOff`, so the driver may fuse across
    /// statements too, whatever the pragmas say.
    Fast,
    /// `fast-honor-pragmas`: as `fast`, except that a `FP_CONTRACT OFF` region anywhere keeps
    /// `ContractionOff`.
    FastHonorPragmas,
}

impl FromStr for FpContractMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "off" => Ok(FpContractMode::Off),
            "on" => Ok(FpContractMode::On),
            "fast" => Ok(FpContractMode::Fast),
            "fast-honor-pragmas" => Ok(FpContractMode::FastHonorPragmas),
            _ => Err(format!(
                "invalid value '{s}' in '-ffp-contract={s}' (expected on, off, fast or fast-honor-pragmas)"
            )),
        }
    }
}

/// What happens to warnings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WarningMode {
    /// Reported, compilation goes on.
    #[default]
    Report,
    /// `-w`: not reported.
    Ignore,
    /// `-Werror`: reported as errors.
    Error,
}

/// Options of one compilation.
#[derive(Debug, Clone)]
pub struct Options {
    /// `-cl-std`.
    pub cl_std: LangVersion,
    /// The spelling given to clang (`CL1.1` stays `CL1.1`).
    pub cl_std_spelling: String,
    /// `-D NAME[=VALUE]` and `-U NAME`, in order, as clang arguments.
    pub macros: Vec<String>,
    /// `-I DIR`.
    pub include_dirs: Vec<PathBuf>,
    /// `-cl-*` build options, passed to clang.
    pub cl_options: Vec<String>,
    /// `-ffp-contract=`.
    pub fp_contract: FpContractMode,
    /// Target environment.
    pub target: Target,
    /// SPIR-V version (major, minor).
    pub spirv_version: (u8, u8),
    /// `-w` / `-Werror`.
    pub warnings: WarningMode,
    /// Device limits for the AS-16/AS-18 warnings.
    pub limits: Limits,
    /// `--dump-after=PASS`.
    pub dump_after: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            cl_std: LangVersion::Cl12,
            cl_std_spelling: "CL1.2".into(),
            macros: Vec::new(),
            include_dirs: Vec::new(),
            cl_options: Vec::new(),
            fp_contract: FpContractMode::On,
            target: Target::OpenCl,
            spirv_version: (1, 0),
            warnings: WarningMode::Report,
            limits: Limits::default(),
            dump_after: None,
        }
    }
}

/// The `-cl-*` options clang and `clBuildProgram` accept that clc passes on. Each only
/// *permits* optimizations (or changes how clang types literals), so forwarding them to
/// the front end is conforming.
pub const CL_BUILD_OPTIONS: &[&str] = &[
    "-cl-fast-relaxed-math",
    "-cl-mad-enable",
    "-cl-finite-math-only",
    "-cl-no-signed-zeros",
    "-cl-denorms-are-zero",
    "-cl-single-precision-constant",
    "-cl-opt-disable",
    "-cl-unsafe-math-optimizations",
    "-cl-kernel-arg-info",
    "-cl-strict-aliasing",
    "-cl-uniform-work-group-size",
    "-cl-no-subgroup-ifp",
];
