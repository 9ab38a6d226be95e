// y = A x, A dense (rows x cols, row-major): one work-group of MV_WG work-items per row;
// work-item l adds the products of columns l, l + MV_WG, ..., then a __local tree adds them.
#define MV_WG 64

__kernel __attribute__((reqd_work_group_size(MV_WG, 1, 1)))
void matvec(__global const float* restrict A, __global const float* restrict x,
            __global float* restrict y, uint cols)
{
    __local float part[MV_WG];
    uint row = get_group_id(0), lid = get_local_id(0);
    __global const float* a = A + (size_t)row * cols;
    float acc = 0.0f;
    for (uint c = lid; c < cols; c += MV_WG)
        acc += a[c] * x[c];
    part[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint h = MV_WG / 2; h > 0; h >>= 1) {
        if (lid < h)
            part[lid] += part[lid + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        y[row] = part[0];
}
