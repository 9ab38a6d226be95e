//! SPIRV-Tools, the one way the rest of clc reaches it: the validator, the optimizer and
//! the disassembler, all in-process.
//!
//! Two backends answer the same functions:
//! - `vendored` (the default feature `vendored-spirv-tools`): the `spirv-tools` crate, whose
//!   C++ is built from source by its build script, minutes on a first build.
//! - `system` (feature `system-spirv-tools`): the SPIRV-Tools installed on the machine
//!   (2023.1 or newer, found with pkg-config), through its C API, plus a small C++ shim for
//!   the optimizer (`optimizer.cpp`), which 2023.1 offers only as a C++ class. It wins when
//!   both features are on.

use std::fmt;

#[cfg(feature = "system-spirv-tools")]
mod system;
#[cfg(feature = "system-spirv-tools")]
use system as backend;

#[cfg(all(feature = "vendored-spirv-tools", not(feature = "system-spirv-tools")))]
mod vendored;
#[cfg(all(feature = "vendored-spirv-tools", not(feature = "system-spirv-tools")))]
use vendored as backend;

#[cfg(not(any(feature = "vendored-spirv-tools", feature = "system-spirv-tools")))]
compile_error!("clc needs SPIRV-Tools: enable `vendored-spirv-tools` or `system-spirv-tools`");

/// The environments clc validates and optimizes for, named as SPIRV-Tools names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(non_camel_case_types)]
pub enum TargetEnv {
    /// SPIR-V 1.0, no client API rules.
    Universal_1_0,
    /// SPIR-V 1.1, no client API rules.
    Universal_1_1,
    /// SPIR-V 1.2, no client API rules.
    Universal_1_2,
    /// SPIR-V 1.3, no client API rules.
    Universal_1_3,
    /// SPIR-V 1.4, no client API rules.
    Universal_1_4,
    /// SPIR-V 1.5, no client API rules.
    Universal_1_5,
    /// SPIR-V 1.6, no client API rules.
    Universal_1_6,
    /// OpenCL 1.2 full profile with `cl_khr_il_program`.
    OpenCL_1_2,
    /// OpenCL 2.0 full profile with `cl_khr_il_program`.
    OpenCL_2_0,
    /// OpenCL 2.2 full profile.
    OpenCL_2_2,
    /// Vulkan 1.2.
    Vulkan_1_2,
    /// Vulkan 1.3.
    Vulkan_1_3,
}

impl fmt::Display for TargetEnv {
    /// spirv-val's `--target-env` name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TargetEnv::Universal_1_0 => "spv1.0",
            TargetEnv::Universal_1_1 => "spv1.1",
            TargetEnv::Universal_1_2 => "spv1.2",
            TargetEnv::Universal_1_3 => "spv1.3",
            TargetEnv::Universal_1_4 => "spv1.4",
            TargetEnv::Universal_1_5 => "spv1.5",
            TargetEnv::Universal_1_6 => "spv1.6",
            TargetEnv::OpenCL_1_2 => "opencl1.2",
            TargetEnv::OpenCL_2_0 => "opencl2.0",
            TargetEnv::OpenCL_2_2 => "opencl2.2",
            TargetEnv::Vulkan_1_2 => "vulkan1.2",
            TargetEnv::Vulkan_1_3 => "vulkan1.3",
        })
    }
}

/// The validator options clc sets; everything else keeps SPIRV-Tools' default.
#[derive(Clone, Copy, Debug, Default)]
pub struct ValidatorOptions {
    /// Buffers and blocks are laid out with scalar alignment (`VK_EXT_scalar_block_layout`).
    pub scalar_block_layout: bool,
}

/// The optimizer passes clc runs (`optimize.rs` says why these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// `--ssa-rewrite`
    SsaRewrite,
    /// `--ccp`
    ConditionalConstantPropagation,
    /// `--eliminate-dead-branches`
    DeadBranchElim,
    /// `--merge-blocks`
    BlockMerge,
    /// `--redundancy-elimination`
    RedundancyElimination,
    /// `--eliminate-dead-const`
    EliminateDeadConstant,
}

/// How the optimizer runs.
#[derive(Clone, Copy, Debug, Default)]
pub struct OptimizerOptions {
    /// The options of the validation the optimizer runs on its input first.
    pub validator: Option<ValidatorOptions>,
    /// Keep descriptor bindings even when unused.
    pub preserve_bindings: bool,
    /// Keep specialization constants instead of folding their defaults.
    pub preserve_spec_constants: bool,
}

/// A validator for one environment.
pub struct Validator(backend::Validator);

impl Validator {
    /// A validator for modules of `env`.
    pub fn new(env: TargetEnv) -> Self {
        Validator(backend::Validator::new(env))
    }

    /// Checks `words`; the error is the validator's message, as
    /// `error:LINE:COLUMN - message`.
    pub fn validate(&self, words: &[u32], options: Option<ValidatorOptions>) -> Result<(), String> {
        self.0.validate(words, options)
    }
}

/// Runs `passes` over `words`. The error says what the optimizer reported.
pub fn optimize(
    words: &[u32],
    env: TargetEnv,
    passes: &[Pass],
    options: OptimizerOptions,
) -> Result<Vec<u32>, String> {
    backend::optimize(words, env, passes, options)
}

/// SPIR-V assembly of `words`: friendly names, no indentation, the header as comments;
/// `None` if the disassembler fails.
pub fn disassemble(words: &[u32]) -> Option<String> {
    backend::disassemble(words)
}
