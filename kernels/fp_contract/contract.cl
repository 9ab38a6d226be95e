// FP_CONTRACT (OpenCL C: on by default). `p` is the rounded product a*b, so a fused
// a*b - p gives the product's rounding error and an unfused one gives exactly 0. The
// expressions are written once, in a macro, and expanded under different pragma states:
// an expansion takes the state where it is written.
#define PRODUCTS(out)                                                                  \
    float a = x[i], b = y[i];                                                          \
    float p = a * b;                                                                   \
    const float k = 0.1f;                                                              \
    float s = p, t = -p;                                                               \
    float2 v = (float2)(a, b), w = (float2)(b, a);                                     \
    float2 q = v * w;                                                                  \
    float2 r = v * w - q;                  /* vector: fused like scalars */            \
    float2 z = a * b - (float2)(p);        /* scalar product widened first: never */   \
    float d = a * b;                       /* separate statements: never fused */      \
    t += a * b;                            /* compound assignment */                   \
    s -= a * b;                                                                        \
    out[0] = a * b - p;                                                                \
    out[1] = p - a * b;                                                                \
    out[2] = -(a * b) + p;                                                             \
    out[3] = t;                                                                        \
    out[4] = s;                                                                        \
    out[5] = a * b - p * 1.0f;             /* both sides products: the left one fuses */ \
    out[6] = p * 1.0f - a * b;                                                         \
    out[7] = r.x;                                                                      \
    out[8] = r.y;                                                                      \
    out[9] = z.x + z.y;                                                                \
    out[10] = d - p;                                                                   \
    out[11] = k * k - 0.01f;               /* constant factors: folded, not fused */

kernel void fused(global const float *x, global const float *y, global float *o) {
#if 0
#pragma OPENCL FP_CONTRACT OFF
#endif
    int i = get_global_id(0);
    global float *out = o + 14 * i;
    PRODUCTS(out);
    out[12] = a * b - p;
    out[13] = (a * b) - p;
}

kernel void unfused_block(global const float *x, global const float *y, global float *o) {
#pragma OPENCL FP_CONTRACT OFF
    int i = get_global_id(0);
    global float *out = o + 14 * i;
    PRODUCTS(out);
    {
#pragma OPENCL FP_CONTRACT ON
        out[12] = a * b - p;
    }
    out[13] = a * b - p;
}

#pragma OPENCL FP_CONTRACT OFF

kernel void unfused_file(global const float *x, global const float *y, global float *o) {
    int i = get_global_id(0);
    global float *out = o + 14 * i;
    PRODUCTS(out);
    for (int n = 0; n < 1; n++) {
#pragma OPENCL FP_CONTRACT ON
        out[12] = a * b - p;
    }
    out[13] = a * b - p;
}

#pragma OPENCL FP_CONTRACT DEFAULT

kernel void fused_again(global const float *x, global const float *y, global float *o) {
    int i = get_global_id(0);
    global float *out = o + 14 * i;
    PRODUCTS(out);
    out[12] = a * b - p;
    {
#pragma STDC FP_CONTRACT OFF
        out[13] = a * b - p;
    }
}
