//! Backends. Only SPIR-V exists; its target-specific parts sit behind
//! [`spv::flavor`].

pub mod spv;
