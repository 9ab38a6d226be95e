//! The `spirv-tools` crate, with the SPIRV-Tools C++ it builds from source.

use super::{OptimizerOptions, Pass, TargetEnv, ValidatorOptions};
use spirv_tools::assembler::{Assembler, DisassembleOptions};
use spirv_tools::opt::{Optimizer, Passes};
use spirv_tools::val::compiled::CompiledValidator;
use spirv_tools::val::Validator as _;

fn env(env: TargetEnv) -> spirv_tools::TargetEnv {
    use spirv_tools::TargetEnv as T;
    match env {
        TargetEnv::Universal_1_0 => T::Universal_1_0,
        TargetEnv::Universal_1_1 => T::Universal_1_1,
        TargetEnv::Universal_1_2 => T::Universal_1_2,
        TargetEnv::Universal_1_3 => T::Universal_1_3,
        TargetEnv::Universal_1_4 => T::Universal_1_4,
        TargetEnv::Universal_1_5 => T::Universal_1_5,
        TargetEnv::Universal_1_6 => T::Universal_1_6,
        TargetEnv::OpenCL_1_2 => T::OpenCL_1_2,
        TargetEnv::OpenCL_2_0 => T::OpenCL_2_0,
        TargetEnv::OpenCL_2_2 => T::OpenCL_2_2,
        TargetEnv::Vulkan_1_2 => T::Vulkan_1_2,
        TargetEnv::Vulkan_1_3 => T::Vulkan_1_3,
    }
}

fn validator_options(o: ValidatorOptions) -> spirv_tools::val::ValidatorOptions {
    spirv_tools::val::ValidatorOptions {
        scalar_block_layout: o.scalar_block_layout,
        ..Default::default()
    }
}

pub struct Validator(CompiledValidator);

impl Validator {
    pub fn new(target: TargetEnv) -> Self {
        Validator(CompiledValidator::with_env(env(target)))
    }

    pub fn validate(&self, words: &[u32], options: Option<ValidatorOptions>) -> Result<(), String> {
        self.0
            .validate(words, options.map(validator_options))
            .map_err(|e| e.to_string())
    }
}

pub fn optimize(
    words: &[u32],
    target: TargetEnv,
    passes: &[Pass],
    options: OptimizerOptions,
) -> Result<Vec<u32>, String> {
    let mut o = spirv_tools::opt::create(Some(env(target)));
    for &p in passes {
        o.register_pass(match p {
            Pass::SsaRewrite => Passes::SSARewrite,
            Pass::ConditionalConstantPropagation => Passes::ConditionalConstantPropagation,
            Pass::DeadBranchElim => Passes::DeadBranchElim,
            Pass::BlockMerge => Passes::BlockMerge,
            Pass::RedundancyElimination => Passes::RedundancyElimination,
            Pass::EliminateDeadConstant => Passes::EliminateDeadConstant,
        });
    }
    // The optimizer's error value may only say "an unknown error occurred"; the real
    // message arrives through the callback.
    let mut messages = Vec::new();
    let out = o.optimize(
        words,
        &mut |m: spirv_tools::error::Message| messages.push(m.message),
        Some(spirv_tools::opt::Options {
            validator_options: options.validator.map(validator_options),
            max_id_bound: None,
            preserve_bindings: options.preserve_bindings,
            preserve_spec_constants: options.preserve_spec_constants,
        }),
    );
    match out {
        Ok(binary) => Ok(binary.as_words().to_vec()),
        Err(e) => Err(format!("{e}: {}", messages.join("; "))),
    }
}

pub fn disassemble(words: &[u32]) -> Option<String> {
    let asm = spirv_tools::assembler::create(None);
    let opts = DisassembleOptions {
        indent: false,
        use_friendly_names: true,
        ..DisassembleOptions::default()
    };
    asm.disassemble(words, opts).ok().flatten()
}
