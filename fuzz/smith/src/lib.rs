//! `clc-smith`: a random OpenCL C program generator in the spirit of CLsmith, and the
//! differential runner that checks clc against clang-22 and the OpenCL runtime's own compiler
//! with its programs (see TESTING.md at the repository root).
//!
//! * [`types`]: the OpenCL C types and language versions the generator writes.
//! * [`gen`]: seed → kernel, free of undefined behaviour by construction.

pub mod gen;
pub mod types;

pub use gen::{generate, program, Kernel, Options};
pub use types::ClStd;
pub mod diff;
pub mod exec;
pub mod reduce;
pub mod vulkan;
