// A __local counter incremented atomically by every work-item of a group, read back after a
// barrier, with and without using the atomic's result. Smallest form of what NVIDIA's Vulkan
// driver gets wrong on clc's modules (reads 0; using the result crashed its compiler), kept
// to check drivers with.
kernel void local_counter(global int *counts, global int *seen)
{
    local int cnt;
    if (get_local_id(0) == 0)
        cnt = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&cnt);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        counts[get_group_id(0)] = 1000 + cnt;
    seen[get_global_id(0)] = atomic_add(&cnt, 0);
}
