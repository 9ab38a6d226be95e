// f(−0.0) for the builtins OpenCL defines as f(±0) = ±0 (the odd functions and the rounding
// functions), in float and in double: the bits of each result, which must be those of −0.0.
// Found on the Vulkan target: float sin, tan and sincos gave +0.0 (their reduction x − k·π/2
// turns −0 into +0), and double floor, ceil, trunc, rint and round gave +0.0 on lavapipe
// (its Trunc and RoundEven of −0.0 are +0.0, which Vulkan allows and OpenCL does not).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define ODD(T, x, y)                                                                           \
    { T c; y[0] = sin(x); y[1] = tan(x); y[2] = sincos(x, &c); y[3] = asin(x);                 \
      y[4] = atan(x); y[5] = sinh(x); y[6] = tanh(x); y[7] = asinh(x); y[8] = atanh(x);        \
      y[9] = sinpi(x); y[10] = tanpi(x); y[11] = asinpi(x); y[12] = atanpi(x);                 \
      y[13] = expm1(x); y[14] = log1p(x); y[15] = cbrt(x); y[16] = erf(x); y[17] = round(x);   \
      y[18] = trunc(x); y[19] = rint(x); y[20] = ceil(x); y[21] = floor(x);                    \
      y[22] = atan2(x, (T)1); y[23] = atan2pi(x, (T)1); y[24] = rootn(x, 3);                   \
      y[25] = pown(x, 3); y[26] = ceil(x / 4); y[27] = round(x / 4); }

kernel void signed_zeros(global const float *xf, global const double *xd, global int *of,
                         global long *od)
{
    float yf[28];
    double yd[28];
    ODD(float, xf[0], yf)
    ODD(double, xd[0], yd)
    for (int k = 0; k < 28; k++) {
        of[k] = as_int(yf[k]);
        od[k] = as_long(yd[k]);
    }
}
