// CUDA twins of bench/gpu/kernels/sgemm.cl (see there for the layout): C = A * B, row-major.
#include "registry.h"

#define TS 16

__global__ void __launch_bounds__(TS * TS) sgemm_tile16(const float* __restrict__ A, const float* __restrict__ B,
                                                        float* __restrict__ C, unsigned M, unsigned N, unsigned K)
{
    __shared__ float As[TS][TS];
    __shared__ float Bs[TS][TS];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned col = blockIdx.x * TS + tx;
    unsigned row = blockIdx.y * TS + ty;
    float acc = 0.0f;
    for (unsigned t = 0; t < K; t += TS) {
        As[ty][tx] = A[row * K + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        __syncthreads();
#pragma unroll
        for (unsigned k = 0; k < TS; ++k)
            acc = fmaf(As[ty][k], Bs[k][tx], acc);
        __syncthreads();
    }
    C[row * N + col] = acc;
}

#define BM 64
#define BN 64
#define BK 16

__global__ void __launch_bounds__(256) sgemm_reg64(const float* __restrict__ A, const float4* __restrict__ B,
                                                   float4* __restrict__ C, unsigned M, unsigned N, unsigned K)
{
    __shared__ float4 As[BK][BM / 4 + 1];
    __shared__ float4 Bs[BK][BN / 4];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned t = ty * 16 + tx;
    unsigned m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
    unsigned N4 = N / 4;

    unsigned ak = t % 16, am4 = t / 16;
    unsigned bk = t / 16, bn4 = t % 16;

    const float* Ap = A + (m0 + 4 * am4) * K + ak;
    const float4* Bp = B + bk * N4 + n0 / 4 + bn4;

    float4 c0 = make_float4(0.0f, 0.0f, 0.0f, 0.0f), c1 = c0, c2 = c0, c3 = c0;

    for (unsigned k0 = 0; k0 < K; k0 += BK) {
        float4 a;
        a.x = Ap[k0];
        a.y = Ap[K + k0];
        a.z = Ap[2 * K + k0];
        a.w = Ap[3 * K + k0];
        As[ak][am4] = a;
        Bs[bk][bn4] = Bp[k0 * N4];
        __syncthreads();
#pragma unroll
        for (unsigned k = 0; k < BK; ++k) {
            float4 av = As[k][ty];
            float4 bv = Bs[k][tx];
            c0.x = fmaf(av.x, bv.x, c0.x); c0.y = fmaf(av.x, bv.y, c0.y);
            c0.z = fmaf(av.x, bv.z, c0.z); c0.w = fmaf(av.x, bv.w, c0.w);
            c1.x = fmaf(av.y, bv.x, c1.x); c1.y = fmaf(av.y, bv.y, c1.y);
            c1.z = fmaf(av.y, bv.z, c1.z); c1.w = fmaf(av.y, bv.w, c1.w);
            c2.x = fmaf(av.z, bv.x, c2.x); c2.y = fmaf(av.z, bv.y, c2.y);
            c2.z = fmaf(av.z, bv.z, c2.z); c2.w = fmaf(av.z, bv.w, c2.w);
            c3.x = fmaf(av.w, bv.x, c3.x); c3.y = fmaf(av.w, bv.y, c3.y);
            c3.z = fmaf(av.w, bv.z, c3.z); c3.w = fmaf(av.w, bv.w, c3.w);
        }
        __syncthreads();
    }
    float4* Cp = C + (m0 + 4 * ty) * N4 + n0 / 4 + tx;
    Cp[0] = c0;
    Cp[N4] = c1;
    Cp[2 * N4] = c2;
    Cp[3 * N4] = c3;
}

REGISTER_KERNEL(sgemm_tile16);
REGISTER_KERNEL(sgemm_reg64);
