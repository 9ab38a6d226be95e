// Math builtins on double (cl_khr_fp64): sqrt, exp, log, sin, cos, pow, fma, floor, fmod, frexp,
// hypot, cbrt (function k of input i at k * 16 + i).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define N 16
#define OUT(b, e) b[(b##_k++) * N + i] = (e)

kernel void math_double(global const double *xs, global const double *ys, global double *exact,
                        global double *u3, global double *u4, global double *u16, global int *ex)
{
    int i = (int)get_global_id(0);
    double x = xs[i], y = ys[i];
    int exact_k = 0, u3_k = 0, u4_k = 0, u16_k = 0;
    OUT(exact, floor(x));
    OUT(exact, fmod(x, y));
    OUT(exact, fma(x, y, 1e-30));
    int e;
    OUT(exact, frexp(x, &e));
    ex[i] = e;
    OUT(u3, sqrt(fabs(x)));
    OUT(u3, exp(x / 4.0));
    OUT(u3, log(fabs(x)));
    OUT(u3, cbrt(x));
    OUT(u4, sin(x));
    OUT(u4, cos(x));
    OUT(u4, hypot(x, y));
    OUT(u16, pow(fabs(x), y));
}
