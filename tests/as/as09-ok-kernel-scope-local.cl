// cl-std: CL1.2
// AS-9 near-miss: `__local` arrays at kernel scope, and `__local` pointers passed to helpers.
void fill(__local int *tile, int v) { tile[get_local_id(0)] = v; }

kernel void k(global int *out, __local int *scratch) {
    __local int tile[64];
    fill(tile, 1);
    fill(scratch, 2);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[0] + scratch[0];
}
