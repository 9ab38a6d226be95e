//! Source text and options → module (`clc_fuzz_checks::compile`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| clc_fuzz_checks::compile(data));
