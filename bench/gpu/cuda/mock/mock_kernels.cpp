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

// ---- bench/cpu's kernels (cuda/cpu_*.cu): plain loops with the OpenCL C's arithmetic ----
#include <cfloat>
#include <cstdint>
#include <cstring>
#include <vector>
typedef unsigned u32;
static size_t gx(dim3 g, dim3 b) { return (size_t)g.x * b.x; }
static size_t gy(dim3 g, dim3 b) { return (size_t)g.y * b.y; }
static int clampi(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
static void matvec(dim3 g, dim3, void** a) { const float* A = arg<float*>(a, 0); const float* x = arg<float*>(a, 1); float* y = arg<float*>(a, 2); u32 cols = arg<u32>(a, 3);
  for (u32 r = 0; r < g.x; ++r) { double s = 0; for (u32 c = 0; c < cols; ++c) s += (double)A[(size_t)r * cols + c] * x[c]; y[r] = (float)s; } }
static void spmv_csr(dim3, dim3, void** a) { const u32* rp = arg<u32*>(a, 0); const u32* cols = arg<u32*>(a, 1); const float* v = arg<float*>(a, 2); const float* x = arg<float*>(a, 3); float* y = arg<float*>(a, 4); u32 rows = arg<u32>(a, 5);
  for (u32 r = 0; r < rows; ++r) { float s = 0; for (u32 k = rp[r]; k < rp[r + 1]; ++k) s += v[k] * x[cols[k]]; y[r] = s; } }
static void dot_partial(dim3 g, dim3 b, void** a) { const float* x = arg<float*>(a, 0); const float* y = arg<float*>(a, 1); float* p = arg<float*>(a, 2); u32 n4 = arg<u32>(a, 3); size_t S = total(g, b);
  for (u32 grp = 0; grp < g.x; ++grp) { float s = 0; for (u32 l = 0; l < b.x; ++l) for (size_t i = grp * b.x + l; i < n4; i += S) for (int c = 0; c < 4; ++c) s += x[4 * i + c] * y[4 * i + c]; p[grp] = s; } }
static void dot_final(dim3, dim3, void** a) { const float* p = arg<float*>(a, 0); float* out = arg<float*>(a, 1); u32 n = arg<u32>(a, 2); float s = 0; for (u32 i = 0; i < n; ++i) s += p[i]; out[0] = s; }
static void scan_blocks(dim3 g, dim3, void** a) { const u32* in = arg<u32*>(a, 0); u32* out = arg<u32*>(a, 1); u32* sums = arg<u32*>(a, 2); u32 n = arg<u32>(a, 3);
  for (u32 grp = 0; grp < g.x; ++grp) { u32 acc = 0; for (u32 i = grp * 512; i < grp * 512 + 512; ++i) { u32 v = i < n ? in[i] : 0; if (i < n) out[i] = acc; acc += v; } sums[grp] = acc; } }
static void scan_add(dim3 g, dim3, void** a) { u32* d = arg<u32*>(a, 0); const u32* off = arg<u32*>(a, 1); u32 n = arg<u32>(a, 2);
  for (u32 grp = 0; grp < g.x; ++grp) for (u32 i = grp * 512; i < grp * 512 + 512 && i < n; ++i) d[i] += off[grp]; }
static void histogram256(dim3 g, dim3 b, void** a) { const u32* d = arg<u32*>(a, 0); u32* bins = arg<u32*>(a, 1); u32 n = arg<u32>(a, 2); u32 per = arg<u32>(a, 3);
  size_t lim = total(g, b) * per; for (size_t i = 0; i < n && i < lim; ++i) for (int s = 0; s < 32; s += 8) bins[(d[i] >> s) & 0xFF]++; }
static void copy_words(dim3 g, dim3 b, void** a) { const u32* s = arg<u32*>(a, 0); u32* d = arg<u32*>(a, 1); memcpy(d, s, 16 * total(g, b)); }
static void restore_keys(dim3 g, dim3 b, void** a) { copy_words(g, b, a); }
static void restore_dist(dim3 g, dim3 b, void** a) { copy_words(g, b, a); }
static u32 pair_lo(u32 p, u32 j) { return ((p & ~(j - 1)) << 1) | (p & (j - 1)); }
static void order(u32* t, u32 x, u32 y, bool up) { if ((t[x] > t[y]) == up) { u32 s = t[x]; t[x] = t[y]; t[y] = s; } }
static void bitonic_local_sort(dim3 g, dim3, void** a) { u32* keys = arg<u32*>(a, 0);
  for (u32 grp = 0; grp < g.x; ++grp) { u32 base = grp * 512; for (u32 k = 2; k <= 512; k <<= 1) for (u32 j = k >> 1; j > 0; j >>= 1) for (u32 l = 0; l < 256; ++l) { u32 x = pair_lo(l, j); order(keys + base, x, x + j, ((base + x) & k) == 0); } } }
static void bitonic_global_step(dim3 g, dim3 b, void** a) { u32* keys = arg<u32*>(a, 0); u32 k = arg<u32>(a, 1), j = arg<u32>(a, 2);
  for (u32 p = 0; p < total(g, b); ++p) { u32 x = pair_lo(p, j); order(keys, x, x + j, (x & k) == 0); } }
static void bitonic_local_merge(dim3 g, dim3, void** a) { u32* keys = arg<u32*>(a, 0); u32 k = arg<u32>(a, 1);
  for (u32 grp = 0; grp < g.x; ++grp) { u32 base = grp * 512; for (u32 j = 256; j > 0; j >>= 1) for (u32 l = 0; l < 256; ++l) { u32 x = pair_lo(l, j); order(keys + base, x, x + j, ((base + x) & k) == 0); } } }
static void floyd_step(dim3, dim3, void** a) { u32* d = arg<u32*>(a, 0); u32 n = arg<u32>(a, 1), k = arg<u32>(a, 2);
  for (u32 i = 0; i < n; ++i) for (u32 j = 0; j < n; ++j) { u32 via = d[i * n + k] + d[k * n + j]; if (via < d[i * n + j]) d[i * n + j] = via; } }
static void jacobi2d(dim3, dim3, void** a) { const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1); u32 w = arg<u32>(a, 2), h = arg<u32>(a, 3);
  for (u32 y = 0; y < h; ++y) for (u32 x = 0; x < w; ++x) { u32 i = y * w + x; out[i] = (x == 0 || y == 0 || x == w - 1 || y == h - 1) ? in[i] : 0.25f * (((in[i - w] + in[i + w]) + in[i - 1]) + in[i + 1]); } }
