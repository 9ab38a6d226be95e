// CUDA twins of bench/cpu/kernels/dot.cl, scan.cl and histogram.cl (see there), line by line.
// dot.cl's work_group_reduce_add (OpenCL C 2.0) is here a block reduction as a CUDA
// programmer writes it: warp shuffles, one partial per warp in shared memory, warp 0 adds them.
#include "cpu_common.h"

// The sum over the block of `v`, returned to every thread (as work_group_reduce_add).
__device__ float block_reduce_add(float v)
{
    __shared__ float warp_sums[32];
    __shared__ float total;
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    unsigned nwarps = (blockDim.x + 31) >> 5;
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0)
        warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        float s = lane < nwarps ? warp_sums[lane] : 0.0f;
        for (int o = 16; o > 0; o >>= 1)
            s += __shfl_down_sync(0xffffffffu, s, o);
        if (lane == 0)
            total = s;
    }
    __syncthreads();
    return total;
}

__global__ void dot_partial(const float4* __restrict__ x, const float4* __restrict__ y,
                            float* __restrict__ partial, unsigned n4)
{
    float acc = 0.0f;
    for (unsigned i = gid0(); i < n4; i += gsize0()) {
        float4 a = x[i], b = y[i];
        acc += a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    }
    float s = block_reduce_add(acc);
    if (threadIdx.x == 0)
        partial[blockIdx.x] = s;
}

__global__ void dot_final(const float* __restrict__ partial, float* __restrict__ out, unsigned n)
{
    float acc = 0.0f;
    for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
        acc += partial[i];
    float s = block_reduce_add(acc);
    if (threadIdx.x == 0)
        out[0] = s;
}

#define LS 256
#define BLOCK (2 * LS)

__global__ void __launch_bounds__(LS) scan_blocks(const unsigned* __restrict__ in, unsigned* __restrict__ out,
                                                  unsigned* __restrict__ sums, unsigned n)
{
    __shared__ unsigned t[BLOCK];
    unsigned lid = threadIdx.x;
    unsigned base = blockIdx.x * BLOCK;
    unsigned a = base + lid, b = base + lid + LS;
    t[lid] = a < n ? in[a] : 0;
    t[lid + LS] = b < n ? in[b] : 0;

    unsigned offset = 1;
    for (unsigned d = LS; d > 0; d >>= 1) {
        __syncthreads();
        if (lid < d) {
            unsigned ai = offset * (2 * lid + 1) - 1;
            unsigned bi = offset * (2 * lid + 2) - 1;
            t[bi] += t[ai];
        }
        offset <<= 1;
    }
    __syncthreads();
    if (lid == 0) {
        sums[blockIdx.x] = t[BLOCK - 1];
        t[BLOCK - 1] = 0;
    }
    for (unsigned d = 1; d < BLOCK; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (lid < d) {
            unsigned ai = offset * (2 * lid + 1) - 1;
            unsigned bi = offset * (2 * lid + 2) - 1;
            unsigned x = t[ai];
            t[ai] = t[bi];
            t[bi] += x;
        }
    }
    __syncthreads();
    if (a < n)
        out[a] = t[lid];
    if (b < n)
        out[b] = t[lid + LS];
}

__global__ void __launch_bounds__(LS) scan_add(unsigned* __restrict__ data, const unsigned* __restrict__ offsets,
                                               unsigned n)
{
    unsigned g = blockIdx.x;
    unsigned a = g * BLOCK + threadIdx.x;
    unsigned off = offsets[g];
    if (a < n)
        data[a] += off;
    if (a + LS < n)
        data[a + LS] += off;
}

#define BINS 256

__global__ void histogram256(const unsigned* __restrict__ data, unsigned* __restrict__ bins, unsigned n,
                             unsigned per_item)
{
    __shared__ unsigned hist[BINS];
    unsigned lid = threadIdx.x;
    unsigned lsize = blockDim.x;
    for (unsigned b = lid; b < BINS; b += lsize)
        hist[b] = 0;
    __syncthreads();
    unsigned stride = gsize0();
    unsigned i = gid0();
    for (unsigned k = 0; k < per_item && i < n; ++k, i += stride) {
        unsigned v = data[i];
        atomicAdd(&hist[v & 0xFF], 1u);
        atomicAdd(&hist[(v >> 8) & 0xFF], 1u);
        atomicAdd(&hist[(v >> 16) & 0xFF], 1u);
        atomicAdd(&hist[v >> 24], 1u);
    }
    __syncthreads();
    for (unsigned b = lid; b < BINS; b += lsize)
        if (hist[b] != 0)
            atomicAdd(&bins[b], hist[b]);
}

REGISTER_KERNEL(dot_partial);
REGISTER_KERNEL(dot_final);
REGISTER_KERNEL(scan_blocks);
REGISTER_KERNEL(scan_add);
REGISTER_KERNEL(histogram256);
