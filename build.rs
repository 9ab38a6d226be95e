//! clc loads libclang at run time (clang-sys `runtime`), so the build needs no libclang.
//! Finding it is slow, though: clang-sys's search runs `llvm-config` and globs every
//! `/usr/lib*/*/*` folder, thousands of `stat` calls, which made each `clc` run slower than
//! clang itself. So the search runs once, here: the library it picks is recorded as
//! `CLC_LIBCLANG` and loaded first at run time (`front::clang::ensure_loaded`), which falls
//! back to the search only when that file is gone or too old.
fn main() {
    #[cfg(feature = "system-spirv-tools")]
    link_system_spirv_tools();
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

/// Feature `system-spirv-tools`: links the installed SPIRV-Tools (pkg-config's `SPIRV-Tools`)
/// and builds `src/spvtools/optimizer.cpp`, the C ABI over its optimizer, against it (cc
/// also links the C++ runtime). The shim comes first on the link line, the libraries it
/// calls after it.
#[cfg(feature = "system-spirv-tools")]
fn link_system_spirv_tools() {
    // The oldest release clc's test suite has passed with (Debian bookworm's).
    const OLDEST: &str = "2023.1";
    println!("cargo:rerun-if-changed=src/spvtools/optimizer.cpp");
    let lib = pkg_config::Config::new()
        .atleast_version(OLDEST)
        .cargo_metadata(false)
        .env_metadata(true)
        .probe("SPIRV-Tools")
        .unwrap_or_else(|e| {
            panic!(
                "feature system-spirv-tools: SPIRV-Tools {OLDEST} or newer was not found \
                 (Debian: apt install spirv-tools; or build clc with its default feature, \
                 vendored-spirv-tools): {e}"
            )
        });
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .file("src/spvtools/optimizer.cpp")
        .includes(&lib.include_paths)
        .compile("clc_spvtools_optimizer");
    for dir in &lib.link_paths {
        println!("cargo:rustc-link-search=native={}", dir.display());
    }
    for name in &lib.libs {
        println!("cargo:rustc-link-lib={name}");
    }
}
