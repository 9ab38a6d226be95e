//! clc loads libclang at run time (clang-sys `runtime`), so the build needs no libclang.
//! Finding it is slow, though: clang-sys's search runs `llvm-config` and globs every
//! `/usr/lib*/*/*` folder, thousands of `stat` calls, which made each `clc` run slower than
//! clang itself. So the search runs once, here: the library it picks is recorded as
//! `CLC_LIBCLANG` and loaded first at run time (`front::clang::ensure_loaded`), which falls
//! back to the search only when that file is gone or too old.
fn main() {
    println!("cargo:rerun-if-env-changed=LIBCLANG_PATH");
    println!("cargo:rerun-if-env-changed=LLVM_CONFIG_PATH");
    println!("cargo:rerun-if-changed=build.rs");
    // A library found on the build machine means nothing on another target.
    if std::env::var("TARGET").ok() != std::env::var("HOST").ok() {
        return;
    }
    match clang_sys::load_manually() {
        Ok(lib) => println!("cargo:rustc-env=CLC_LIBCLANG={}", lib.path().display()),
        Err(e) => println!(
            "cargo:warning=libclang was not found ({e}); clc will search for it each time it runs"
        ),
    }
}
