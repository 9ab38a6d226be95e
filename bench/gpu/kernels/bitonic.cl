// bench/cpu's bitonic sort, unchanged, plus restore_keys: the GPU suite sorts the same random
// keys in every timed iteration, so each iteration first copies them from keys0 (an in-place
// sort of already sorted keys would time a different workload). The copy is a uint4 per
// work-item, timed on both sides (cuda/cpu_sort.cu has the same kernel).
#include "../../cpu/kernels/bitonic.cl"

__kernel void restore_keys(__global const uint4* restrict src, __global uint4* restrict dst)
{
    size_t i = get_global_id(0);
    dst[i] = src[i];
}
