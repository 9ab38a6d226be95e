// `volatile` objects are read and written as written, never cached: the warp-synchronous
// counter of rodinia's hybridsort (bucketsort_kernels.cl `addOffset`, histogram1024.cl),
// where work-items that land in the same bin write a tagged count and read it back until
// their own write survived. clc dropped `volatile`, so the driver kept the written value and
// the read-back always "succeeded": counts were lost on Intel's CPU runtime.
#define TAG_SHIFT 27
#define COUNT_MASK 0x07FFFFFFu

uint add_tagged(volatile __local uint *bins, uint bin, uint tag)
{
    uint count;
    do {
        count = bins[bin] & COUNT_MASK;
        count = tag | (count + 1);
        bins[bin] = count;
    } while (bins[bin] != count);
    return (count & COUNT_MASK) - 1;
}

// Each work-item takes a slot in its bin; `seen[bin * 16 + slot]` marks the slots taken, so
// every bin's first `count` slots are marked once whatever order the work-items went in.
__kernel void tagged_count(__global const uint *keys, __global uint *counts,
                           __global uint *seen)
{
    volatile __local uint bins[8];
    uint lid = get_local_id(0);
    if (lid < 8)
        bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint bin = keys[get_global_id(0)];
    uint slot = add_tagged(bins, bin, lid << TAG_SHIFT);
    atomic_add(&seen[bin * 16 + slot], 1u);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 8)
        counts[get_group_id(0) * 8 + lid] = bins[lid] & COUNT_MASK;
}

// A `volatile` private variable and a member of a `volatile` struct: every read and write
// stays (at -O2 too, where private variables otherwise become values).
typedef struct {
    int a;
    int b;
} Pair;

__kernel void volatile_private(__global int *out, volatile __global Pair *p)
{
    volatile int x = 3;
    for (int i = 0; i < 4; i++)
        x += i;
    p->b++;
    out[get_global_id(0)] = x * 10 + p[1].a;
}
