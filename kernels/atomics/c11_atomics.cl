// OpenCL C 2.0 atomics on atomic_int/atomic_uint in global and local memory: fetch_add,
// fetch_max_explicit with relaxed order and device scope, compare_exchange_strong, init, load.
kernel void a(global atomic_int *counter, global atomic_uint *mx, global int *out, local atomic_int *lc) {
    size_t i = get_global_id(0);
    if (get_local_id(0) == 0) atomic_init(lc, 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    int old = atomic_fetch_add(counter, 2);
    atomic_fetch_max_explicit(mx, (uint)i * 3u, memory_order_relaxed, memory_scope_device);
    atomic_fetch_add_explicit(lc, 1, memory_order_relaxed, memory_scope_work_group);
    int expected = 0;
    bool won = atomic_compare_exchange_strong((global atomic_int *)(counter + 1), &expected, 7);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = (old & 1) + atomic_load(lc) + (won && i > 1000 ? 1 : 0);
}
