// out = in convolved with a (2r+1) x (2r+1) filter (row-major, in __constant memory),
// clamp-to-edge addressing; one work-item per output pixel. W x H row-major floats.
__kernel void conv2d(__global const float* restrict in, __constant float* filt,
                     __global float* restrict out, int w, int h, int r)
{
    int x = get_global_id(0), y = get_global_id(1);
    int fw = 2 * r + 1;
    float acc = 0.0f;
    for (int dy = -r; dy <= r; ++dy) {
        int yy = clamp(y + dy, 0, h - 1);
        for (int dx = -r; dx <= r; ++dx) {
            int xx = clamp(x + dx, 0, w - 1);
            acc += filt[(dy + r) * fw + dx + r] * in[yy * w + xx];
        }
    }
    out[y * w + x] = acc;
}
