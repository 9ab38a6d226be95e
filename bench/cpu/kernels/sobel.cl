// Sobel edge magnitude of a W x H grey image (row-major floats): sqrt(gx^2 + gy^2) with the
// 3x3 Sobel operators; the one-pixel border is 0.
__kernel void sobel(__global const float* restrict in, __global float* restrict out, uint w, uint h)
{
    uint x = get_global_id(0), y = get_global_id(1);
    uint i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = 0.0f;
        return;
    }
    float tl = in[i - w - 1], t = in[i - w], tr = in[i - w + 1];
    float l = in[i - 1], r = in[i + 1];
    float bl = in[i + w - 1], b = in[i + w], br = in[i + w + 1];
    float gx = (tr + 2.0f * r + br) - (tl + 2.0f * l + bl);
    float gy = (bl + 2.0f * b + br) - (tl + 2.0f * t + tr);
    out[i] = sqrt(gx * gx + gy * gy);
}
