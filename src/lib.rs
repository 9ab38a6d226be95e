//! # clc — an OpenCL C to SPIR-V compiler
//!
//! ```text
//! kernel.cl ─ libclang ─▶ cursors ─ front::lower ─▶ typed AST (clc-passes)
//!    ─ normalize/check address spaces ─▶ Validated ─ back::spv (rspirv) ─▶ SPIR-V
//!    ─ spirv-tools validation ─▶ kernel.spv (written atomically)
//! ```
//!
//! The library is what the `clc` binary and build scripts call: [`compile_file`] returns a
//! validated module or typed errors whose diagnostics [`render`] prints the way clang does.

#![warn(missing_docs)]
// `unsafe` is allowed only in `front::clang` (libclang), `output` (`close(2)`) and
// `spvtools::{capi, shim}` (SPIRV-Tools' C API and clc's C++ shim over its optimizer).
#![deny(unsafe_code)]

pub mod back;
pub mod bindings;
pub mod build_script;
pub mod driver;
pub mod error;
// libclang's constants keep their C names (`CXCursor_VarDecl`).
#[allow(non_upper_case_globals)]
pub mod front;
mod optimize;
pub mod options;
pub mod output;
pub mod reflect;
pub mod render;
pub mod source;
pub mod spvtools;
mod val_pieces;

pub use build_script::Build;
pub use clc_passes::{ast, diag};
pub use driver::{compile_file, compile_source, Compilation};
pub use error::Error;
pub use options::{FpContractMode, OptLevel, Options, Target, WarningMode};
