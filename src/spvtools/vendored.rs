//! SPIRV-Tools built from the C++ sources the `spirv-tools-sys` crate vendors: its optimizer,
//! through the crate's C shim (the validator and the disassembler go through `capi`).
//!
//! The optimizer is driven through `spirv-tools-sys` rather than the `spirv-tools` crate
//! because the crate's options either run the optimizer's own validation of its input or
//! leave the library's default, which also runs it. clc has just validated that input with
//! the target's options, so the optimizer is told not to.
#![allow(unsafe_code)]

use super::capi::RawOptimizerOptions;
use super::{OptimizerOptions, Pass, TargetEnv};
use spirv_tools_sys::diagnostics::{MessageLevel, Position};
use spirv_tools_sys::opt::{self as sys, Passes};
use spirv_tools_sys::shared::{self, SpirvResult};
use std::ffi::{c_char, c_void, CStr};

fn env(env: TargetEnv) -> shared::TargetEnv {
    use shared::TargetEnv as T;
    match env {
        TargetEnv::Universal_1_0 => T::Universal_1_0,
        TargetEnv::Universal_1_1 => T::Universal_1_1,
        TargetEnv::Universal_1_2 => T::Universal_1_2,
        TargetEnv::Universal_1_3 => T::Universal_1_3,
        TargetEnv::Universal_1_4 => T::Universal_1_4,
        TargetEnv::Universal_1_5 => T::Universal_1_5,
        TargetEnv::Universal_1_6 => T::Universal_1_6,
        TargetEnv::OpenCL_1_2 => T::OpenCL_1_2,
        TargetEnv::OpenCL_2_0 => T::OpenCL_2_0,
        TargetEnv::OpenCL_2_2 => T::OpenCL_2_2,
        TargetEnv::Vulkan_1_2 => T::Vulkan_1_2,
        TargetEnv::Vulkan_1_3 => T::Vulkan_1_3,
    }
}

fn pass(p: Pass) -> Passes {
    match p {
        Pass::SsaRewrite => Passes::SSARewrite,
        Pass::ConditionalConstantPropagation => Passes::ConditionalConstantPropagation,
        Pass::DeadBranchElim => Passes::DeadBranchElim,
        Pass::BlockMerge => Passes::BlockMerge,
        Pass::RedundancyElimination => Passes::RedundancyElimination,
        Pass::EliminateDeadConstant => Passes::EliminateDeadConstant,
    }
}

/// An optimizer object, destroyed on drop.
struct Optimizer(*mut sys::Optimizer);

impl Drop for Optimizer {
    fn drop(&mut self) {
        // SAFETY: created by `optimizer_create`, destroyed once.
        unsafe { sys::optimizer_destroy(self.0) }
    }
}

extern "C" fn push_message(
    _level: MessageLevel,
    _source: *const c_char,
    _position: *const Position,
    message: *const c_char,
    ctx: *mut c_void,
) {
    // SAFETY: `ctx` is the `Vec<String>` `optimize` passed, borrowed only for this call;
    // `message` is null or a C string alive for the call.
    unsafe {
        let messages = &mut *ctx.cast::<Vec<String>>();
        if !message.is_null() {
            messages.push(CStr::from_ptr(message).to_string_lossy().into_owned());
        }
    }
}

pub fn optimize(
    words: &[u32],
    target: TargetEnv,
    passes: &[Pass],
    options: OptimizerOptions,
) -> Result<Vec<u32>, String> {
    let raw = RawOptimizerOptions::new(options);
    // SAFETY: the optimizer is valid from creation until drop.
    let optimizer = Optimizer(unsafe { sys::optimizer_create(env(target)) });
    for &p in passes {
        // SAFETY: a live optimizer; any pass value is accepted.
        unsafe { sys::optimizer_register_pass(optimizer.0, pass(p)) };
    }
    // The optimizer's result may only say "an unknown error occurred"; the real message
    // arrives through the callback.
    let mut messages: Vec<String> = Vec::new();
    let mut binary: *mut shared::Binary = std::ptr::null_mut();
    // SAFETY: every pointer is alive for the call; the callback gets back `messages`, its
    // only borrow while the call runs; the options are the same C type under another name.
    let result = unsafe {
        sys::optimizer_run(
            optimizer.0,
            words.as_ptr(),
            words.len(),
            &mut binary,
            push_message,
            (&mut messages as *mut Vec<String>).cast(),
            raw.0.cast::<sys::OptimizerOptions>(),
        )
    };
    // SAFETY: a non-null binary is the library's, holding `size` words, freed once here.
    let out = unsafe {
        if binary.is_null() {
            None
        } else {
            let w = std::slice::from_raw_parts((*binary).code, (*binary).size).to_vec();
            shared::binary_destroy(binary);
            Some(w)
        }
    };
    match (result, out) {
        (SpirvResult::Success, Some(w)) => Ok(w),
        (r, _) => Err(format!(
            "the optimizer failed ({r:?}): {}",
            messages.join("; ")
        )),
    }
}
