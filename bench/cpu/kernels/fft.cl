// Batched complex FFT, 256 points per transform (forward, unnormalized: X[k] = sum_n x[n]
// e^{-2 pi i k n / 256}), one work-group of 128 work-items per transform. Radix-2 Stockham
// (self-sorting, no bit reversal) between the two halves of a __local buffer: in each of the
// 8 stages work-item j combines elements j and j + 128 of the source half with a twiddle from
// sincos() and writes them to their place in the other half.
//
// The halves are picked by an index, not by swapping two __local pointers between stages:
// clang-22's module of the pointer version crashes Intel's CPU runtime 2021.2 (clc's runs).
#define FFT_N 256
#define FFT_WG (FFT_N / 2)

__kernel __attribute__((reqd_work_group_size(FFT_WG, 1, 1)))
void fft256(__global const float2* restrict in, __global float2* restrict out)
{
    __local float2 buf[2][FFT_N];
    uint j = get_local_id(0);
    uint base = get_group_id(0) * FFT_N;
    buf[0][j] = in[base + j];
    buf[0][j + FFT_WG] = in[base + j + FFT_WG];
    uint p = 0;
    for (uint ns = 1; ns < FFT_N; ns <<= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        uint k = j & (ns - 1);
        float c;
        float s = sincos(-M_PI_F * (float)k / (float)ns, &c);
        float2 a = buf[p][j], b = buf[p][j + FFT_WG];
        float2 bw = (float2)(b.x * c - b.y * s, b.x * s + b.y * c);
        uint d = ((j - k) << 1) + k;
        buf[p ^ 1][d] = a + bw;
        buf[p ^ 1][d + ns] = a - bw;
        p ^= 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + j] = buf[p][j];
    out[base + j + FFT_WG] = buf[p][j + FFT_WG];
}
