// out (cols x rows) = transpose of in (rows x cols), both row-major, through a 32x32 __local
// tile; one work-item per element, work-groups of 32x32. The tile's rows are padded to 33
// floats so that reading a column hits different banks (on GPUs; harmless on CPUs).
#define TILE 32

__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void transpose(__global const float* restrict in, __global float* restrict out, uint cols, uint rows)
{
    __local float tile[TILE][TILE + 1];
    uint tx = get_local_id(0), ty = get_local_id(1);
    uint c0 = get_group_id(0) * TILE, r0 = get_group_id(1) * TILE;
    tile[ty][tx] = in[(r0 + ty) * cols + c0 + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(c0 + ty) * rows + r0 + tx] = tile[tx][ty];
}
