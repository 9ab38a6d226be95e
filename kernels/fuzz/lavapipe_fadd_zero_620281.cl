// clc-smith seed 620281 (the -O2 Vulkan campaign; it mismatches at -O0 too), reduced by hand:
// the kernel computes copysign(x, c * d + 0.0f) with c * d = -0.0f on two work-items; by IEEE
// 754 (round to nearest) -0.0f + 0.0f is +0.0f, so the sign is +. lavapipe (Mesa 22.3.6,
// LLVM 15.0.6) gives -0.0f for x + 0.0f when x is -0.0f, although clc's module declares
// OpExecutionMode SignedZeroInfNanPreserve 32 (lavapipe reports
// shaderSignedZeroInfNanPreserveFloat32) and the add is decorated NoContraction under
// FP_CONTRACT OFF; without the pragma clc fuses c * d + 0.0f to GLSL.std.450 Fma, which lavapipe
// also returns as -0.0f. OpenCL (clc's module, clang-22's, the runtime's compile) gives +0.0f.
#pragma OPENCL FP_CONTRACT OFF
kernel void fadd_zero(global const float *in, global uint *out)
{
    uint i = (uint)get_global_id(0);
    float x = in[i];
    out[i * 4 + 0] = as_uint(x + 0.0f);
    out[i * 4 + 1] = as_uint(0.0f + x);
    out[i * 4 + 2] = as_uint(copysign(2.0f, x * in[1] + 0.0f));
    out[i * 4 + 3] = as_uint(x - 0.0f);
}
