// clc-smith seed 400180 (the Vulkan campaign), reduced by hand: lavapipe (Mesa 22.3, LLVM 15)
// answers false for `((long2)(c, in[1]) < w.hi).x` with c = 0 and w.hi = (1, 1). clc's Vulkan
// module is a plain OpSLessThan on two v2ulong values (the x lanes 0 and 1); on OpenCL, clc's
// module, clang-22's and the runtime's own compile all give true. The same class of lavapipe
// fault as kernels/fuzz/lavapipe_long3_compare_300017.
kernel void long2_compare(global const long *in, global long *out)
{
    long4 w = (long4)(in[2], in[3], (long2)(1));
    for (int c = 2; c >= 0; c--) {
        long2 z = ((long2)((long)c, in[1])) < w.hi;
        out[c * 2] = z.x;
        out[c * 2 + 1] = z.y;
    }
}
