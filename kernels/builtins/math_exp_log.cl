// Exponential, logarithm, power and root builtins, table-driven: each output buffer collects
// the functions sharing one OpenCL accuracy bound (function k of input i at k * 32 + i).
#define N 32
#define OUT(b, e) b[(b##_k++) * N + i] = (e)

kernel void math_exp_log(global const float *xs, global const float *ys, global float *u2,
                         global float *u3, global float *u4, global float *u16)
{
    int i = (int)get_global_id(0);
    float x = xs[i], y = ys[i];
    float ax = fabs(x);
    int n = i % 9 - 4;                      // -4 .. 4
    int u2_k = 0, u3_k = 0, u4_k = 0, u16_k = 0;
    OUT(u2, log1p(x / 8.0f));
    OUT(u2, cbrt(x));
    OUT(u2, rsqrt(ax));
    OUT(u3, exp(x));
    OUT(u3, exp2(x));
    OUT(u3, exp10(x / 2.0f));
    OUT(u3, expm1(x / 4.0f));
    OUT(u3, log(ax * 3.0f));
    OUT(u3, log2(ax));
    OUT(u3, log10(ax * 7.0f));
    OUT(u3, sqrt(ax));
    OUT(u4, hypot(x, y));
    OUT(u16, pow(ax, y));
    OUT(u16, pow(x, (float)n));             // negative base, integral exponent
    OUT(u16, pown(x, n));
    OUT(u16, powr(ax, y));
    OUT(u16, rootn(ax, n == 0 ? 5 : n));
    OUT(u16, rootn(x, 3));                  // odd root of a negative value
}
