// 256-bin histogram of bytes: each work-group builds a private histogram in local memory with
// local atomics, then merges it into the global histogram with global atomics.
#define BINS 256

kernel void histogram(global const uchar *data, uint n, global uint *hist, local uint *lh)
{
    size_t l = get_local_id(0), ls = get_local_size(0);
    for (size_t b = l; b < BINS; b += ls)
        lh[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
        atomic_inc(&lh[data[i]]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t b = l; b < BINS; b += ls)
        if (lh[b] != 0)
            atomic_add(&hist[b], lh[b]);
}
