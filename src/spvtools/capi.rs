//! SPIRV-Tools' C API (`libspirv.h`), the part both backends share: the validator, the
//! disassembler and the optimizer's options. The vendored backend's static library and the
//! installed shared library export the same functions.
//!
//! clc calls the validator through these declarations rather than through the `spirv-tools`
//! crate because the crate cannot turn off the validator's friendly-name mapper
//! (`spvValidatorOptionsSetFriendlyNames`), which names every id of the module before
//! validating and costs about a fifth of the validator's time and memory.
//!
//! Every object the library hands out is owned by one Rust value here that destroys it on
//! drop; no pointer outlives the call or value that holds it.
#![allow(unsafe_code)]

use super::{TargetEnv, ValidatorOptions};
use std::ffi::{c_int, CStr};
use std::ptr;

/// `libspirv.h`'s declarations, the subset clc calls.
pub(super) mod ffi {
    use std::ffi::{c_char, c_int};

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

    extern "C" {
        pub fn spvContextCreate(env: c_int) -> *mut Context;
        pub fn spvContextDestroy(context: *mut Context);
        pub fn spvValidatorOptionsCreate() -> *mut ValidatorOptions;
        pub fn spvValidatorOptionsDestroy(options: *mut ValidatorOptions);
        pub fn spvValidatorOptionsSetScalarBlockLayout(options: *mut ValidatorOptions, val: bool);
        pub fn spvValidatorOptionsSetFriendlyNames(options: *mut ValidatorOptions, val: bool);
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
        pub fn spvOptimizerOptionsSetPreserveBindings(options: *mut OptimizerOptions, val: bool);
        pub fn spvOptimizerOptionsSetPreserveSpecConstants(
            options: *mut OptimizerOptions,
            val: bool,
        );
    }
}

/// `spv_target_env`'s values, which SPIRV-Tools only ever appends to.
pub(super) fn env(env: TargetEnv) -> c_int {
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
            ffi::spvValidatorOptionsSetFriendlyNames(raw, o.friendly_names);
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

/// Optimizer options: the optimizer does not validate its input (clc validated it with the
/// target's options just before).
pub(super) struct RawOptimizerOptions(pub(super) *mut ffi::OptimizerOptions);

impl RawOptimizerOptions {
    pub(super) fn new(options: super::OptimizerOptions) -> Self {
        // SAFETY: the options object is valid from creation until drop.
        unsafe {
            let raw = RawOptimizerOptions(ffi::spvOptimizerOptionsCreate());
            ffi::spvOptimizerOptionsSetRunValidator(raw.0, false);
            ffi::spvOptimizerOptionsSetPreserveBindings(raw.0, options.preserve_bindings);
            ffi::spvOptimizerOptionsSetPreserveSpecConstants(
                raw.0,
                options.preserve_spec_constants,
            );
            raw
        }
    }
}

impl Drop for RawOptimizerOptions {
    fn drop(&mut self) {
        // SAFETY: created by `spvOptimizerOptionsCreate`, destroyed once.
        unsafe { ffi::spvOptimizerOptionsDestroy(self.0) }
    }
}

/// Takes a diagnostic the library returned (possibly none) and frees it: its text as
/// `error:LINE:COLUMN - message`.
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

    pub fn validate(&self, words: &[u32], options: ValidatorOptions) -> Result<(), String> {
        let options = RawValidatorOptions::new(options);
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
