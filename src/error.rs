//! The library's error type. Problems with the input carry their diagnostics and the
//! sources needed to render them; compiler bugs are a separate variant.

use crate::source::SourceMap;
use clc_passes::diag::{Bug, Diagnostics};
use std::path::PathBuf;

/// Why a compilation failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input has errors (or is valid OpenCL C that clc does not support yet).
    #[error("the input has errors")]
    Input {
        /// Every diagnostic, errors and warnings.
        diagnostics: Diagnostics,
        /// The files the diagnostics point into.
        sources: SourceMap,
    },
    /// A file could not be read.
    #[error("cannot read '{}': {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// libclang is missing or too old.
    #[error("{0}")]
    Libclang(String),
    /// The requested target or option is not implemented yet.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A bug in clc.
    #[error("internal compiler error: {bug}")]
    Internal {
        /// What broke.
        bug: Bug,
        /// Sources, to locate the bug's span.
        sources: SourceMap,
    },
}
