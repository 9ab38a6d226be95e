// Separable Gaussian blur of a W x H image (row-major floats), radius R, clamp-to-edge:
// a horizontal pass into tmp, then a vertical pass into out. weights holds the 2R + 1 taps.
#define R 4

__kernel void blur_rows(__global const float* restrict in, __constant float* weights,
                        __global float* restrict tmp, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    __global const float* row = in + y * w;
    float acc = 0.0f;
    for (int k = -R; k <= R; ++k)
        acc += weights[k + R] * row[clamp(x + k, 0, w - 1)];
    tmp[y * w + x] = acc;
}

__kernel void blur_cols(__global const float* restrict tmp, __constant float* weights,
                        __global float* restrict out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    float acc = 0.0f;
    for (int k = -R; k <= R; ++k)
        acc += weights[k + R] * tmp[clamp(y + k, 0, h - 1) * w + x];
    out[y * w + x] = acc;
}
