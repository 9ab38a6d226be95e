// The float exp, exp2, log, log2, sin, cos and sincos of the Vulkan target (src/back/spv/vkmath/fmath.rs)
// over 4M arguments each, against the same function in double rounded to float. Each
// work-item takes 1,024 arguments spread evenly over the bit patterns of the range that
// matters (|x| <= 104 for exp, |x| <= 151 for exp2, every positive float for log and log2,
// and [0.5, 2) densely for both logs, where cancellation is worst, |x| <= 4e6 for sin and
// cos, past the 2^20 where their fast reduction hands over to Payne-Hanek). Result: the largest
// distance in ulps per function (exact 0 for NaN against NaN, 1 << 20 for a wrong class;
// results below FLT_MIN count as equal, see ulps).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define PER_ITEM 1024u

// Bits `lo + (hi - lo) * i / n`.
uint pick(uint lo, uint hi, uint i, uint n)
{
    return lo + (uint)(((ulong)(hi - lo) * i) / n);
}

int ulps(float a, float b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b) ? 0 : 1 << 20;
    // A device that flushes float subnormals (NVIDIA's) may flush the argument of the double
    // reference, or the result: below FLT_MIN, anything below FLT_MIN is as good.
    if (fabs(a) < FLT_MIN && fabs(b) < FLT_MIN)
        return 0;
    // Bits, not ==: on a device that flushes subnormals, a comparison treats them as 0.
    if (as_int(a) == as_int(b) || ((as_int(a) | as_int(b)) & 0x7fffffff) == 0)
        return 0;
    long ia = as_int(a), ib = as_int(b);
    ia = ia < 0 ? (long)0x80000000 - ia : ia;
    ib = ib < 0 ? (long)0x80000000 - ib : ib;
    long d = ia > ib ? ia - ib : ib - ia;
    return d > (1 << 20) ? 1 << 20 : (int)d;
}

kernel void vk_float_math_sweep(global int *worst)
{
    uint g = get_global_id(0), n = get_global_size(0) * PER_ITEM;
    int e0 = 0, e1 = 0, e2 = 0, e3 = 0, e4 = 0, e5 = 0, e6 = 0, e7 = 0, e8 = 0;
    for (uint j = 0; j < PER_ITEM; j++) {
        uint i = g * PER_ITEM + j;
        uint sign = (i & 1u) << 31;
        float x = as_float(pick(0u, as_uint(104.0f), i, n) | sign);
        e0 = max(e0, ulps(exp(x), (float)exp((double)x)));
        float y = as_float(pick(0u, as_uint(151.0f), i, n) | sign);
        e1 = max(e1, ulps(exp2(y), (float)exp2((double)y)));
        float z = as_float(pick(1u, as_uint(INFINITY), i, n));
        e2 = max(e2, ulps(log(z), (float)log((double)z)));
        e3 = max(e3, ulps(log2(z), (float)log2((double)z)));
        float w = as_float(pick(as_uint(0.5f), as_uint(2.0f), i, n));
        e4 = max(e4, ulps(log(w), (float)log((double)w)));
        e5 = max(e5, ulps(log2(w), (float)log2((double)w)));
        float t = as_float(pick(0u, as_uint(4e6f), i, n) | sign);
        float c;
        float st = sincos(t, &c);
        e6 = max(e6, ulps(sin(t), (float)sin((double)t)));
        e7 = max(e7, ulps(cos(t), (float)cos((double)t)));
        e8 = max(e8, max(ulps(st, sin(t)), ulps(c, cos(t))));
    }
    atomic_max(&worst[0], e0);
    atomic_max(&worst[1], e1);
    atomic_max(&worst[2], e2);
    atomic_max(&worst[3], e3);
    atomic_max(&worst[4], e4);
    atomic_max(&worst[5], e5);
    atomic_max(&worst[6], e6);
    atomic_max(&worst[7], e7);
    atomic_max(&worst[8], e8);
}
