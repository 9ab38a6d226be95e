// CUDA twin of bench/gpu/kernels/transpose.cl: 32x32 shared tile padded to 33 columns,
// blocks of 32x32 threads, one thread per element.
#include "registry.h"

#define TILE 32

__global__ void __launch_bounds__(TILE * TILE) transpose(const float* __restrict__ in, float* __restrict__ out,
                                                         unsigned cols, unsigned rows)
{
    __shared__ float tile[TILE][TILE + 1];
    unsigned tx = threadIdx.x, ty = threadIdx.y;
    unsigned c0 = blockIdx.x * TILE, r0 = blockIdx.y * TILE;
    tile[ty][tx] = in[(r0 + ty) * cols + c0 + tx];
    __syncthreads();
    out[(c0 + ty) * rows + r0 + tx] = tile[tx][ty];
}

REGISTER_KERNEL(transpose);
