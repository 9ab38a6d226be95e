// CUDA twin of bench/gpu/kernels/nbody.cl: all-pairs accelerations, 256-body shared tiles,
// rsqrtf (the OpenCL side uses rsqrt), 20 flops per interaction by convention.
#include "registry.h"

#define NB_TILE 256

__global__ void __launch_bounds__(NB_TILE) nbody(const float4* __restrict__ pos, float4* __restrict__ acc,
                                                 unsigned n, float eps2)
{
    __shared__ float4 tile[NB_TILE];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lid = threadIdx.x;
    float4 pi = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (unsigned j0 = 0; j0 < n; j0 += NB_TILE) {
        tile[lid] = pos[j0 + lid];
        __syncthreads();
        for (unsigned j = 0; j < NB_TILE; ++j) {
            float4 pj = tile[j];
            float rx = pj.x - pi.x;
            float ry = pj.y - pi.y;
            float rz = pj.z - pi.z;
            float d2 = fmaf(rx, rx, fmaf(ry, ry, fmaf(rz, rz, eps2)));
            float inv = rsqrtf(d2);
            float s = pj.w * (inv * inv * inv);
            ax = fmaf(rx, s, ax);
            ay = fmaf(ry, s, ay);
            az = fmaf(rz, s, az);
        }
        __syncthreads();
    }
    acc[i] = make_float4(ax, ay, az, 0.0f);
}

REGISTER_KERNEL(nbody);
