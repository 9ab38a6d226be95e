//! `clc-passes`: the typed AST of the clc OpenCL C compiler and every AST → AST pass.
//!
//! This crate depends on neither libclang nor rspirv: the front end (in `clc`) builds an
//! [`ast::Module`], [`pipeline::run`] normalizes and checks it and hands back a
//! [`pipeline::Validated`] token, and only then may the backend lower it to SPIR-V.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod address_space;
pub mod ast;
pub mod contract;
pub mod diag;
pub mod infer_generic;
pub mod pipeline;
pub mod structure_gotos;
pub mod trip_count;
pub mod verify;
