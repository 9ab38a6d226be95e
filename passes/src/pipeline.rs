//! The pass pipeline, in order. Each pass has a stable kebab-case name (for
//! `--dump-after=NAME`); the structure is verified after every pass in debug builds.
//!
//! | # | pass | requires | provides |
//! |---|---|---|---|
//! | 1 | `normalize-address-spaces` | AST from the front end | every declaration/place has a space (AS-2) |
//! | 2 | `check-address-spaces` | normalized AST | AS-1, AS-3…AS-18 diagnostics |
//! | 3 | `classify-kernel-args` | checked AST | [`Validated::kernel_args`] |
//! | 4 | `contract-fp` | checked AST (source shapes) | products fused into additions where FP_CONTRACT allows |
//!
//! Only a module with no error gets a [`Validated`] token, and the backend requires one.

use crate::address_space::{self, ArgKind, Limits};
use crate::ast::{Function, HandleMap, Module};
use crate::diag::{Bug, Diagnostics};
use crate::verify::{self, Stage};

/// The names of the passes, in pipeline order.
pub const PASSES: &[&str] = &[
    "normalize-address-spaces",
    "check-address-spaces",
    "classify-kernel-args",
    "contract-fp",
];

/// Proof that a module passed every check, with the analysis results the backend needs.
/// It can only be made by [`run`] (other crates cannot construct a non-exhaustive struct).
#[derive(Debug)]
#[non_exhaustive]
pub struct Validated {
    /// Argument kinds of each kernel.
    pub kernel_args: HandleMap<Function, Vec<ArgKind>>,
}

/// Options of the pipeline.
#[derive(Debug, Clone, Default)]
pub struct PipelineOptions {
    /// Device limits for AS-16/AS-18.
    pub limits: Limits,
    /// Print the AST after the pass with this name.
    pub dump_after: Option<String>,
}

/// What a pipeline run produced.
#[derive(Debug)]
pub enum Outcome {
    /// The module is valid; `Diagnostics` holds warnings.
    Valid(Validated, Diagnostics),
    /// The module has errors (and possibly warnings).
    Invalid(Diagnostics),
}

/// Runs every pass on `module`. `dump` receives `(pass name, AST dump)` for `--dump-after`.
pub fn run(
    module: &mut Module,
    opts: &PipelineOptions,
    dump: &mut dyn FnMut(&str, String),
) -> Result<Outcome, Bug> {
    let check_structure = |m: &Module, stage| {
        if cfg!(debug_assertions) {
            verify::verify(m, stage)
        } else {
            Ok(())
        }
    };
    let mut after = |name: &str, m: &Module| {
        if opts.dump_after.as_deref() == Some(name) {
            dump(name, crate::ast::print::module(m));
        }
    };
    check_structure(module, Stage::Lowered)?;

    address_space::normalize::run(module);
    check_structure(module, Stage::Normalized)?;
    after("normalize-address-spaces", module);

    let diags = address_space::check::run(module, &opts.limits);
    after("check-address-spaces", module);
    if diags.has_errors() {
        return Ok(Outcome::Invalid(diags));
    }

    let mut kernel_args = HandleMap::default();
    for (h, f) in module.functions.iter() {
        if f.kernel.is_some() {
            kernel_args.insert(h, address_space::classify_kernel_args(module, f));
        }
    }
    after("classify-kernel-args", module);

    crate::contract::run(module);
    check_structure(module, Stage::Normalized)?;
    after("contract-fp", module);
    Ok(Outcome::Valid(Validated { kernel_args }, diags))
}
