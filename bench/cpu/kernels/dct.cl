// Forward 8x8 DCT-II (orthonormal, as in JPEG) of every 8x8 block of a W x H image
// (row-major floats), one work-group of 8x8 work-items per block: Y = C X C^T, first the
// rows (T = X C^T) into __local memory, then the columns (Y = C T).
// dct8[u][i] = c(u) cos((2i + 1) u pi / 16), c(0) = sqrt(1/8), c(u > 0) = sqrt(2/8).
__constant float dct8[64] = {
    3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f,
    4.903926402e-01f, 4.157348062e-01f, 2.777851165e-01f, 9.754516101e-02f, -9.754516101e-02f, -2.777851165e-01f, -4.157348062e-01f, -4.903926402e-01f,
    4.619397663e-01f, 1.913417162e-01f, -1.913417162e-01f, -4.619397663e-01f, -4.619397663e-01f, -1.913417162e-01f, 1.913417162e-01f, 4.619397663e-01f,
    4.157348062e-01f, -9.754516101e-02f, -4.903926402e-01f, -2.777851165e-01f, 2.777851165e-01f, 4.903926402e-01f, 9.754516101e-02f, -4.157348062e-01f,
    3.535533906e-01f, -3.535533906e-01f, -3.535533906e-01f, 3.535533906e-01f, 3.535533906e-01f, -3.535533906e-01f, -3.535533906e-01f, 3.535533906e-01f,
    2.777851165e-01f, -4.903926402e-01f, 9.754516101e-02f, 4.157348062e-01f, -4.157348062e-01f, -9.754516101e-02f, 4.903926402e-01f, -2.777851165e-01f,
    1.913417162e-01f, -4.619397663e-01f, 4.619397663e-01f, -1.913417162e-01f, -1.913417162e-01f, 4.619397663e-01f, -4.619397663e-01f, 1.913417162e-01f,
    9.754516101e-02f, -2.777851165e-01f, 4.157348062e-01f, -4.903926402e-01f, 4.903926402e-01f, -4.157348062e-01f, 2.777851165e-01f, -9.754516101e-02f
};

__kernel __attribute__((reqd_work_group_size(8, 8, 1)))
void dct8x8(__global const float* restrict in, __global float* restrict out, uint w)
{
    __local float blk[8][8];
    __local float tmp[8][8];
    uint lx = get_local_id(0), ly = get_local_id(1);
    uint x = get_global_id(0), y = get_global_id(1);
    blk[ly][lx] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    float t = 0.0f;
    for (uint j = 0; j < 8; ++j)
        t += blk[ly][j] * dct8[lx * 8 + j];
    tmp[ly][lx] = t;
    barrier(CLK_LOCAL_MEM_FENCE);
    float s = 0.0f;
    for (uint i = 0; i < 8; ++i)
        s += dct8[ly * 8 + i] * tmp[i][lx];
    out[y * w + x] = s;
}
