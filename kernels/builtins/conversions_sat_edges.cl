// Saturating conversions from float and double at the edges of every integer type: NaN,
// infinities, zeros, halves, the values just below and at each power-of-two bound. Expected
// values by the definition (truncate toward zero, then clamp; NaN gives 0), in Python.
// clc converts only values already clamped into range (an out-of-range conversion is a
// poison value to LLVM-based drivers; see kernels/fuzz/intel_sat_convert_320260).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define N 34

// Every saturating conversion of `x` to an integer type, into o[k * N + i].
#define SAT_ALL(T)                                                \
    kernel void sat_##T(global const T *in, global ulong *o)       \
    {                                                              \
        int i = (int)get_global_id(0);                             \
        T x = in[i];                                               \
        o[0 * N + i] = (ulong)convert_char_sat(x);                 \
        o[1 * N + i] = (ulong)convert_uchar_sat(x);                \
        o[2 * N + i] = (ulong)convert_short_sat(x);                \
        o[3 * N + i] = (ulong)convert_ushort_sat(x);               \
        o[4 * N + i] = (ulong)convert_int_sat(x);                  \
        o[5 * N + i] = (ulong)convert_uint_sat(x);                 \
        o[6 * N + i] = (ulong)convert_long_sat(x);                 \
        o[7 * N + i] = (ulong)convert_ulong_sat(x);                \
    }

SAT_ALL(float)
SAT_ALL(double)
