// CUDA twins of bench/gpu/kernels/bitonic.cl and floyd.cl (bench/cpu's bitonic.cl and
// floyd.cl with a restore kernel each), line by line.
#include "cpu_common.h"

#define LB 256
#define LBLOCK (2 * LB)

__device__ __forceinline__ unsigned pair_lo(unsigned p, unsigned j)
{
    return ((p & ~(j - 1)) << 1) | (p & (j - 1));
}

__device__ __forceinline__ void order_local(unsigned* t, unsigned a, unsigned b, bool up)
{
    unsigned x = t[a], y = t[b];
    if ((x > y) == up) {
        t[a] = y;
        t[b] = x;
    }
}

__global__ void __launch_bounds__(LB) bitonic_local_sort(unsigned* keys)
{
    __shared__ unsigned t[LBLOCK];
    unsigned lid = threadIdx.x;
    unsigned base = blockIdx.x * LBLOCK;
    t[lid] = keys[base + lid];
    t[lid + LB] = keys[base + lid + LB];
    for (unsigned k = 2; k <= LBLOCK; k <<= 1) {
        for (unsigned j = k >> 1; j > 0; j >>= 1) {
            __syncthreads();
            unsigned a = pair_lo(lid, j);
            order_local(t, a, a + j, ((base + a) & k) == 0);
        }
    }
    __syncthreads();
    keys[base + lid] = t[lid];
    keys[base + lid + LB] = t[lid + LB];
}

__global__ void bitonic_global_step(unsigned* keys, unsigned k, unsigned j)
{
    unsigned a = pair_lo(gid0(), j);
    unsigned b = a + j;
    unsigned x = keys[a], y = keys[b];
    if ((x > y) == ((a & k) == 0)) {
        keys[a] = y;
        keys[b] = x;
    }
}

__global__ void __launch_bounds__(LB) bitonic_local_merge(unsigned* keys, unsigned k)
{
    __shared__ unsigned t[LBLOCK];
    unsigned lid = threadIdx.x;
    unsigned base = blockIdx.x * LBLOCK;
    t[lid] = keys[base + lid];
    t[lid + LB] = keys[base + lid + LB];
    for (unsigned j = LB; j > 0; j >>= 1) {
        __syncthreads();
        unsigned a = pair_lo(lid, j);
        order_local(t, a, a + j, ((base + a) & k) == 0);
    }
    __syncthreads();
    keys[base + lid] = t[lid];
    keys[base + lid + LB] = t[lid + LB];
}

__global__ void restore_keys(const uint4* __restrict__ src, uint4* __restrict__ dst)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    dst[i] = src[i];
}

__global__ void floyd_step(unsigned* d, unsigned n, unsigned k)
{
    unsigned j = gid0(), i = gid1();
    unsigned via = d[i * n + k] + d[k * n + j];
    if (via < d[i * n + j])
        d[i * n + j] = via;
}

__global__ void restore_dist(const uint4* __restrict__ src, uint4* __restrict__ dst)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    dst[i] = src[i];
}

REGISTER_KERNEL(bitonic_local_sort);
REGISTER_KERNEL(bitonic_global_step);
REGISTER_KERNEL(bitonic_local_merge);
REGISTER_KERNEL(restore_keys);
REGISTER_KERNEL(floyd_step);
REGISTER_KERNEL(restore_dist);
