// Trigonometric and hyperbolic builtins, table-driven: each output buffer collects the functions
// that share one accuracy bound of the OpenCL spec (function k of input i at k * 32 + i).
#define N 32
#define OUT(b, e) b[(b##_k++) * N + i] = (e)

kernel void math_trig(global const float *xs, global const float *ys, global float *u4,
                      global float *u5, global float *u6)
{
    int i = (int)get_global_id(0);
    float x = xs[i], y = ys[i];
    int u4_k = 0, u5_k = 0, u6_k = 0;
    float c;
    OUT(u4, sin(x));
    OUT(u4, cos(x));
    OUT(u4, sincos(x, &c));
    OUT(u4, c);
    OUT(u4, asin(x / 6.0f));
    OUT(u4, acos(x / 6.0f));
    OUT(u4, sinh(x / 2.0f));
    OUT(u4, cosh(x / 2.0f));
    OUT(u4, asinh(x));
    OUT(u4, acosh(fabs(x) + 1.0f));
    OUT(u4, sinpi(x));
    OUT(u4, cospi(x));
    OUT(u5, tan(x));
    OUT(u5, atan(x));
    OUT(u5, tanh(x / 2.0f));
    OUT(u5, atanh(x / 6.0f));
    OUT(u5, asinpi(x / 6.0f));
    OUT(u5, acospi(x / 6.0f));
    OUT(u5, atanpi(x));
    OUT(u6, atan2(y, x));
    OUT(u6, atan2pi(y, x));
    OUT(u6, tanpi(x / 4.0f));
}
