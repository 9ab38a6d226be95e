// CPU stand-ins for the CUDA kernels (same results, no tiling): host-logic test only.
#include <cmath>
#include <cstdlib>
#include <cstddef>
#include "cuda_runtime.h"
#include "registry.h"
template <class T> T arg(void** a, int i) { return *(T*)a[i]; }
static size_t total(dim3 g, dim3 b) { return (size_t)g.x * b.x * g.y * b.y * g.z * b.z; }
static void copy_float4(dim3 g, dim3 b, void** a) { const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1); for (size_t i = 0; i < 4 * total(g, b); ++i) out[i] = in[i]; }
// MOCK_BREAK=1: copy_float leaves its last element unwritten (the poison must be caught).
static void copy_float(dim3 g, dim3 b, void** a) { const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1); size_t n = total(g, b) - (getenv("MOCK_BREAK") ? 1 : 0); for (size_t i = 0; i < n; ++i) out[i] = in[i]; }
static void saxpy(dim3 g, dim3 b, void** a) { float al = arg<float>(a, 0); const float* x = arg<float*>(a, 1); float* y = arg<float*>(a, 2); for (size_t i = 0; i < total(g, b); ++i) y[i] = fmaf(al, x[i], y[i]); }
static void reduce_sum(dim3 g, dim3 b, void** a) {
  const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1); unsigned n4 = arg<unsigned>(a, 2);
  size_t S = total(g, b);
  for (unsigned grp = 0; grp < g.x; ++grp) { float s = 0; for (unsigned l = 0; l < b.x; ++l) for (size_t i = grp * b.x + l; i < n4; i += S) s += (in[4*i] + in[4*i+1]) + (in[4*i+2] + in[4*i+3]); out[grp] = s; }
}
static void transpose(dim3 g, dim3 b, void** a) { const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1); unsigned cols = arg<unsigned>(a, 2), rows = arg<unsigned>(a, 3);
  for (unsigned r = 0; r < rows; ++r) for (unsigned c = 0; c < cols; ++c) out[(size_t)c * rows + r] = in[(size_t)r * cols + c]; }
static void gemm(void** a) { const float* A = arg<float*>(a, 0); const float* B = arg<float*>(a, 1); float* C = arg<float*>(a, 2); unsigned M = arg<unsigned>(a, 3), N = arg<unsigned>(a, 4), K = arg<unsigned>(a, 5);
  for (unsigned r = 0; r < M; ++r) for (unsigned c = 0; c < N; ++c) { float s = 0; for (unsigned k = 0; k < K; ++k) s = fmaf(A[r*K+k], B[k*N+c], s); C[r*N+c] = s; } }
static void sgemm_tile16(dim3, dim3, void** a) { gemm(a); }
static void sgemm_reg64(dim3, dim3, void** a) { gemm(a); }
static void nbody(dim3 g, dim3 b, void** a) { const float* p = arg<float*>(a, 0); float* acc = arg<float*>(a, 1); unsigned n = arg<unsigned>(a, 2); float e = arg<float>(a, 3);
  for (unsigned i = 0; i < n; ++i) { float ax = 0, ay = 0, az = 0; for (unsigned j = 0; j < n; ++j) { float rx = p[4*j]-p[4*i], ry = p[4*j+1]-p[4*i+1], rz = p[4*j+2]-p[4*i+2];
    float d2 = fmaf(rx, rx, fmaf(ry, ry, fmaf(rz, rz, e))); float inv = 1.0f / sqrtf(d2); float s = p[4*j+3] * (inv*inv*inv); ax = fmaf(rx, s, ax); ay = fmaf(ry, s, ay); az = fmaf(rz, s, az); }
    acc[4*i] = ax; acc[4*i+1] = ay; acc[4*i+2] = az; acc[4*i+3] = 0; } }
REGISTER_KERNEL(copy_float4); REGISTER_KERNEL(copy_float); REGISTER_KERNEL(saxpy); REGISTER_KERNEL(reduce_sum);
REGISTER_KERNEL(transpose); REGISTER_KERNEL(sgemm_tile16); REGISTER_KERNEL(sgemm_reg64); REGISTER_KERNEL(nbody);
