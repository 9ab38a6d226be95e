//! The two reference compilers clc's results are compared with.
//!
//! * clang-22's SPIR-V back end: `clang-22 --target=spirv64v1.0 -cl-std=<cl_std> <options> -c
//!   <source> -o <out>` at clang's default optimization level (-O2), run on the runtime like
//!   clc's module. `$CLC_REFERENCE_CLANG` overrides the clang binary.
//! * The runtime's own OpenCL C front end ("the driver"): the source itself goes to
//!   clCreateProgramWithSource and clBuildProgram with [`driver_options`]
//!   ([`crate::exec::run_isolated_source`]). It shares no code with clang-22's SPIR-V back end,
//!   so where the two disagree with each other, at most one of them is wrong.

use std::path::Path;
use std::process::Command;

use anyhow::{bail, Result};

use crate::exec::{run_isolated_source, Outputs};
use crate::spec::{Run, SpecFile};

/// The clang binary used as the reference (`$CLC_REFERENCE_CLANG` or `clang-22`).
pub fn clang_binary() -> String {
    std::env::var("CLC_REFERENCE_CLANG").unwrap_or_else(|_| "clang-22".to_string())
}

/// The error of a reference compiler that produced no module.
#[derive(Debug)]
pub struct CompileFailed(pub String);

impl std::fmt::Display for CompileFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CompileFailed {}

/// Compiles `spec.source` to SPIR-V 1.0 at `out` with clang; failures are [`CompileFailed`].
pub fn clang_compile(spec: &SpecFile, out: &Path) -> Result<()> {
    let clang = clang_binary();
    let mut cmd = Command::new(&clang);
    cmd.arg("--target=spirv64v1.0")
        .arg(format!("-cl-std={}", spec.cl_std))
        .args(&spec.options)
        .arg("-c")
        .arg(&spec.source)
        .arg("-o")
        .arg(out);
    let o = cmd
        .output()
        .map_err(|e| CompileFailed(format!("running {clang}: {e}")))?;
    if !o.status.success() {
        return Err(CompileFailed(format!(
            "{clang} failed ({}) on {}:\n{}",
            o.status,
            spec.source.display(),
            String::from_utf8_lossy(&o.stderr).trim_end()
        ))
        .into());
    }
    Ok(())
}

/// The clBuildProgram options for building `spec.source` with the runtime's own compiler:
/// `-cl-std=<cl_std>`, the spec's `options`, and `-I <the source's directory>` (a program made
/// from source text has no directory of its own, so quoted `#include`s need it).
///
/// The runtime splits options at spaces, so an option or directory containing whitespace is an
/// error rather than something silently split in two.
pub fn driver_options(spec: &SpecFile) -> Result<String> {
    let dir = spec
        .source
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
    let mut opts = vec![format!("-cl-std={}", spec.cl_std)];
    opts.extend(spec.options.iter().cloned());
    opts.push(format!("-I{}", dir.display()));
    if let Some(bad) = opts.iter().find(|o| o.contains(char::is_whitespace)) {
        bail!("cannot pass `{bad}` to clBuildProgram: it contains whitespace");
    }
    Ok(opts.join(" "))
}

/// Runs `run` from `spec`'s source built by the runtime's own compiler, in a child process.
/// Options it cannot be given are a [`CompileFailed`].
pub fn run_driver(run: &Run, spec: &SpecFile) -> Result<Outputs> {
    let options = driver_options(spec).map_err(|e| CompileFailed(format!("{e:#}")))?;
    run_isolated_source(run, &spec.source, &options)
}
