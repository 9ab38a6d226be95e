//! The reference compiler: clang-22's SPIR-V back end.
//!
//! `clang-22 --target=spirv64v1.0 -cl-std=<cl_std> <options> -c <source> -o <out>` at clang's
//! default optimization level (-O2). `$CLC_REFERENCE_CLANG` overrides the clang binary.

use std::path::Path;
use std::process::Command;

use anyhow::{bail, Context, Result};

use crate::spec::SpecFile;

/// The clang binary used as the reference (`$CLC_REFERENCE_CLANG` or `clang-22`).
pub fn clang_binary() -> String {
    std::env::var("CLC_REFERENCE_CLANG").unwrap_or_else(|_| "clang-22".to_string())
}

/// Compiles `spec.source` to SPIR-V 1.0 at `out` with clang.
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
    let o = cmd.output().with_context(|| format!("running {clang}"))?;
    if !o.status.success() {
        bail!(
            "{clang} failed ({}) on {}:\n{}",
            o.status,
            spec.source.display(),
            String::from_utf8_lossy(&o.stderr).trim_end()
        );
    }
    Ok(())
}
