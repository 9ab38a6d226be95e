// Escape-time Mandelbrot set: iteration count per pixel of a W x H view of the plane
// (pixel (px, py) is c = (x0 + px dx, y0 + py dy)), at most max_iter iterations.
__kernel void mandelbrot(__global uint* restrict out, uint w, float x0, float y0,
                         float dx, float dy, uint max_iter)
{
    uint px = get_global_id(0), py = get_global_id(1);
    float cx = x0 + px * dx, cy = y0 + py * dy;
    float x = 0.0f, y = 0.0f;
    uint it = 0;
    while (it < max_iter && x * x + y * y <= 4.0f) {
        float xt = x * x - y * y + cx;
        y = 2.0f * x * y + cy;
        x = xt;
        ++it;
    }
    out[py * w + px] = it;
}
