//! Compiles the kernels with clc for Vulkan at build time and generates typed `ash` bindings:
//! the argument blocks, specialization constants and layouts the program uses below.
fn main() {
    clc::Build::new()
        .file("kernels/reduce.cl")
        .target(clc::Target::Vulkan(2))
        .ash_bindings(true)
        .compile("kernels");
}
