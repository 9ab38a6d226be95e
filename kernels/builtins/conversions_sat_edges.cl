// Saturating conversions from float and double at the edges of every integer type: NaN,
// infinities, zeros, halves, the values just below and at each power-of-two bound. Expected
// values by the definition (truncate toward zero, then clamp; NaN gives 0), in Python.
// clc converts only values already clamped into range (an out-of-range conversion is a
// poison value to LLVM-based drivers; see kernels/fuzz/intel_sat_convert_320260).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define N 34

kernel void sat_float(global const float *in, global ulong *o)
{
    int i = (int)get_global_id(0);
    float x = in[i];
    o[0 * N + i] = (ulong)convert_char_sat(x);
    o[1 * N + i] = (ulong)convert_uchar_sat(x);
    o[2 * N + i] = (ulong)convert_short_sat(x);
    o[3 * N + i] = (ulong)convert_ushort_sat(x);
    o[4 * N + i] = (ulong)convert_int_sat(x);
    o[5 * N + i] = (ulong)convert_uint_sat(x);
    o[6 * N + i] = (ulong)convert_long_sat(x);
    o[7 * N + i] = (ulong)convert_ulong_sat(x);
}

kernel void sat_double(global const double *in, global ulong *o)
{
    int i = (int)get_global_id(0);
    double x = in[i];
    o[0 * N + i] = (ulong)convert_char_sat(x);
    o[1 * N + i] = (ulong)convert_uchar_sat(x);
    o[2 * N + i] = (ulong)convert_short_sat(x);
    o[3 * N + i] = (ulong)convert_ushort_sat(x);
    o[4 * N + i] = (ulong)convert_int_sat(x);
    o[5 * N + i] = (ulong)convert_uint_sat(x);
    o[6 * N + i] = (ulong)convert_long_sat(x);
    o[7 * N + i] = (ulong)convert_ulong_sat(x);
}
