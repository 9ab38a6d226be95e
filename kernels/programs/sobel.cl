// Sobel edge magnitude on an int image stored row-major in a buffer: 3x3 gx/gy kernels from a
// __constant table, borders handled by skipping (border pixels get 0), |gx| + |gy| clamped to
// 255, and a thresholded edge map.
constant int KX[3][3] = { { -1, 0, 1 }, { -2, 0, 2 }, { -1, 0, 1 } };
constant int KY[3][3] = { { -1, -2, -1 }, { 0, 0, 0 }, { 1, 2, 1 } };

kernel void sobel(global const int *img, global int *mag, global uchar *edges, int w, int h,
                  int threshold)
{
    int x = (int)get_global_id(0), y = (int)get_global_id(1);
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        mag[y * w + x] = 0;
        edges[y * w + x] = 0;
        return;
    }
    int gx = 0, gy = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int p = img[(y + dy) * w + (x + dx)];
            gx += KX[dy + 1][dx + 1] * p;
            gy += KY[dy + 1][dx + 1] * p;
        }
    int m = min((int)(abs(gx) + abs(gy)), 255);    // abs returns uint
    mag[y * w + x] = m;
    edges[y * w + x] = m > threshold ? 255 : 0;
}
