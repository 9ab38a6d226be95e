// Helpers for the CUDA twins of bench/cpu's OpenCL C kernels (cpu_*.cu): OpenCL C's work-item
// functions and the few built-ins the kernels use, with OpenCL C's meaning.
#pragma once
#include "registry.h"

__device__ __forceinline__ unsigned gid0() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ __forceinline__ unsigned gid1() { return blockIdx.y * blockDim.y + threadIdx.y; }
__device__ __forceinline__ unsigned gid2() { return blockIdx.z * blockDim.z + threadIdx.z; }
__device__ __forceinline__ unsigned gsize0() { return gridDim.x * blockDim.x; }
__device__ __forceinline__ int clampi(int x, int lo, int hi) { return min(max(x, lo), hi); }
