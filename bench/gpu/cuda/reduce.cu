// CUDA twin of bench/gpu/kernels/reduce.cl: grid-stride float4 sums per thread, then a
// shared-memory tree per block of 256; the same kernel does both passes.
#include "registry.h"

#define RG 256

__global__ void __launch_bounds__(RG) reduce_sum(const float4* __restrict__ in, float* __restrict__ out,
                                                 unsigned n4)
{
    __shared__ float part[RG];
    unsigned lid = threadIdx.x;
    unsigned stride = gridDim.x * blockDim.x;
    float acc = 0.0f;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        float4 v = in[i];
        acc += (v.x + v.y) + (v.z + v.w);
    }
    part[lid] = acc;
    __syncthreads();
    for (unsigned h = RG / 2; h > 0; h >>= 1) {
        if (lid < h)
            part[lid] += part[lid + h];
        __syncthreads();
    }
    if (lid == 0)
        out[blockIdx.x] = part[0];
}

REGISTER_KERNEL(reduce_sum);
