//! clc loads libclang at run time (clang-sys `runtime`), so the build needs no libclang.
//! It only tells Cargo which environment variables change what the binary finds.
fn main() {
    println!("cargo:rerun-if-env-changed=LIBCLANG_PATH");
    println!("cargo:rerun-if-changed=build.rs");
}
