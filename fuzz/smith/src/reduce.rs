//! Reduction of a finding to a small kernel, saved as a regression spec.
use std::path::Path;

use anyhow::Result;

use crate::diff::{Config, Verdict};
use crate::gen::Kernel;

/// Reduces `k` while it still shows `verdict`, and saves it under `save` (a `kernels/fuzz`).
pub fn reduce_and_save(_cfg: &Config, k: &Kernel, verdict: &Verdict, _save: Option<&Path>) -> Result<String> {
    anyhow::bail!("reduction of {} ({}) is not written yet", k.name, verdict.kind())
}
