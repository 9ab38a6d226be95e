// as_<type>() reinterprets the bits of a scalar of the same size: float <-> uint/int,
// double <-> ulong/long, short <-> ushort, uchar <-> char (no value conversion).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void as_type(global const uint *u, global const float *f, global const ulong *ul,
                    global float *fo, global uint *uo, global double *dout, global long *lo,
                    global short *so)
{
    size_t i = get_global_id(0);
    fo[i] = as_float(u[i]);
    uo[2 * i + 0] = as_uint(f[i]);
    uo[2 * i + 1] = (uint)as_int(-f[i]) >> 31;   // the sign bit after negation
    dout[i] = as_double(ul[i]);
    lo[i] = as_long(as_double(ul[i]) * 2.0);
    so[2 * i + 0] = as_short((ushort)u[i]);
    so[2 * i + 1] = as_char((uchar)(u[i] >> 8));
}
