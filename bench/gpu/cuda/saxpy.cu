// CUDA twin of bench/gpu/kernels/saxpy.cl: y = fma(a, x, y), one thread per element.
#include "registry.h"

__global__ void saxpy(float a, const float* __restrict__ x, float* __restrict__ y)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    y[i] = fmaf(a, x[i], y[i]);
}

REGISTER_KERNEL(saxpy);
