// half to long and ulong (see float_to_long.cl).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

kernel void half_to_long(global const float *x, global long *s, global ulong *u)
{
    size_t i = get_global_id(0);
    half h = (half)x[i];
    s[i] = (long)h;
    u[i] = (ulong)fabs(h);
}
