//! File names → depfile → file names (`clc_fuzz_checks::depfile`).
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| clc_fuzz_checks::depfile(data));
