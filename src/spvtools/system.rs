//! The SPIRV-Tools installed on the machine (`libspirv.h`'s C API), linked by build.rs, and
//! `optimizer.cpp` for the optimizer.
//!
//! Every object the library hands out is owned by one Rust value here that destroys it on
//! drop; no pointer outlives the call or value that holds it.
#![allow(unsafe_code)]

use super::{OptimizerOptions, Pass, TargetEnv, ValidatorOptions};
use std::ffi::{c_char, c_int, c_void, CStr};
use std::ptr;

/// `libspirv.h`'s declarations, the subset clc calls.
mod ffi {
    use std::ffi::{c_char, c_int, c_void};

    /// `spv_context_t`, `spv_validator_options_t`, `spv_optimizer_options_t`: opaque.
    #[repr(C)]
    pub struct Context([u8; 0]);
    #[repr(C)]
    pub struct ValidatorOptions([u8; 0]);
    #[repr(C)]
    pub struct OptimizerOptions([u8; 0]);

    #[repr(C)]
    pub struct ConstBinary {
        pub code: *const u32,
        pub word_count: usize,
    }

    #[repr(C)]
    pub struct Position {
        pub line: usize,
        pub column: usize,
        pub index: usize,
    }

    #[repr(C)]
    pub struct Diagnostic {
        pub position: Position,
        pub error: *mut c_char,
        pub is_text_source: bool,
    }

    #[repr(C)]
    pub struct Text {
        pub str: *const c_char,
        pub length: usize,
    }

    pub const SUCCESS: c_int = 0;
    pub const BINARY_TO_TEXT_FRIENDLY_NAMES: u32 = 1 << 6;
    pub const BINARY_TO_TEXT_COMMENT: u32 = 1 << 7;

    pub type MessageFn = extern "C" fn(ctx: *mut c_void, message: *const c_char);
    pub type WordsFn = extern "C" fn(ctx: *mut c_void, words: *const u32, count: usize);