static void heat3d(dim3, dim3, void** a) { const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1); u32 nx = arg<u32>(a, 2), ny = arg<u32>(a, 3), nz = arg<u32>(a, 4); float c0 = arg<float>(a, 5), c1 = arg<float>(a, 6); u32 sxy = nx * ny;
  for (u32 z = 0; z < nz; ++z) for (u32 y = 0; y < ny; ++y) for (u32 x = 0; x < nx; ++x) { u32 i = z * sxy + y * nx + x;
    if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) { out[i] = in[i]; continue; }
    float s = in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx] + in[i - sxy] + in[i + sxy]; out[i] = c0 * in[i] + c1 * s; } }
static void conv2d(dim3, dim3, void** a) { const float* in = arg<float*>(a, 0); const float* f = arg<float*>(a, 1); float* out = arg<float*>(a, 2); int w = arg<int>(a, 3), h = arg<int>(a, 4), r = arg<int>(a, 5); int fw = 2 * r + 1;
  for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) { float acc = 0; for (int dy = -r; dy <= r; ++dy) for (int dx = -r; dx <= r; ++dx) acc += f[(dy + r) * fw + dx + r] * in[clampi(y + dy, 0, h - 1) * w + clampi(x + dx, 0, w - 1)]; out[y * w + x] = acc; } }
static void blur_rows(dim3 g, dim3 b, void** a) { const float* in = arg<float*>(a, 0); const float* wt = arg<float*>(a, 1); float* t = arg<float*>(a, 2); int w = arg<int>(a, 3); int h = (int)gy(g, b);
  for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) { float acc = 0; for (int k = -4; k <= 4; ++k) acc += wt[k + 4] * in[y * w + clampi(x + k, 0, w - 1)]; t[y * w + x] = acc; } }
