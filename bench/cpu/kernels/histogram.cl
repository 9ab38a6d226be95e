// 256-bin histogram of a byte stream (packed four to a uint). Each work-group counts its
// share in a __local histogram with local atomics, then adds it to the global one. Every
// work-item reads `per_item` uints, strided by the global size so a group's reads are
// contiguous at each step.
#define BINS 256

__kernel void histogram256(__global const uint* restrict data, __global uint* restrict bins,
                           uint n, uint per_item)
{
    __local uint hist[BINS];
    uint lid = get_local_id(0);
    uint lsize = get_local_size(0);
    for (uint b = lid; b < BINS; b += lsize)
        hist[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint stride = get_global_size(0);
    uint i = get_global_id(0);
    for (uint k = 0; k < per_item && i < n; ++k, i += stride) {
        uint v = data[i];
        atomic_inc(&hist[v & 0xFF]);
        atomic_inc(&hist[(v >> 8) & 0xFF]);
        atomic_inc(&hist[(v >> 16) & 0xFF]);
        atomic_inc(&hist[v >> 24]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint b = lid; b < BINS; b += lsize)
        if (hist[b] != 0)
            atomic_add(&bins[b], hist[b]);
}
