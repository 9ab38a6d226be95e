// Matrix transpose through a padded local tile (TILE x TILE+1 avoids bank conflicts on GPUs):
// coalesced reads of a tile of rows, coalesced writes of the tile's columns.
#define TILE 16

kernel void transpose(global const int *in, global int *out, int width, int height)
{
    local int tile[TILE][TILE + 1];
    int x = (int)get_global_id(0), y = (int)get_global_id(1);
    int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
    tile[ly][lx] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int ox = (int)get_group_id(1) * TILE + lx;       // output column = input row block
    int oy = (int)get_group_id(0) * TILE + ly;
    out[oy * height + ox] = tile[lx][ly];
}
