// C (M x N) = A (M x K) * B (K x N), row-major floats; M, N, K multiples of 16.
// 16x16 __local tiles of A and B, one work-item per element of C, work-groups of 16x16:
// the textbook tiled SGEMM.
#define TS 16

__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void sgemm_tiled(__global const float* restrict A, __global const float* restrict B,
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
        for (uint k = 0; k < TS; ++k)
            acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;
}
