// CUDA twins of bench/cpu/kernels/matvec.cl and spmv.cl (see there), line by line.
#include "cpu_common.h"

#define MV_WG 64

__global__ void __launch_bounds__(MV_WG) matvec(const float* __restrict__ A, const float* __restrict__ x,
                                                float* __restrict__ y, unsigned cols)
{
    __shared__ float part[MV_WG];
    unsigned row = blockIdx.x, lid = threadIdx.x;
    const float* a = A + (size_t)row * cols;
    float acc = 0.0f;
    for (unsigned c = lid; c < cols; c += MV_WG)
        acc += a[c] * x[c];
    part[lid] = acc;
    __syncthreads();
    for (unsigned h = MV_WG / 2; h > 0; h >>= 1) {
        if (lid < h)
            part[lid] += part[lid + h];
        __syncthreads();
    }
    if (lid == 0)
        y[row] = part[0];
}

__global__ void spmv_csr(const unsigned* __restrict__ row_ptr, const unsigned* __restrict__ cols,
                         const float* __restrict__ vals, const float* __restrict__ x, float* __restrict__ y,
                         unsigned rows)
{
    unsigned r = gid0();
    if (r >= rows)
        return;
    float acc = 0.0f;
    unsigned end = row_ptr[r + 1];
    for (unsigned k = row_ptr[r]; k < end; ++k)
        acc += vals[k] * x[cols[k]];
    y[r] = acc;
}

REGISTER_KERNEL(matvec);
REGISTER_KERNEL(spmv_csr);
