// C (M x N) = A (M x K) * B (K x N), all row-major floats; M, N, K multiples of 64.
// Every multiply-add is an explicit fma() so that CUDA, Vulkan and the CPU do the same
// arithmetic in the same order. The 16-step inner loops carry `#pragma unroll` (in the CUDA
// versions too): fully unrolled, the accumulators stay in registers.

// 16x16 __local tiles, one work-item per element of C, work-groups of 16x16.
#define TS 16

__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void sgemm_tile16(__global const float* restrict A, __global const float* restrict B,
                  __global float* restrict C, uint M, uint N, uint K)
{
    __local float As[TS][TS];
    __local float Bs[TS][TS];
    uint tx = get_local_id(0), ty = get_local_id(1);
    uint col = get_group_id(0) * TS + tx;
    uint row = get_group_id(1) * TS + ty;
    float acc = 0.0f;
    for (uint t = 0; t < K; t += TS) {
        As[ty][tx] = A[row * K + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
        for (uint k = 0; k < TS; ++k)
            acc = fma(As[ty][k], Bs[k][tx], acc);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;
}

// 64x64 block of C per work-group of 16x16; each work-item computes a 4x4 block of C
// (rows 4*ty .. 4*ty+3, columns 4*tx .. 4*tx+3 of the group's block) in 16 registers.
// K is walked in steps of 16 through two __local tiles (8.5 KiB together):
//   As[k][m/4]: the A tile transposed, as float4 along m, rows padded by one float4 so that
//               the transposing stores of a quarter-warp hit different banks;
//   Bs[k][n/4]: the B tile, as float4 along n.
// Per step of k a work-item reads one float4 of each tile and does 16 fma.
#define BM 64
#define BN 64
#define BK 16

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void sgemm_reg64(__global const float* restrict A, __global const float4* restrict B,
                 __global float4* restrict C, uint M, uint N, uint K)
{
    __local float4 As[BK][BM / 4 + 1];
    __local float4 Bs[BK][BN / 4];
    uint tx = get_local_id(0), ty = get_local_id(1);
    uint t = ty * 16 + tx;
    uint m0 = get_group_id(1) * BM, n0 = get_group_id(0) * BN;
    uint N4 = N / 4;

    // Loading the A tile (64 x 16): work-item t reads column ak = t % 16 of rows
    // 4*am4 .. 4*am4+3, am4 = t / 16, and stores them as one float4 As[ak][am4].
    uint ak = t % 16, am4 = t / 16;
    // Loading the B tile (16 x 64): work-item t reads the float4 at row bk = t / 16,
    // columns 4*bn4 .. 4*bn4+3, bn4 = t % 16.
    uint bk = t / 16, bn4 = t % 16;

    __global const float* Ap = A + (m0 + 4 * am4) * K + ak;
    __global const float4* Bp = B + bk * N4 + n0 / 4 + bn4;

    float4 c0 = (float4)(0.0f), c1 = (float4)(0.0f), c2 = (float4)(0.0f), c3 = (float4)(0.0f);

    for (uint k0 = 0; k0 < K; k0 += BK) {
        float4 a;
        a.x = Ap[k0];
        a.y = Ap[K + k0];
        a.z = Ap[2 * K + k0];
        a.w = Ap[3 * K + k0];
        As[ak][am4] = a;
        Bs[bk][bn4] = Bp[k0 * N4];
        barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
        for (uint k = 0; k < BK; ++k) {
            float4 av = As[k][ty];
            float4 bv = Bs[k][tx];
            c0.x = fma(av.x, bv.x, c0.x); c0.y = fma(av.x, bv.y, c0.y);
            c0.z = fma(av.x, bv.z, c0.z); c0.w = fma(av.x, bv.w, c0.w);
            c1.x = fma(av.y, bv.x, c1.x); c1.y = fma(av.y, bv.y, c1.y);
            c1.z = fma(av.y, bv.z, c1.z); c1.w = fma(av.y, bv.w, c1.w);
            c2.x = fma(av.z, bv.x, c2.x); c2.y = fma(av.z, bv.y, c2.y);
            c2.z = fma(av.z, bv.z, c2.z); c2.w = fma(av.z, bv.w, c2.w);
            c3.x = fma(av.w, bv.x, c3.x); c3.y = fma(av.w, bv.y, c3.y);
            c3.z = fma(av.w, bv.z, c3.z); c3.w = fma(av.w, bv.w, c3.w);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    __global float4* Cp = C + (m0 + 4 * ty) * N4 + n0 / 4 + tx;
    Cp[0] = c0;
    Cp[N4] = c1;
    Cp[2 * N4] = c2;
    Cp[3 * N4] = c3;
}
