// fma(), correctly rounded, for float and double (see fma.toml, made by make_fma.py).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void fma_exact(global const float *a32, global const float *b32, global const float *c32,
                      global uint *r32, global const double *a64, global const double *b64,
                      global const double *c64, global ulong *r64)
{
    size_t i = get_global_id(0);
    r32[i] = as_uint(fma(a32[i], b32[i], c32[i]));
    r64[i] = as_ulong(fma(a64[i], b64[i], c64[i]));
}
