// Math builtins on half (cl_khr_fp16) against the half ulp bounds of OpenCL 3.0 §7.4 (the
// CTS's math_brute_force uses the same): correctly rounded sqrt, fma and division, exact
// fabs/floor/ceil/rint/round/trunc/fmin/fmax/copysign/fdim, rsqrt 1 ulp, the transcendental
// functions 2 ulp, pow/powr/pown 4 ulp. Inputs are half bit patterns; results are widened to
// float (exact), so a half ulp is 8192 float ulps (results stay in half's normal range).
// Expected values: make_half_math.py (mpmath, correctly rounded to half).
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL FP_CONTRACT OFF

kernel void hmath(global const ushort *xs, global const ushort *ys, global const ushort *zs,
                  global float *exact, global float *one, global float *two, global float *four)
{
    size_t i = get_global_id(0);
    half x = as_half(xs[i]), y = as_half(ys[i]), z = as_half(zs[i]);
    half ax = fabs(x);
    global float *e = exact + 14 * i;
    e[0] = sqrt(ax);
    e[1] = fma(x, y, z);
    e[2] = fabs(x);
    e[3] = floor(x);
    e[4] = ceil(x);
    e[5] = rint(x);
    e[6] = round(x);
    e[7] = trunc(x);
    e[8] = fmin(x, y);
    e[9] = fmax(x, y);
    e[10] = copysign(ax, y);
    e[11] = x / y;
    e[12] = fdim(x, y);
    e[13] = mad(x, 0.5h, z);          // x * 0.5 is exact: one rounding whichever mad does
    one[i] = rsqrt(ax);
    global float *t = two + 15 * i;
    t[0] = sin(x);
    t[1] = cos(x);
    t[2] = tan(x);
    t[3] = exp(x);
    t[4] = exp2(x);
    t[5] = exp10(x);
    t[6] = log(ax);
    t[7] = log2(ax);
    t[8] = log10(ax);
    t[9] = atan(x);
    t[10] = tanh(x);
    t[11] = cbrt(x);
    t[12] = sinh(x);
    t[13] = asin(x * 0.25h);
    t[14] = hypot(x, y);
    global float *f = four + 3 * i;
    f[0] = pow(ax, y);
    f[1] = powr(ax, y);
    f[2] = pown(x, 3);
}

// fma where a * b is a midpoint between two halfs and c is far smaller: rounding the sum to
// float first would lose c and round the tie to even.
kernel void hfma(global const ushort *as, global const ushort *bs, global const ushort *cs,
                 global float *out)
{
    size_t i = get_global_id(0);
    out[i] = fma(as_half(as[i]), as_half(bs[i]), as_half(cs[i]));
}
