// 3x3 median filter of a W x H image (row-major floats), clamp-to-edge. The median of nine:
// sort each row of the window, then each column; the median is then the median of the
// anti-diagonal. Only min and max: the result is exact.
inline void sort2(float* a, float* b)
{
    float lo = fmin(*a, *b);
    *b = fmax(*a, *b);
    *a = lo;
}

inline void sort3(float* a, float* b, float* c)
{
    sort2(a, b);
    sort2(b, c);
    sort2(a, b);
}

__kernel void median3x3(__global const float* restrict in, __global float* restrict out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
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
