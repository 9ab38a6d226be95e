// Tiled SGEMM, C = alpha * A * B + beta * C, with TS x TS tiles of A and B staged in local
// memory; row-major M x K, K x N and M x N matrices; one work-item per element of C.
#define TS 8

kernel void sgemm(int M, int N, int K, float alpha, global const float *A, global const float *B,
                  float beta, global float *C)
{
    local float As[TS][TS];
    local float Bs[TS][TS];
    int col = (int)get_global_id(0), row = (int)get_global_id(1);
    int lc = (int)get_local_id(0), lr = (int)get_local_id(1);
    float acc = 0.0f;
    for (int t = 0; t < K / TS; t++) {
        As[lr][lc] = A[row * K + t * TS + lc];
        Bs[lr][lc] = B[(t * TS + lr) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; k++)
            acc += As[lr][k] * Bs[k][lc];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = alpha * acc + beta * C[row * N + col];
}
