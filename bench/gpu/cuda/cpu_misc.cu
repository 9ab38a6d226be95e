// CUDA twins of bench/cpu/kernels/fft.cl, black_scholes.cl, mandelbrot.cl, kmeans.cl and
// philox.cl (see there), line by line: OpenCL C's sincos, exp, log, sqrt, fabs, mul_hi are
// sincosf, expf, logf, sqrtf, fabsf, __umulhi (all full precision: no -use_fast_math).
#include <cfloat>

#include "cpu_common.h"

#define FFT_N 256
#define FFT_WG (FFT_N / 2)
#define M_PI_F 3.14159274101257f

__device__ __forceinline__ float2 add2(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__device__ __forceinline__ float2 sub2(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }

__global__ void __launch_bounds__(FFT_WG) fft256(const float2* __restrict__ in, float2* __restrict__ out)
{
    __shared__ float2 buf[2][FFT_N];
    unsigned j = threadIdx.x;
    unsigned base = blockIdx.x * FFT_N;
    buf[0][j] = in[base + j];
    buf[0][j + FFT_WG] = in[base + j + FFT_WG];
    unsigned p = 0;
    for (unsigned ns = 1; ns < FFT_N; ns <<= 1) {
        __syncthreads();
        unsigned k = j & (ns - 1);
        float c, s;
        sincosf(-M_PI_F * (float)k / (float)ns, &s, &c);
        float2 a = buf[p][j], b = buf[p][j + FFT_WG];
        float2 bw = make_float2(b.x * c - b.y * s, b.x * s + b.y * c);
        unsigned d = ((j - k) << 1) + k;
        buf[p ^ 1][d] = add2(a, bw);
        buf[p ^ 1][d + ns] = sub2(a, bw);
        p ^= 1;
    }
    __syncthreads();
    out[base + j] = buf[p][j];
    out[base + j + FFT_WG] = buf[p][j + FFT_WG];
}

__device__ float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f, a5 = 1.330274429f;
    const float inv_sqrt_2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
    float c = inv_sqrt_2pi * expf(-0.5f * d * d) * (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0.0f ? 1.0f - c : c;
}

__global__ void black_scholes(const float* __restrict__ price, const float* __restrict__ strike,
                              const float* __restrict__ years, float* __restrict__ call, float* __restrict__ put,
                              float r, float v)
{
    unsigned i = gid0();
    float s = price[i], x = strike[i], t = years[i];
    float sqt = sqrtf(t);
    float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sqt);
    float d2 = d1 - v * sqt;
    float xe = x * expf(-r * t);
    call[i] = s * cnd(d1) - xe * cnd(d2);
    put[i] = xe * cnd(-d2) - s * cnd(-d1);
}

__global__ void mandelbrot(unsigned* __restrict__ out, unsigned w, float x0, float y0, float dx, float dy,
                           unsigned max_iter)
{
    unsigned px = gid0(), py = gid1();
    float cx = x0 + px * dx, cy = y0 + py * dy;
    float x = 0.0f, y = 0.0f;
    unsigned it = 0;
    while (it < max_iter && x * x + y * y <= 4.0f) {
        float xt = x * x - y * y + cx;
        y = 2.0f * x * y + cy;
        x = xt;
        ++it;
    }
    out[py * w + px] = it;
}

__global__ void kmeans_assign(const float* __restrict__ features, const float* __restrict__ centroids,
                              unsigned* __restrict__ membership, unsigned npoints, unsigned nclusters,
                              unsigned nfeatures)
{
    unsigned p = gid0();
    if (p >= npoints)
        return;
    unsigned best = 0;
    float best_d = FLT_MAX;
    for (unsigned c = 0; c < nclusters; ++c) {
        float d = 0.0f;
        for (unsigned f = 0; f < nfeatures; ++f) {
            float t = features[f * npoints + p] - centroids[c * nfeatures + f];
            d += t * t;
        }
        if (d < best_d) {
            best_d = d;
            best = c;
        }
    }
    membership[p] = best;
}

#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u

__global__ void philox4x32_10(uint4* __restrict__ out, unsigned ctr_hi, unsigned k0, unsigned k1)
{
    uint4 c = make_uint4(gid0(), ctr_hi, 0u, 0u);
    for (int r = 0; r < 10; ++r) {
        unsigned hi0 = __umulhi(PHILOX_M0, c.x), lo0 = PHILOX_M0 * c.x;
        unsigned hi1 = __umulhi(PHILOX_M1, c.z), lo1 = PHILOX_M1 * c.z;
        c = make_uint4(hi1 ^ c.y ^ k0, lo1, hi0 ^ c.w ^ k1, lo0);
        k0 += PHILOX_W0;
        k1 += PHILOX_W1;
    }
    out[gid0()] = c;
}

REGISTER_KERNEL(fft256);
REGISTER_KERNEL(black_scholes);
REGISTER_KERNEL(mandelbrot);
REGISTER_KERNEL(kmeans_assign);
REGISTER_KERNEL(philox4x32_10);
