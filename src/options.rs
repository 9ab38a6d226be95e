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

/// Checks a `-cl-ext=` value as clang does: a comma-separated list of `+name` or `-name`,
/// where `name` is an extension or feature name (letters, digits, `_`) or `all`.
pub fn parse_cl_ext(s: &str) -> Result<(), String> {
    let bad = |why: &str| Err(format!("invalid value '{s}' in '-cl-ext={s}' ({why})"));
    if s.is_empty() {
        return bad("expected a list such as -cl_khr_fp64,+cl_khr_fp16");
    }
    for item in s.split(',') {
        let Some(name) = item.strip_prefix(['+', '-']) else {
            return bad(&format!("'{item}' must start with '+' or '-'"));
        };
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return bad(&format!("'{item}' is not an extension name"));
        }
    }
    Ok(())
}

/// Parses a `-cl-std=` value as clang does (case-insensitive, `CL1.0`…`CL3.0`).
pub fn parse_cl_std(s: &str) -> Result<LangVersion, String> {
    // clang takes each value in upper or in lower case, not mixed (`cL1.2` is an error).
    let upper = s.to_ascii_uppercase();
    if s != upper && s != upper.to_ascii_lowercase() {
        return Err(format!(
            "invalid value '{s}' in '-cl-std={s}' (expected CL1.2, CL2.0 or CL3.0)"
        ));
    }
    match upper.as_str() {
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

/// Optimization level, as clang spells it (`-O0`…`-O3`, `-Os`, `-Oz`, `-O` = `-O1`).
///
/// Levels above 0 run the spirv-tools optimizer over the module (see `driver::optimize`);
/// all of them run the same passes, the ones that work on OpenCL `Kernel` modules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OptLevel {
    /// `-O0`, `-cl-opt-disable`: the module as written by the backend.
    #[default]
    O0,
    /// `-O1` (and `-O`).
    O1,
    /// `-O2`.
    O2,
    /// `-O3`.
    O3,
    /// `-Os`.
    Os,
    /// `-Oz`.
    Oz,
}

impl OptLevel {
    /// Parses what follows `-O` the way clang does: empty means 1.
    pub fn parse(s: &str) -> Result<OptLevel, String> {
        Ok(match s {
            "0" => OptLevel::O0,
            "" | "1" => OptLevel::O1,
            "2" => OptLevel::O2,
            "3" => OptLevel::O3,
            "s" => OptLevel::Os,
            "z" => OptLevel::Oz,
            _ => {
                return Err(format!(
                    "invalid optimization level '-O{s}' (expected -O0, -O1, -O2, -O3, -Os or -Oz)"
                ))
            }
        })
    }

    /// Whether the optimizer runs.
    pub fn optimizes(self) -> bool {
        self != OptLevel::O0
    }
}

impl fmt::Display for OptLevel {
    /// The level as written after `-O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OptLevel::O0 => "0",
            OptLevel::O1 => "1",
            OptLevel::O2 => "2",
            OptLevel::O3 => "3",
            OptLevel::Os => "s",
            OptLevel::Oz => "z",
        })
    }
}

/// clc's own warnings, in groups that the `-W` flags control like clang's groups.
pub use clc_passes::address_space::Lint;

/// Whether a warning flag names one of clc's own groups; such flags are not passed to clang.
fn names_own_group(flag: &str) -> bool {
    let name = flag
        .strip_prefix("-Wno-error=")
        .or_else(|| flag.strip_prefix("-Werror="))
        .or_else(|| flag.strip_prefix("-Wno-"))
        .or_else(|| flag.strip_prefix("-W"));
    name.is_some_and(|n| Lint::from_name(n).is_some())
}

