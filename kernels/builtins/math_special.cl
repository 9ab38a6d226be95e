// Special functions: erf, erfc, tgamma, lgamma and lgamma_r (with its sign output), table-driven
// (function k of input i at k * 32 + i).
#define N 32
#define OUT(e) o[(k++) * N + i] = (e)

kernel void math_special(global const float *xs, global float *o, global float *lg,
                         global int *sign)
{
    int i = (int)get_global_id(0);
    float x = xs[i];
    int k = 0;
    OUT(erf(x / 2.0f));
    OUT(erfc(x / 2.0f));
    OUT(tgamma(fabs(x) + 0.25f));
    OUT(tgamma(x));                         // negative non-integers too
    lg[i] = lgamma(fabs(x) + 3.0f);
    int s;
    lg[N + i] = lgamma_r(x, &s);
    sign[i] = s;
}
