// Exclusive prefix sum of uints (wrapping), work-efficient (Blelloch): each work-group of
// LS work-items scans a block of 2 * LS elements in __local memory with an up-sweep and a
// down-sweep, and writes the block's total to sums[group]. The host scans the block totals
// with the same kernel (recursively) and adds them back with scan_add.
#define LS 256
#define BLOCK (2 * LS)

__kernel __attribute__((reqd_work_group_size(LS, 1, 1)))
void scan_blocks(__global const uint* restrict in, __global uint* restrict out,
                 __global uint* restrict sums, uint n)
{
    __local uint t[BLOCK];
    uint lid = get_local_id(0);
    uint base = get_group_id(0) * BLOCK;
    uint a = base + lid, b = base + lid + LS;
    t[lid] = a < n ? in[a] : 0;
    t[lid + LS] = b < n ? in[b] : 0;

    uint offset = 1;
    for (uint d = LS; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint ai = offset * (2 * lid + 1) - 1;
            uint bi = offset * (2 * lid + 2) - 1;
            t[bi] += t[ai];
        }
        offset <<= 1;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        sums[get_group_id(0)] = t[BLOCK - 1];
        t[BLOCK - 1] = 0;
    }
    for (uint d = 1; d < BLOCK; d <<= 1) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            uint ai = offset * (2 * lid + 1) - 1;
            uint bi = offset * (2 * lid + 2) - 1;
            uint x = t[ai];
            t[ai] = t[bi];
            t[bi] += x;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (a < n)
        out[a] = t[lid];
    if (b < n)
        out[b] = t[lid + LS];
}

// data[i] += offsets[i / BLOCK]: the scanned block totals, added to every element of each
// block. Same geometry as scan_blocks (LS work-items per block of 2 * LS).
__kernel __attribute__((reqd_work_group_size(LS, 1, 1)))
void scan_add(__global uint* restrict data, __global const uint* restrict offsets, uint n)
{
    uint g = get_group_id(0);
    uint a = g * BLOCK + get_local_id(0);
    uint off = offsets[g];
    if (a < n)
        data[a] += off;
    if (a + LS < n)
        data[a + LS] += off;
}
