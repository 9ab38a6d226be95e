// CUDA twins of bench/cpu/kernels/stencil2d.cl, stencil3d.cl, conv2d.cl, gaussian.cl,
// sobel.cl, median.cl and dct.cl (see there), line by line. OpenCL C's `__constant float*`
// arguments are `const float* __restrict__` here (the Vulkan module reads them through a
// buffer address too); dct.cl's program-scope `__constant` table is a `__constant__` array.
#include "cpu_common.h"

__global__ void jacobi2d(const float* __restrict__ in, float* __restrict__ out, unsigned w, unsigned h)
{
    unsigned x = gid0(), y = gid1();
    unsigned i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = in[i];
        return;
    }
    out[i] = 0.25f * (((in[i - w] + in[i + w]) + in[i - 1]) + in[i + 1]);
}

__global__ void heat3d(const float* __restrict__ in, float* __restrict__ out, unsigned nx, unsigned ny,
                       unsigned nz, float c0, float c1)
{
    unsigned x = gid0(), y = gid1(), z = gid2();
    unsigned sxy = nx * ny;
    unsigned i = z * sxy + y * nx + x;
    if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
        out[i] = in[i];
        return;
    }
    float s = in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx] + in[i - sxy] + in[i + sxy];
    out[i] = c0 * in[i] + c1 * s;
}

__global__ void conv2d(const float* __restrict__ in, const float* __restrict__ filt, float* __restrict__ out,
                       int w, int h, int r)
{
    int x = gid0(), y = gid1();
    int fw = 2 * r + 1;
    float acc = 0.0f;
    for (int dy = -r; dy <= r; ++dy) {
        int yy = clampi(y + dy, 0, h - 1);
        for (int dx = -r; dx <= r; ++dx) {
            int xx = clampi(x + dx, 0, w - 1);
            acc += filt[(dy + r) * fw + dx + r] * in[yy * w + xx];
        }
    }
    out[y * w + x] = acc;
}

#define R 4

__global__ void blur_rows(const float* __restrict__ in, const float* __restrict__ weights,
                          float* __restrict__ tmp, int w)
{
    int x = gid0(), y = gid1();
    const float* row = in + y * w;
    float acc = 0.0f;
    for (int k = -R; k <= R; ++k)
        acc += weights[k + R] * row[clampi(x + k, 0, w - 1)];
    tmp[y * w + x] = acc;
}

__global__ void blur_cols(const float* __restrict__ tmp, const float* __restrict__ weights,
                          float* __restrict__ out, int w, int h)
{
    int x = gid0(), y = gid1();
    float acc = 0.0f;
    for (int k = -R; k <= R; ++k)
        acc += weights[k + R] * tmp[clampi(y + k, 0, h - 1) * w + x];
    out[y * w + x] = acc;
}

__global__ void sobel(const float* __restrict__ in, float* __restrict__ out, unsigned w, unsigned h)
{
    unsigned x = gid0(), y = gid1();
    unsigned i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = 0.0f;
        return;
    }
    float tl = in[i - w - 1], t = in[i - w], tr = in[i - w + 1];
    float l = in[i - 1], r = in[i + 1];
    float bl = in[i + w - 1], b = in[i + w], br = in[i + w + 1];
    float gx = (tr + 2.0f * r + br) - (tl + 2.0f * l + bl);
    float gy = (bl + 2.0f * b + br) - (tl + 2.0f * t + tr);
    out[i] = sqrtf(gx * gx + gy * gy);
}

__device__ __forceinline__ void sort2(float* a, float* b)
{
    float lo = fminf(*a, *b);
    *b = fmaxf(*a, *b);
    *a = lo;
}

__device__ __forceinline__ void sort3(float* a, float* b, float* c)
{
    sort2(a, b);
    sort2(b, c);
    sort2(a, b);
}

__global__ void median3x3(const float* __restrict__ in, float* __restrict__ out, int w, int h)
{
    int x = gid0(), y = gid1();
    int xm = max(x - 1, 0), xp = min(x + 1, w - 1);
    int ym = max(y - 1, 0), yp = min(y + 1, h - 1);
    float p0 = in[ym * w + xm], p1 = in[ym * w + x], p2 = in[ym * w + xp];
    float p3 = in[y * w + xm], p4 = in[y * w + x], p5 = in[y * w + xp];
    float p6 = in[yp * w + xm], p7 = in[yp * w + x], p8 = in[yp * w + xp];
    sort3(&p0, &p1, &p2);
    sort3(&p3, &p4, &p5);
    sort3(&p6, &p7, &p8);
    sort3(&p0, &p3, &p6);
    sort3(&p1, &p4, &p7);
    sort3(&p2, &p5, &p8);
    sort3(&p2, &p4, &p6);
    out[y * w + x] = p4;
}

__constant__ float dct8[64] = {
    3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f,
    4.903926402e-01f, 4.157348062e-01f, 2.777851165e-01f, 9.754516101e-02f, -9.754516101e-02f, -2.777851165e-01f, -4.157348062e-01f, -4.903926402e-01f,
    4.619397663e-01f, 1.913417162e-01f, -1.913417162e-01f, -4.619397663e-01f, -4.619397663e-01f, -1.913417162e-01f, 1.913417162e-01f, 4.619397663e-01f,
    4.157348062e-01f, -9.754516101e-02f, -4.903926402e-01f, -2.777851165e-01f, 2.777851165e-01f, 4.903926402e-01f, 9.754516101e-02f, -4.157348062e-01f,
    3.535533906e-01f, -3.535533906e-01f, -3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, -3.535533906e-01f, -3.535533906e-01f, 3.535533906e-01f,
    2.777851165e-01f, -4.903926402e-01f, 9.754516101e-02f, 4.157348062e-01f, -4.157348062e-01f, -9.754516101e-02f, 4.903926402e-01f, -2.777851165e-01f,
    1.913417162e-01f, -4.619397663e-01f, 4.619397663e-01f, -1.913417162e-01f, -1.913417162e-01f, 4.619397663e-01f, -4.619397663e-01f, 1.913417162e-01f,
    9.754516101e-02f, -2.777851165e-01f, 4.157348062e-01f, -4.903926402e-01f, 4.903926402e-01f, -4.157348062e-01f, 2.777851165e-01f, -9.754516101e-02f
};

__global__ void __launch_bounds__(64) dct8x8(const float* __restrict__ in, float* __restrict__ out, unsigned w)
{
    __shared__ float blk[8][8];
    __shared__ float tmp[8][8];
    unsigned lx = threadIdx.x, ly = threadIdx.y;
    unsigned x = gid0(), y = gid1();
    blk[ly][lx] = in[y * w + x];
    __syncthreads();
    float t = 0.0f;
    for (unsigned j = 0; j < 8; ++j)
        t += blk[ly][j] * dct8[lx * 8 + j];
    tmp[ly][lx] = t;
    __syncthreads();
    float s = 0.0f;
    for (unsigned i = 0; i < 8; ++i)
        s += dct8[ly * 8 + i] * tmp[i][lx];
    out[y * w + x] = s;
}

REGISTER_KERNEL(jacobi2d);
REGISTER_KERNEL(heat3d);
REGISTER_KERNEL(conv2d);
REGISTER_KERNEL(blur_rows);
REGISTER_KERNEL(blur_cols);
REGISTER_KERNEL(sobel);
REGISTER_KERNEL(median3x3);
REGISTER_KERNEL(dct8x8);