/// Whether `arg` is a warning flag clc accepts and orders with the others: `-W<group>`,
/// `-Wno-<group>`, `-Werror=<group>`, `-Wno-error=<group>`, `-Weverything`, `-pedantic`,
/// `-pedantic-errors`. (`-w` and `-Werror` are [`WarningMode`].) `-Wl,`/`-Wa,`/`-Wp,`
/// pass arguments to other tools in clang's driver and are not warning flags.
pub fn is_warning_flag(arg: &str) -> bool {
    if arg == "-pedantic" || arg == "-pedantic-errors" {
        return true;
    }
    match arg.strip_prefix("-W") {
        Some(rest) => {
            !rest.is_empty()
                && !rest.contains(',')
                && rest != "error"
                && rest != "error="
                && rest != "no-error="
                && rest != "no-"
        }
        None => false,
    }
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
    /// `-cl-ext=` lists (`-cl_khr_fp64`, `+cl_khr_fp16,-all`...), in order: the extensions
    /// the device has or lacks, as clang's front end takes them.
    pub cl_ext: Vec<String>,
    /// `-ffp-contract=`.
    pub fp_contract: FpContractMode,
    /// Target environment.
    pub target: Target,
    /// SPIR-V version (major, minor).
    pub spirv_version: Option<(u8, u8)>,
    /// `-w` / `-Werror`.
    pub warnings: WarningMode,
    /// The other warning flags (see [`is_warning_flag`]), in command-line order: later ones
    /// override earlier ones for the same group, as in clang.
    pub warning_flags: Vec<String>,
    /// `-ferror-limit=N`: errors shown before clc stops with a fatal error (0: no limit).
    /// Clang's driver default is 19.
    pub error_limit: u32,
    /// `-O<level>`.
    pub opt_level: OptLevel,
    /// `-funroll-loops` (default) / `-fno-unroll-loops`: at `-O1` and above the Vulkan target
    /// marks counted loops with a small constant trip count `Unroll` (docs/VULKAN.md). Hints
    /// written in the source are kept either way.
    pub unroll_loops: bool,
    /// `-g`: source file names and line information (`OpString`, `OpLine`) in the module.
    pub debug_info: bool,
    /// Device limits for the AS-16/AS-18 warnings.
    pub limits: Limits,
    /// `--dump-after=PASS`.
    pub dump_after: Option<String>,
    /// How long libclang may parse before the compilation fails with an error (`None`: no
    /// limit). clang-22 never finishes on some malformed input (`(::x)` spins its parser;
    /// `as_uint(sin)` crashes the clang driver and spins libclang), and clc cannot stop
    /// it: the parse is left running on its thread, and the error returns at once.
    pub parse_timeout: Option<std::time::Duration>,
    /// A precompiled header of clang's OpenCL declarations (`opencl-c-base.h`) made for
    /// these options by [`crate::driver::precompile_base_header`], read instead of parsing
    /// the header again. [`crate::Build`] makes one for its files.
    pub precompiled_header: Option<PathBuf>,
}

/// The default [`Options::parse_timeout`]: a 50 MB source parses in about 4 s.
pub const DEFAULT_PARSE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(120);

impl Default for Options {
    fn default() -> Self {
        Options {
            cl_std: LangVersion::Cl12,
            cl_std_spelling: "CL1.2".into(),
            macros: Vec::new(),
            include_dirs: Vec::new(),
            cl_options: Vec::new(),
            cl_ext: Vec::new(),
            fp_contract: FpContractMode::On,
            target: Target::OpenCl,
            spirv_version: None,
            warnings: WarningMode::Report,
            warning_flags: Vec::new(),
            error_limit: 19,
            opt_level: OptLevel::O0,
            unroll_loops: true,
            debug_info: false,
            limits: Limits::default(),
            dump_after: None,
            parse_timeout: Some(DEFAULT_PARSE_TIMEOUT),
            precompiled_header: None,
        }
    }
}

impl Options {
    /// The warning flags for clang's command line: clc's own groups left out (clang would
    /// call them unknown).
    pub fn clang_warning_flags(&self) -> Vec<String> {
        let mut flags = Vec::new();
        match self.warnings {
            WarningMode::Report => {}
            WarningMode::Ignore => flags.push("-w".to_string()),
            WarningMode::Error => flags.push("-Werror".to_string()),
        }
        flags.extend(
            self.warning_flags
                .iter()
                .filter(|f| !names_own_group(f))
                .cloned(),
        );
        flags
    }

    /// What becomes of a warning of clc's group `lint`: `None` when it is off, otherwise
    /// whether it is an error. Clang's rules: `-w` wins; the last of `-W<g>`, `-Wno-<g>`,
    /// `-Werror=<g>` (which also enables), `-Weverything` and `-Wno-everything` decides
    /// whether it is on; `-Werror=<g>`/`-Wno-error=<g>` override `-Werror` for the group.
    pub fn lint_severity(&self, lint: Lint) -> Option<bool> {
        if self.warnings == WarningMode::Ignore {
            return None;
        }
        let name = lint.name();
        let (mut on, mut error) = (true, None);
        for f in &self.warning_flags {
            match f.as_str() {
                "-Weverything" => on = true,
                "-Wno-everything" => on = false,
                f => {
                    if f.strip_prefix("-Werror=") == Some(name) {
                        on = true;
                        error = Some(true);
                    } else if f.strip_prefix("-Wno-error=") == Some(name) {
                        error = Some(false);
                    } else if f.strip_prefix("-Wno-") == Some(name) {
                        on = false;
                    } else if f.strip_prefix("-W") == Some(name) {
                        on = true;
                    }
                }
            }
        }
        on.then(|| error.unwrap_or(self.warnings == WarningMode::Error))
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
