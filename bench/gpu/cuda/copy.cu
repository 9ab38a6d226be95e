// CUDA twins of bench/gpu/kernels/copy.cl: one thread per element.
#include "registry.h"

__global__ void copy_float4(const float4* __restrict__ in, float4* __restrict__ out)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
}

__global__ void copy_float(const float* __restrict__ in, float* __restrict__ out)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
}

REGISTER_KERNEL(copy_float4);
REGISTER_KERNEL(copy_float);