static void blur_cols(dim3, dim3, void** a) { const float* t = arg<float*>(a, 0); const float* wt = arg<float*>(a, 1); float* out = arg<float*>(a, 2); int w = arg<int>(a, 3), h = arg<int>(a, 4);
  for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) { float acc = 0; for (int k = -4; k <= 4; ++k) acc += wt[k + 4] * t[clampi(y + k, 0, h - 1) * w + x]; out[y * w + x] = acc; } }
static void sobel(dim3, dim3, void** a) { const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1); u32 w = arg<u32>(a, 2), h = arg<u32>(a, 3);
  for (u32 y = 0; y < h; ++y) for (u32 x = 0; x < w; ++x) { u32 i = y * w + x; if (x == 0 || y == 0 || x == w - 1 || y == h - 1) { out[i] = 0; continue; }
    float gxv = (in[i - w + 1] + 2 * in[i + 1] + in[i + w + 1]) - (in[i - w - 1] + 2 * in[i - 1] + in[i + w - 1]);
    float gyv = (in[i + w - 1] + 2 * in[i + w] + in[i + w + 1]) - (in[i - w - 1] + 2 * in[i - w] + in[i - w + 1]); out[i] = sqrtf(gxv * gxv + gyv * gyv); } }
static void median3x3(dim3, dim3, void** a) { const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1); int w = arg<int>(a, 2), h = arg<int>(a, 3);
  for (int y = 0; y < h; ++y) for (int x = 0; x < w; ++x) { float p[9]; int n = 0; for (int dy = -1; dy <= 1; ++dy) for (int dx = -1; dx <= 1; ++dx) p[n++] = in[clampi(y + dy, 0, h - 1) * w + clampi(x + dx, 0, w - 1)];
    for (int i = 0; i < 9; ++i) for (int j = i + 1; j < 9; ++j) if (p[j] < p[i]) { float s = p[i]; p[i] = p[j]; p[j] = s; } out[y * w + x] = p[4]; } }
static void dct8x8(dim3 g, dim3 b, void** a) { const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1); u32 w = arg<u32>(a, 2); u32 h = (u32)gy(g, b); (void)gx;
  for (u32 by = 0; by < h; by += 8) for (u32 bx = 0; bx < w; bx += 8) for (u32 v = 0; v < 8; ++v) for (u32 u = 0; u < 8; ++u) { double s = 0;
    for (u32 i = 0; i < 8; ++i) for (u32 j = 0; j < 8; ++j) s += (v ? sqrt(0.25) : sqrt(0.125)) * cos((2 * i + 1) * v * M_PI / 16) * (u ? sqrt(0.25) : sqrt(0.125)) * cos((2 * j + 1) * u * M_PI / 16) * in[(by + i) * w + bx + j];
    out[(by + v) * w + bx + u] = (float)s; } }
static void fft256(dim3 g, dim3, void** a) { const float* in = arg<float*>(a, 0); float* out = arg<float*>(a, 1);
  for (u32 t = 0; t < g.x; ++t) for (u32 k = 0; k < 256; ++k) { double re = 0, im = 0; for (u32 n = 0; n < 256; ++n) { double ang = -2 * M_PI * ((k * n) % 256) / 256; double xr = in[512 * t + 2 * n], xi = in[512 * t + 2 * n + 1]; re += xr * cos(ang) - xi * sin(ang); im += xr * sin(ang) + xi * cos(ang); }
    out[512 * t + 2 * k] = (float)re; out[512 * t + 2 * k + 1] = (float)im; } }
