//! SPIRV-Tools, the one way the rest of clc reaches it: the validator, the optimizer and
//! the disassembler, all in-process.
//!
//! Two builds of the library, chosen by feature:
//! - `vendored-spirv-tools` (the default): build.rs compiles the part of SPIRV-Tools clc
//!   calls from `third_party/spirv-tools` (the validator, the disassembler, six optimizer
//!   passes), optimized whatever the profile, in a few unity units.
//! - `system-spirv-tools`: the SPIRV-Tools installed on the machine (2023.1 or newer, found
//!   with pkg-config). It wins when both features are on.
//!
//! Both export the same C API, through which `capi` calls the validator and the
//! disassembler, and a small C++ shim of clc's (`optimizer.cpp` or
//! `vendored_optimizer.cpp`) puts the same C ABI over the optimizer for `shim`.

use std::fmt;

mod capi;
mod shim;

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
    /// Messages name ids after their `OpName`s and types (`%foo`, `%uint`) instead of by
    /// number (`5[%5]`). The validator then builds a name for every id first: about a fifth
    /// of its time and memory, so clc asks for names only to word a rejection.
    pub friendly_names: bool,
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

/// How the optimizer runs. It does not validate its input: the caller has.
#[derive(Clone, Copy, Debug, Default)]
pub struct OptimizerOptions {
    /// Keep descriptor bindings even when unused.
    pub preserve_bindings: bool,
    /// Keep specialization constants instead of folding their defaults.
    pub preserve_spec_constants: bool,
}

/// A validator for one environment.
pub struct Validator(capi::Validator);

impl Validator {
    /// A validator for modules of `env`.
    pub fn new(env: TargetEnv) -> Self {
        Validator(capi::Validator::new(env))
    }

    /// Checks `words`; the error is the validator's message, as
    /// `error:LINE:COLUMN - message`.
    pub fn validate(&self, words: &[u32], options: ValidatorOptions) -> Result<(), String> {
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
    shim::optimize(words, env, passes, options)
}

/// SPIR-V assembly of `words`: friendly names, no indentation, the header as comments;
/// `None` if the disassembler fails.
pub fn disassemble(words: &[u32]) -> Option<String> {
    capi::disassemble(words)
}

#[cfg(test)]
mod tests {
    use super::{TargetEnv, Validator, ValidatorOptions};
    use rspirv::dr::Builder;
    use rspirv::spirv::{AddressingModel, Capability, FunctionControl, MemoryModel};

    /// A module that calls a `void` function for a `uint`, which it names `word`.
    fn bad_call() -> Vec<u32> {
        let mut b = Builder::new();
        b.set_version(1, 0);
        b.capability(Capability::Addresses);
        b.capability(Capability::Kernel);
        b.capability(Capability::Linkage);
        b.memory_model(AddressingModel::Physical64, MemoryModel::OpenCL);
        let void = b.type_void();
        let uint = b.type_int(32, 0);
        b.name(uint, "word");
        let fn_ty = b.type_function(void, vec![]);
        let broken = b
            .begin_function(void, None, FunctionControl::NONE, fn_ty)
            .unwrap();
        b.name(broken, "broken");
        b.begin_block(None).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        let caller = b
            .begin_function(void, None, FunctionControl::NONE, fn_ty)
            .unwrap();
        b.begin_block(None).unwrap();
        b.function_call(uint, None, broken, []).unwrap();
        b.ret().unwrap();
        b.end_function().unwrap();
        let _ = caller;
        rspirv::binary::Assemble::assemble(&b.module())
    }

    #[test]
    fn names_only_when_asked() {
        let v = Validator::new(TargetEnv::Universal_1_0);
        let words = bad_call();
        let plain = v.validate(&words, ValidatorOptions::default()).unwrap_err();
        let named = v
            .validate(
                &words,
                ValidatorOptions {
                    friendly_names: true,
                    ..Default::default()
                },
            )
            .unwrap_err();
        // The message's first line names the ids; the instruction quoted below it is
        // disassembled with names either way.
        let first = |s: &str| s.lines().next().unwrap_or_default().to_string();
        assert!(first(&named).contains("[%word]"), "{named}");
        assert!(!first(&plain).contains("%word"), "{plain}");
        // The same finding either way.
        let strip = |s: &str| s.split('\'').step_by(2).collect::<String>();
        assert_eq!(strip(&first(&plain)), strip(&first(&named)));
    }
}
