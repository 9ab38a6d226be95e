// float, double to 64-bit integers, toward zero (casts and convert_T), with _sat
// and _rte: values within 32 bits, past 2^31 and 2^32, large whole floats, doubles with
// fractions above 2^32, negative values and zeros. On the Vulkan target these are built
// from the float's bits for float (src/back/spv/numeric.rs float_to_int).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void float_to_long(global const float *x, global long *s, global ulong *u,
                          global long *sat, global long *rte)
{
    size_t i = get_global_id(0);
    s[i] = (long)x[i];
    u[i] = (ulong)fabs(x[i]);
    sat[i] = convert_long_sat(x[i] * 4.0f);
    rte[i] = convert_long_rte(x[i]);
}

kernel void double_to_long(global const double *x, global long *s, global ulong *u,
                           global long *sat)
{
    size_t i = get_global_id(0);
    s[i] = (long)x[i];
    u[i] = (ulong)fabs(x[i]);
    sat[i] = convert_long_sat(x[i] * 1024.0);
}

kernel void float4_to_long4(global const float *x, global long *s)
{
    size_t i = get_global_id(0);
    vstore4(convert_long4(vload4(i, x)), i, s);
}
