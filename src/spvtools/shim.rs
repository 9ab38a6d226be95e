//! The optimizer, through the C ABI of the small C++ shim build.rs compiles with the
//! library: `optimizer.cpp` over an installed SPIRV-Tools' public `Optimizer`, or
//! `vendored_optimizer.cpp` over the vendored sources' internals. Both export
//! `clc_spv_optimize`; the rest of the library goes through `capi`.
//!
//! Every object the library hands out is owned by one Rust value here that destroys it on
//! drop; no pointer outlives the call or value that holds it.
#![allow(unsafe_code)]

use super::capi::{self, RawOptimizerOptions};
use super::{OptimizerOptions, Pass, TargetEnv};
use std::ffi::{c_char, c_void, CStr};

/// The shims' C ABI.
mod ffi {
    use super::capi::ffi::OptimizerOptions;
    use std::ffi::{c_char, c_int, c_void};

    pub type MessageFn = extern "C" fn(ctx: *mut c_void, message: *const c_char);
    pub type WordsFn = extern "C" fn(ctx: *mut c_void, words: *const u32, count: usize);

    extern "C" {
        pub fn clc_spv_optimize(
            env: c_int,
            flags: *const *const c_char,
            flag_count: usize,
            words: *const u32,
            word_count: usize,
            options: *mut OptimizerOptions,
            message: MessageFn,
            message_ctx: *mut c_void,
            result: WordsFn,
            result_ctx: *mut c_void,
        ) -> c_int;
    }
}

fn flag(pass: Pass) -> &'static CStr {
    match pass {
        Pass::SsaRewrite => c"--ssa-rewrite",
        Pass::ConditionalConstantPropagation => c"--ccp",
        Pass::DeadBranchElim => c"--eliminate-dead-branches",
        Pass::BlockMerge => c"--merge-blocks",
        Pass::RedundancyElimination => c"--redundancy-elimination",
        Pass::EliminateDeadConstant => c"--eliminate-dead-const",
    }
}

extern "C" fn push_message(ctx: *mut c_void, message: *const c_char) {
    // SAFETY: `ctx` is the `Vec<String>` `optimize` passed, borrowed only for this call;
    // `message` is null or a C string alive for the call.
    unsafe {
        let messages = &mut *ctx.cast::<Vec<String>>();
        if !message.is_null() {
            messages.push(CStr::from_ptr(message).to_string_lossy().into_owned());
        }
    }
}

extern "C" fn copy_words(ctx: *mut c_void, words: *const u32, count: usize) {
    // SAFETY: `ctx` is the `Vec<u32>` `optimize` passed; `words` holds `count` words for
    // the duration of the call.
    unsafe {
        let out = &mut *ctx.cast::<Vec<u32>>();
        if !words.is_null() {
            out.extend_from_slice(std::slice::from_raw_parts(words, count));
        }
    }
}

pub fn optimize(
    words: &[u32],
    target: TargetEnv,
    passes: &[Pass],
    options: OptimizerOptions,
) -> Result<Vec<u32>, String> {
    let flags: Vec<&CStr> = passes.iter().map(|&p| flag(p)).collect();
    let flag_ptrs: Vec<*const c_char> = flags.iter().map(|f| f.as_ptr()).collect();
    let raw = RawOptimizerOptions::new(options);
    let mut messages: Vec<String> = Vec::new();
    let mut out: Vec<u32> = Vec::new();
    // SAFETY: every pointer is alive for the call; the callbacks get back the two vectors,
    // each the only borrow of its vector while the call runs.
    let status = unsafe {
        ffi::clc_spv_optimize(
            capi::env(target),
            flag_ptrs.as_ptr(),
            flag_ptrs.len(),
            words.as_ptr(),
            words.len(),
            raw.0,
            push_message,
            (&mut messages as *mut Vec<String>).cast(),
            copy_words,
            (&mut out as *mut Vec<u32>).cast(),
        )
    };
    match status {
        0 => Ok(out),
        1 => Err(format!(
            "this SPIRV-Tools lacks a pass: {}",
            messages.join("; ")
        )),
        _ => Err(format!("the optimizer failed: {}", messages.join("; "))),
    }
}
