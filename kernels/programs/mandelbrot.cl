// Mandelbrot iteration counts on a 64 x 32 grid (max 200 iterations). FP_CONTRACT is off and
// every operation is its own statement, so the float arithmetic is fully specified (IEEE
// single precision, round to nearest) and the integer counts are exact.
#pragma OPENCL FP_CONTRACT OFF
#define MAX_ITER 200

kernel void mandelbrot(global int *counts, float x0, float y0, float step)
{
    int px = (int)get_global_id(0), py = (int)get_global_id(1);
    int w = (int)get_global_size(0);
    float cx = x0 + (float)px * step;
    float cy = y0 + (float)py * step;
    float x = 0.0f, y = 0.0f;
    int it = 0;
    while (it < MAX_ITER) {
        float xx = x * x;
        float yy = y * y;
        if (xx + yy > 4.0f)
            break;
        float xy = x * y;
        float nx = xx - yy;
        x = nx + cx;
        float ny = xy + xy;
        y = ny + cy;
        it++;
    }
    counts[py * w + px] = it;
}
