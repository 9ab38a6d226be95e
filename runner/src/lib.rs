//! `clc-runner`: runs OpenCL C sample kernels (`kernels/**/*.toml` + `.cl`) on Intel's CPU
//! OpenCL runtime from SPIR-V, and checks their outputs against expectations and against two
//! references: clang-22's SPIR-V, and the same source built by the runtime's own compiler.
//! Independent of the `clc` crate: compilers are driven as subprocesses.
//!
//! * [`spec`]: the TOML spec format and discovery.
//! * [`values`]: typed buffers, literals, deterministic fill generators.
//! * [`image`]: image and sampler arguments (formats, types, modes and their CL constants).
//! * [`exec`]: running one launch in a crash-isolated child process.
//! * [`compare`]: expected/actual and clc/reference comparisons.
//! * [`reference`]: the references: compiling with clang-22, building with the runtime.
//! * [`verdict`]: judging a launch from clc's outputs, `expect` and the references'.
//! * [`vulkan`]: the Vulkan backend (`--vulkan`): compiling for clc's Vulkan target, what it
//!   skips, running a launch through `vkhost`.
//!
//! Any `main()` that calls [`exec::run_isolated`] must call [`exec::child_main_if_requested`]
//! first thing.

pub mod compare;
pub mod exec;
pub mod image;
pub mod reference;
pub mod spec;
pub mod values;
pub mod verdict;
pub mod vulkan;

pub use exec::{child_main_if_requested, run_isolated, run_isolated_vulkan, Outputs};
pub use spec::{discover, Arg, ArgKind, Run, SpecFile};
pub use values::{ElemType, Values};
