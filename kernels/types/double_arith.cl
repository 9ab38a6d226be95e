// double (cl_khr_fp64): arithmetic, comparisons, conversions to/from float, int and long,
// double kernel arguments and buffers, and a double accumulation loop.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF       // keep x * y + k a rounded multiply and a rounded add

kernel void dbl(global const double *a, global const double *b, double k, global double *out,
                global long *lout, global float *fout)
{
    size_t i = get_global_id(0);
    double x = a[i], y = b[i];
    global double *o = out + i * 5;
    o[0] = x * y + k;
    o[1] = x / y;
    o[2] = -x - y * 0.1;
    double acc = 0.0;
    for (int n = 1; n <= 10; n++)
        acc += x / n;
    o[3] = acc;
    o[4] = (double)(float)x - x;     // the rounding error of x as a float
    lout[2 * i + 0] = (long)(x * 1e6);
    lout[2 * i + 1] = (x < y) + 2 * (x == (double)(long)x);
    fout[i] = (float)(x * y);
}
