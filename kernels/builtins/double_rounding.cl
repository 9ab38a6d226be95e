// rint, trunc, floor, ceil and round on doubles where exact rounding matters: ties, values
// just off a tie, and non-integers above 2^24 (double_rounding.toml has the expected values).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void double_rounding(global const double *x, global double *re, global double *tr,
                            global double *fl, global double *ce, global double *rd)
{
    size_t i = get_global_id(0);
    re[i] = rint(x[i]);
    tr[i] = trunc(x[i]);
    fl[i] = floor(x[i]);
    ce[i] = ceil(x[i]);
    rd[i] = round(x[i]);
}
