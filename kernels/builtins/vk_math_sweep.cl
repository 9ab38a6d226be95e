// A sweep of the math functions the Vulkan target emulates (vkmath), over special values,
// tiny and huge arguments; expected values and tolerances in vk_math_sweep.toml.
#define N 32
#define OUT(b, e) b[(b##_k++) * N + i] = (e)

kernel void vk_math_sweep(global const float *xs, global const float *ys, global float *u0,
                          global float *u2, global float *u3, global float *u4, global float *u5,
                          global float *u16) {
    int i = (int)get_global_id(0);
    float x = xs[i], y = ys[i];
    int u0_k = 0, u2_k = 0, u3_k = 0, u4_k = 0, u5_k = 0, u16_k = 0;
    OUT(u0, fmod(x, y));
    OUT(u0, remainder(x, y));
    OUT(u0, round(x));
    OUT(u0, copysign(x, y));
    OUT(u2, cbrt(x));
    OUT(u2, log1p(fabs(x)));
    OUT(u3, exp(x));
    OUT(u3, log(fabs(x)));
    OUT(u3, expm1(x));
    OUT(u3, exp2(x));
    OUT(u3, log2(fabs(x)));
    OUT(u4, sin(x));
    OUT(u4, cos(x));
    OUT(u4, sinh(x));
    OUT(u4, asinh(x));
    OUT(u4, hypot(x, y));
    OUT(u5, tan(x));
    OUT(u5, atan(x));
    OUT(u5, tanh(x));
    OUT(u16, pow(fabs(x), y));
    OUT(u16, erf(x));
    OUT(u16, erfc(x));
}
