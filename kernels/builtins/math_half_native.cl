// half_* (reduced-precision) and native_* (implementation-defined precision) math builtins,
// table-driven (function k of input i at k * 32 + i).
#define N 32
#define OUT(b, e) b[(b##_k++) * N + i] = (e)

kernel void math_half_native(global const float *xs, global const float *ys, global float *h,
                             global float *nat)
{
    int i = (int)get_global_id(0);
    float x = xs[i], y = ys[i];
    float ax = fabs(x);
    int h_k = 0, nat_k = 0;
    OUT(h, half_sin(x));
    OUT(h, half_cos(x));
    OUT(h, half_tan(x / 4.0f));
    OUT(h, half_exp(x));
    OUT(h, half_exp2(x));
    OUT(h, half_exp10(x / 2.0f));
    OUT(h, half_log(ax));
    OUT(h, half_log2(ax));
    OUT(h, half_log10(ax));
    OUT(h, half_sqrt(ax));
    OUT(h, half_rsqrt(ax));
    OUT(h, half_recip(x));
    OUT(h, half_divide(y, x));
    OUT(h, half_powr(ax, y));
    OUT(nat, native_sin(x));
    OUT(nat, native_cos(x));
    OUT(nat, native_tan(x / 4.0f));
    OUT(nat, native_exp(x));
    OUT(nat, native_exp2(x));
    OUT(nat, native_exp10(x / 2.0f));
    OUT(nat, native_log(ax));
    OUT(nat, native_log2(ax));
    OUT(nat, native_log10(ax));
    OUT(nat, native_sqrt(ax));
    OUT(nat, native_rsqrt(ax));
    OUT(nat, native_recip(x));
    OUT(nat, native_divide(y, x));
    OUT(nat, native_powr(ax, y));
}
