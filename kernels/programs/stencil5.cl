// 5-point stencil on a 2D int grid (Jacobi-style: reads `in`, writes `out`), with clamped
// borders: out = 4*c - n - s - e - w, plus a smoothed variant (c*4 + n + s + e + w) / 8.
kernel void stencil(global const int *in, global int *lap, global int *smooth, int w, int h)
{
    int x = (int)get_global_id(0), y = (int)get_global_id(1);
    int xm = max(x - 1, 0), xp = min(x + 1, w - 1);
    int ym = max(y - 1, 0), yp = min(y + 1, h - 1);
    int c = in[y * w + x];
    int n = in[ym * w + x], s = in[yp * w + x];
    int wv = in[y * w + xm], e = in[y * w + xp];
    lap[y * w + x] = 4 * c - n - s - e - wv;
    smooth[y * w + x] = (c * 4 + n + s + e + wv) / 8;
}