    extern "C" {
        pub fn spvContextCreate(env: c_int) -> *mut Context;
        pub fn spvContextDestroy(context: *mut Context);
        pub fn spvValidatorOptionsCreate() -> *mut ValidatorOptions;
        pub fn spvValidatorOptionsDestroy(options: *mut ValidatorOptions);
        pub fn spvValidatorOptionsSetScalarBlockLayout(options: *mut ValidatorOptions, val: bool);
        pub fn spvValidateWithOptions(
            context: *const Context,
            options: *const ValidatorOptions,
            binary: *const ConstBinary,
            diagnostic: *mut *mut Diagnostic,
        ) -> c_int;
        pub fn spvDiagnosticDestroy(diagnostic: *mut Diagnostic);
        pub fn spvBinaryToText(
            context: *const Context,
            binary: *const u32,
            word_count: usize,
            options: u32,
            text: *mut *mut Text,
            diagnostic: *mut *mut Diagnostic,
        ) -> c_int;
        pub fn spvTextDestroy(text: *mut Text);
        pub fn spvOptimizerOptionsCreate() -> *mut OptimizerOptions;
        pub fn spvOptimizerOptionsDestroy(options: *mut OptimizerOptions);
        pub fn spvOptimizerOptionsSetRunValidator(options: *mut OptimizerOptions, val: bool);
        pub fn spvOptimizerOptionsSetValidatorOptions(
            options: *mut OptimizerOptions,
            val: *mut ValidatorOptions,
        );
        pub fn spvOptimizerOptionsSetPreserveBindings(options: *mut OptimizerOptions, val: bool);
        pub fn spvOptimizerOptionsSetPreserveSpecConstants(
            options: *mut OptimizerOptions,
            val: bool,
        );
        /// `optimizer.cpp`.
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

/// `spv_target_env`'s values, which SPIRV-Tools only ever appends to.
fn env(env: TargetEnv) -> c_int {
    match env {
        TargetEnv::Universal_1_0 => 0,
        TargetEnv::Universal_1_1 => 2,
        TargetEnv::Universal_1_2 => 10,
        TargetEnv::OpenCL_1_2 => 11,
        TargetEnv::OpenCL_2_0 => 13,
        TargetEnv::OpenCL_2_2 => 4,
        TargetEnv::Universal_1_3 => 17,
        TargetEnv::Universal_1_4 => 20,
        TargetEnv::Universal_1_5 => 22,
        TargetEnv::Vulkan_1_2 => 23,
        TargetEnv::Universal_1_6 => 24,
        TargetEnv::Vulkan_1_3 => 25,
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

struct Context(*mut ffi::Context);

impl Context {
    fn new(target: TargetEnv) -> Self {
        // SAFETY: any `spv_target_env` value is accepted; the context is destroyed on drop.
        Context(unsafe { ffi::spvContextCreate(env(target)) })
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: created by `spvContextCreate`, destroyed once.
        unsafe { ffi::spvContextDestroy(self.0) }
    }
}

struct RawValidatorOptions(*mut ffi::ValidatorOptions);

impl RawValidatorOptions {
    fn new(o: ValidatorOptions) -> Self {
        // SAFETY: the options object is valid from creation until drop.
        unsafe {
            let raw = ffi::spvValidatorOptionsCreate();
            ffi::spvValidatorOptionsSetScalarBlockLayout(raw, o.scalar_block_layout);
            RawValidatorOptions(raw)
        }
    }
}

impl Drop for RawValidatorOptions {
    fn drop(&mut self) {
        // SAFETY: created by `spvValidatorOptionsCreate`, destroyed once.
        unsafe { ffi::spvValidatorOptionsDestroy(self.0) }
    }
}

struct RawOptimizerOptions(*mut ffi::OptimizerOptions);

impl Drop for RawOptimizerOptions {
    fn drop(&mut self) {
        // SAFETY: created by `spvOptimizerOptionsCreate`, destroyed once.
        unsafe { ffi::spvOptimizerOptionsDestroy(self.0) }
    }
}

/// Takes a diagnostic the library returned (possibly none) and frees it: its text as the
/// vendored backend words it, `error:LINE:COLUMN - message`.
///
/// # Safety
/// `d` is null or a diagnostic from the library, not used afterwards.
unsafe fn take_diagnostic(d: *mut ffi::Diagnostic) -> String {
    if d.is_null() {
        return "an unknown error occurred".to_string();
    }
    let text = if (*d).error.is_null() {
        String::new()
    } else {
        CStr::from_ptr((*d).error).to_string_lossy().into_owned()
    };
    let message = format!(
        "error:{}:{} - {text}",
        (*d).position.line,
        (*d).position.column
    );
    ffi::spvDiagnosticDestroy(d);
    message
}

pub struct Validator(Context);

impl Validator {
    pub fn new(target: TargetEnv) -> Self {
        Validator(Context::new(target))
    }

    pub fn validate(&self, words: &[u32], options: Option<ValidatorOptions>) -> Result<(), String> {
        let options = RawValidatorOptions::new(options.unwrap_or_default());
        let binary = ffi::ConstBinary {
            code: words.as_ptr(),
            word_count: words.len(),
        };
        let mut diagnostic = ptr::null_mut();
        // SAFETY: the context, options and words are alive for the call; the diagnostic it
        // may return is taken (and freed) right after.
        unsafe {
            let result =
                ffi::spvValidateWithOptions(self.0 .0, options.0, &binary, &mut diagnostic);
            if result == ffi::SUCCESS {
                if !diagnostic.is_null() {
                    ffi::spvDiagnosticDestroy(diagnostic);
                }
                Ok(())
            } else {
                Err(take_diagnostic(diagnostic))
            }
        }
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
    let validator = options.validator.map(RawValidatorOptions::new);
    // SAFETY: the options object is valid from creation until drop; the validator options
    // are copied into it.
    let raw = unsafe {
        let raw = RawOptimizerOptions(ffi::spvOptimizerOptionsCreate());
        if let Some(v) = &validator {
            ffi::spvOptimizerOptionsSetRunValidator(raw.0, true);
            ffi::spvOptimizerOptionsSetValidatorOptions(raw.0, v.0);
        }
        ffi::spvOptimizerOptionsSetPreserveBindings(raw.0, options.preserve_bindings);
        ffi::spvOptimizerOptionsSetPreserveSpecConstants(raw.0, options.preserve_spec_constants);
        raw
    };
    let mut messages: Vec<String> = Vec::new();
    let mut out: Vec<u32> = Vec::new();
    // SAFETY: every pointer is alive for the call; the callbacks get back the two vectors,
    // each the only borrow of its vector while the call runs.
    let status = unsafe {
        ffi::clc_spv_optimize(
            env(target),
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

pub fn disassemble(words: &[u32]) -> Option<String> {
    let context = Context::new(TargetEnv::Universal_1_5);
    let options = ffi::BINARY_TO_TEXT_FRIENDLY_NAMES | ffi::BINARY_TO_TEXT_COMMENT;
    let mut text = ptr::null_mut();
    let mut diagnostic = ptr::null_mut();
    // SAFETY: the context and words are alive for the call; the text and diagnostic it
    // returns are copied and freed here.
    unsafe {
        let result = ffi::spvBinaryToText(
            context.0,
            words.as_ptr(),
            words.len(),
            options,
            &mut text,
            &mut diagnostic,
        );
        if !diagnostic.is_null() {
            ffi::spvDiagnosticDestroy(diagnostic);
        }
        if text.is_null() {
            return None;
        }
        let copied = (result == ffi::SUCCESS && !(*text).str.is_null())
            .then(|| std::slice::from_raw_parts((*text).str.cast::<u8>(), (*text).length))
            .and_then(|bytes| String::from_utf8(bytes.to_vec()).ok());
        ffi::spvTextDestroy(text);
        copied
    }
}
