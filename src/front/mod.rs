//! The front end: libclang parses and type-checks OpenCL C ([`clang`]), then
//! [`lower`] turns clang's cursors into clc's typed AST.

#[allow(unsafe_code)]
pub mod clang;
pub mod lower;
