//! Compiles the kernels with clc at build time: a compile error fails `cargo build` with
//! clang-style diagnostics, and the program gets the SPIR-V and typed bindings.
fn main() {
    clc::Build::new()
        .file("kernels/saxpy.cl")
        .file("kernels/particles.cl")
        .include("kernels/include")
        .define("DAMPING", Some("0.5f"))
        .opencl3_bindings(true)
        .compile("kernels");
}
