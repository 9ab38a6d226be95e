// Synchronization builtins: barrier, work_group_barrier with and without a memory scope
// (OpenCL 2.0), mem_fence/read_mem_fence/write_mem_fence, ordering local and global memory
// traffic between the work-items of a group (each reads what a neighbour wrote).
kernel void sync(global int *g, global int *out, local int *l)
{
    size_t li = get_local_id(0), n = get_local_size(0), gi = get_global_id(0);
    size_t base = get_group_id(0) * n;
    l[li] = (int)gi * 3;
    barrier(CLK_LOCAL_MEM_FENCE);
    int a = l[(li + 1) % n];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    l[li] = a + 1;
    g[gi] = (int)gi * 7;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    write_mem_fence(CLK_LOCAL_MEM_FENCE);
    work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
    read_mem_fence(CLK_GLOBAL_MEM_FENCE);
    int b = l[(li + n - 1) % n];
    int c = g[base + (li + 2) % n];
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);
    g[gi] = b;
    out[gi] = b * 1000 + c;
}
