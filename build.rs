//! clc loads libclang at run time (clang-sys `runtime`), so the build needs no libclang.
//! Finding it is slow, though: clang-sys's search runs `llvm-config` and globs every
//! `/usr/lib*/*/*` folder, thousands of `stat` calls, which made each `clc` run slower than
//! clang itself. So the search runs once, here: the library it picks is recorded as
//! `CLC_LIBCLANG` and loaded first at run time (`front::clang::ensure_loaded`), which falls
//! back to the search only when that file is gone or too old.
fn main() {
    #[cfg(feature = "system-spirv-tools")]
    link_system_spirv_tools();
    #[cfg(all(feature = "vendored-spirv-tools", not(feature = "system-spirv-tools")))]
    build_vendored_spirv_tools();
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
    println!("cargo:rerun-if-changed=src/spvtools/optimizer_abi.h");
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

/// Feature `vendored-spirv-tools` (the default): compiles the part of SPIRV-Tools clc calls
/// from `third_party/spirv-tools`, and `src/spvtools/vendored_optimizer.cpp` over it, into one
/// static library.
///
/// The sources are compiled as the unity units `units.txt` lists: each unit is one
/// translation unit that includes several .cpp files, so that SPIRV-Tools' headers (most of
/// the compile time) are parsed once per unit, not once per file; two units per library keep
/// two cores busy. They are optimized whatever the profile: a build script gets opt-level 0,
/// and the unoptimized validator would make `clc::Build` about three times slower, while
/// `-O1` costs a third more compile time than `-O0`.
#[cfg(all(feature = "vendored-spirv-tools", not(feature = "system-spirv-tools")))]
fn build_vendored_spirv_tools() {
    use std::fmt::Write as _;
    use std::path::{Path, PathBuf};
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("third_party/spirv-tools");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=third_party/spirv-tools");
    println!("cargo:rerun-if-changed=src/spvtools/vendored_optimizer.cpp");
    println!("cargo:rerun-if-changed=src/spvtools/optimizer_abi.h");
    let list = std::fs::read_to_string(root.join("units.txt"))
        .unwrap_or_else(|e| panic!("{}: {e}", root.join("units.txt").display()));
    let mut build = cc::Build::new();
    for (i, line) in list.lines().filter(|l| !l.starts_with('#')).enumerate() {
        let Some((library, files)) = line.split_once(':') else {
            continue;
        };
        let mut unit = String::new();
        for file in files.split_whitespace() {
            writeln!(unit, "#include \"{}\"", root.join(file).display()).unwrap();
        }
        let path = out.join(format!("spirv_tools_{library}_{i}.cpp"));
        // Rewritten only when changed, so that cc's object stays newer than its source.
        if std::fs::read_to_string(&path).ok().as_deref() != Some(unit.as_str()) {
            std::fs::write(&path, unit).expect("write a unity unit");
        }
        build.file(path);
    }
    build.file("src/spvtools/vendored_optimizer.cpp");
    for dir in [
        "",
        "spirv-tools",
        "spirv-tools/include",
        "generated",
        "spirv-headers/include",
        "spirv-headers/include/spirv/unified1",
    ] {
        build.include(root.join(dir));
    }
    let os_define = match std::env::var("CARGO_CFG_TARGET_OS").as_deref() {
        Ok("windows") => "SPIRV_WINDOWS",
        Ok("macos") => "SPIRV_MAC",
        Ok("android") => "SPIRV_ANDROID",
        Ok("freebsd") => "SPIRV_FREEBSD",
        _ => "SPIRV_LINUX",
    };
    // -O1 in unoptimized profiles, the profile's level above that (at most 2; s and z kept).
    let opt = match std::env::var("OPT_LEVEL").as_deref() {
        Ok("0") | Ok("1") | Err(_) => "1".to_string(),
        Ok("s") | Ok("z") => std::env::var("OPT_LEVEL").unwrap(),
        Ok(_) => "2".to_string(),
    };
    build
        .cpp(true)
        .std("c++17")
        .define("SPIRV_CHECK_CONTEXT", None)
        .define(os_define, None)
        .opt_level_str(&opt)
        .debug(false)
        // Third-party code: its warnings are not clc's to fix.
        .warnings(false);
    let compiler = build.get_compiler();
    if compiler.is_like_msvc() {
        build.flag("/w");
    } else {
        build.flag("-w").flag("-fno-exceptions").flag("-fno-rtti");
    }
    build.compile("clc_spirv_tools");
}