static float cnd(float d) { float k = 1.0f / (1.0f + 0.2316419f * fabsf(d)); float c = 0.39894228040143267794f * expf(-0.5f * d * d) * (k * (0.31938153f + k * (-0.356563782f + k * (1.781477937f + k * (-1.821255978f + k * 1.330274429f))))); return d > 0 ? 1.0f - c : c; }
static void black_scholes(dim3 g, dim3 b, void** a) { const float* S = arg<float*>(a, 0); const float* X = arg<float*>(a, 1); const float* T = arg<float*>(a, 2); float* call = arg<float*>(a, 3); float* put = arg<float*>(a, 4); float r = arg<float>(a, 5), v = arg<float>(a, 6);
  for (size_t i = 0; i < total(g, b); ++i) { float s = S[i], x = X[i], t = T[i], sq = sqrtf(t); float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sq), d2 = d1 - v * sq, xe = x * expf(-r * t);
    call[i] = s * cnd(d1) - xe * cnd(d2); put[i] = xe * cnd(-d2) - s * cnd(-d1); } }
static void mandelbrot(dim3 g, dim3 b, void** a) { u32* out = arg<u32*>(a, 0); u32 w = arg<u32>(a, 1); float x0 = arg<float>(a, 2), y0 = arg<float>(a, 3), dx = arg<float>(a, 4), dy = arg<float>(a, 5); u32 mx = arg<u32>(a, 6);
  for (u32 py = 0; py < gy(g, b); ++py) for (u32 px = 0; px < w; ++px) { float cx = x0 + px * dx, cy = y0 + py * dy, x = 0, y = 0; u32 it = 0;
    while (it < mx && x * x + y * y <= 4.0f) { float xt = x * x - y * y + cx; y = 2.0f * x * y + cy; x = xt; ++it; } out[py * w + px] = it; } }
static void kmeans_assign(dim3, dim3, void** a) { const float* f = arg<float*>(a, 0); const float* c = arg<float*>(a, 1); u32* m = arg<u32*>(a, 2); u32 np = arg<u32>(a, 3), nc = arg<u32>(a, 4), nf = arg<u32>(a, 5);
  for (u32 p = 0; p < np; ++p) { u32 best = 0; float bd = FLT_MAX; for (u32 k = 0; k < nc; ++k) { float d = 0; for (u32 q = 0; q < nf; ++q) { float t = f[q * np + p] - c[k * nf + q]; d += t * t; } if (d < bd) { bd = d; best = k; } } m[p] = best; } }
static void philox4x32_10(dim3 g, dim3 b, void** a) { u32* out = arg<u32*>(a, 0); u32 hi = arg<u32>(a, 1);
  for (size_t i = 0; i < total(g, b); ++i) { u32 c[4] = {(u32)i, hi, 0, 0}, k0 = arg<u32>(a, 2), k1 = arg<u32>(a, 3);
    for (int r = 0; r < 10; ++r) { uint64_t p0 = 0xD2511F53ull * c[0], p1 = 0xCD9E8D57ull * c[2]; u32 n[4] = {(u32)(p1 >> 32) ^ c[1] ^ k0, (u32)p1, (u32)(p0 >> 32) ^ c[3] ^ k1, (u32)p0}; memcpy(c, n, 16); k0 += 0x9E3779B9u; k1 += 0xBB67AE85u; }
    memcpy(out + 4 * i, c, 16); } }
REGISTER_KERNEL(matvec); REGISTER_KERNEL(spmv_csr); REGISTER_KERNEL(dot_partial); REGISTER_KERNEL(dot_final); REGISTER_KERNEL(scan_blocks); REGISTER_KERNEL(scan_add);
REGISTER_KERNEL(histogram256); REGISTER_KERNEL(restore_keys); REGISTER_KERNEL(restore_dist); REGISTER_KERNEL(bitonic_local_sort); REGISTER_KERNEL(bitonic_global_step);
REGISTER_KERNEL(bitonic_local_merge); REGISTER_KERNEL(floyd_step); REGISTER_KERNEL(jacobi2d); REGISTER_KERNEL(heat3d); REGISTER_KERNEL(conv2d); REGISTER_KERNEL(blur_rows);
REGISTER_KERNEL(blur_cols); REGISTER_KERNEL(sobel); REGISTER_KERNEL(median3x3); REGISTER_KERNEL(dct8x8); REGISTER_KERNEL(fft256); REGISTER_KERNEL(black_scholes);
REGISTER_KERNEL(mandelbrot); REGISTER_KERNEL(kmeans_assign); REGISTER_KERNEL(philox4x32_10);
