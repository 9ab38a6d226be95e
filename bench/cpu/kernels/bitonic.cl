// Bitonic sort of n = 2^m uints, ascending, in three kernels:
//   bitonic_local_sort   sorts every block of 2 * LB keys in __local memory (stages k <= 2 LB),
//                        block directions alternating as the full network wants;
//   bitonic_global_step  one step (k, j) of a later stage, j >= 2 LB, one work-item per pair;
//   bitonic_local_merge  the steps j = LB .. 1 of stage k in __local memory.
// The host runs: local_sort; for k = 4 LB .. n: (global_step for j = k/2 .. 2 LB), local_merge.
// In every step the pair (a, a + j) is put in ascending order when (a & k) == 0, else
// descending.
#define LB 256
#define LBLOCK (2 * LB)

// The first index of the pair work-item p handles in a step of distance j.
inline uint pair_lo(uint p, uint j)
{
    return ((p & ~(j - 1)) << 1) | (p & (j - 1));
}

inline void order_local(__local uint* t, uint a, uint b, bool up)
{
    uint x = t[a], y = t[b];
    if ((x > y) == up) {
        t[a] = y;
        t[b] = x;
    }
}

__kernel __attribute__((reqd_work_group_size(LB, 1, 1)))
void bitonic_local_sort(__global uint* keys)
{
    __local uint t[LBLOCK];
    uint lid = get_local_id(0);
    uint base = get_group_id(0) * LBLOCK;
    t[lid] = keys[base + lid];
    t[lid + LB] = keys[base + lid + LB];
    for (uint k = 2; k <= LBLOCK; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            uint a = pair_lo(lid, j);
            order_local(t, a, a + j, ((base + a) & k) == 0);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    keys[base + lid] = t[lid];
    keys[base + lid + LB] = t[lid + LB];
}

__kernel void bitonic_global_step(__global uint* keys, uint k, uint j)
{
    uint a = pair_lo(get_global_id(0), j);
    uint b = a + j;
    uint x = keys[a], y = keys[b];
    if ((x > y) == ((a & k) == 0)) {
        keys[a] = y;
        keys[b] = x;
    }
}

__kernel __attribute__((reqd_work_group_size(LB, 1, 1)))
void bitonic_local_merge(__global uint* keys, uint k)
{
    __local uint t[LBLOCK];
    uint lid = get_local_id(0);
    uint base = get_group_id(0) * LBLOCK;
    t[lid] = keys[base + lid];
    t[lid + LB] = keys[base + lid + LB];
    for (uint j = LB; j > 0; j >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        uint a = pair_lo(lid, j);
        order_local(t, a, a + j, ((base + a) & k) == 0);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    keys[base + lid] = t[lid];
    keys[base + lid + LB] = t[lid + LB];
}
