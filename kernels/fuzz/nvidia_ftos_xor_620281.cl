// clc-smith seed 620281 (the -O2 Vulkan campaign), reduced on the GPU in 12 device rounds.
// NVIDIA's Vulkan driver (580.159.04, H100 and H200, modules at -O0 and -O2) gets the upper
// 32 bits of `h ^ v` wrong in ftos_addsat and ftos_only: `h` was xored with `(long)f` of a
// float on one path and `v` is add_sat of a sign-extended int. The values of h and v, each
// written on its own, are right; so is ftos_sext (a plain sign extension) and itos_addsat
// (an int instead of the float). clc's SPIR-V is plain (OpConvertFToS to a 64-bit int,
// OpBitwiseXor); the same module with OpConvertFToS to 32 bits and OpSConvert runs right,
// so does one with a signed 64-bit result type. lavapipe and OpenCL (clc's module, clang-22's
// and the runtime's compile) give the values below. A signed result type did not help on the
// H200 (stop 27); since stop 28 clc's Vulkan modules have no OpConvertFToS/FToU from a float to
// 64 bits at all (src/back/spv/numeric.rs `float_to_int`), and all four kernels pass there.
#define H 0x8b1739ce5b22e52aUL

kernel void ftos_addsat(global ulong *out, global const int *in)
{
    uint gid = (uint)get_global_id(0);
    ulong h = H;
    ulong v = 1;
    uint c = (uint)get_group_id(0);
    if (in[64 + gid]) {
        c = 9u;
        float f = (float)((in[gid] & 127) - 64);
        h ^= (ulong)(long)f;
    }
    if (c)
        v = add_sat((ulong)in[32 + gid], (ulong)get_group_id(0));
    out[gid] = h ^ v;
}

kernel void ftos_sext(global ulong *out, global const int *in)
{
    uint gid = (uint)get_global_id(0);
    ulong h = H;
    ulong v = 1;
    uint c = (uint)get_group_id(0);
    if (in[64 + gid]) {
        c = 9u;
        float f = (float)((in[gid] & 127) - 64);
        h ^= (ulong)(long)f;
    }
    if (c)
        v = (ulong)in[32 + gid];
    out[gid] = h ^ v;
}

kernel void ftos_only(global ulong *out, global const int *in)
{
    uint gid = (uint)get_global_id(0);
    ulong h = H;
    if (in[64 + gid]) {
        float f = (float)((in[gid] & 127) - 64);
        h ^= (ulong)(long)f;
    }
    ulong v = add_sat((ulong)in[32 + gid], (ulong)get_group_id(0));
    out[gid] = h ^ v;
}

kernel void itos_addsat(global ulong *out, global const int *in)
{
    uint gid = (uint)get_global_id(0);
    ulong h = H;
    ulong v = 1;
    uint c = (uint)get_group_id(0);
    if (in[64 + gid]) {
        c = 9u;
        h ^= (ulong)(long)((in[gid] & 127) - 64);
    }
    if (c)
        v = add_sat((ulong)in[32 + gid], (ulong)get_group_id(0));
    out[gid] = h ^ v;
}
