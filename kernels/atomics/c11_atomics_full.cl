// OpenCL 2.0 C11-style atomics on atomic_int/atomic_uint/atomic_long in global and local
// memory: atomic_init, atomic_store/load, atomic_fetch_add/sub/or/xor/and/min/max (plain and
// _explicit with memory orders and scopes), atomic_exchange, atomic_compare_exchange_strong/
// weak loops, and atomic_flag_test_and_set/clear; order-independent results only.
kernel void c11_atomics(global atomic_int *c, global atomic_uint *u, global atomic_long *l,
                        global const int *vals, global int *out, local atomic_int *lc)
{
    int i = (int)get_global_id(0);
    int li = (int)get_local_id(0);
    int v = vals[i];
    if (li == 0)
        atomic_init(&lc[0], 0);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add(&c[0], v);
    atomic_fetch_sub_explicit(&c[1], v, memory_order_relaxed);
    atomic_fetch_add_explicit(&c[2], 1, memory_order_acq_rel, memory_scope_device);
    atomic_fetch_min(&c[3], v);
    atomic_fetch_max_explicit(&c[4], v, memory_order_relaxed);
    atomic_fetch_or(&u[0], 1u << (i % 32));
    atomic_fetch_and(&u[1], ~(1u << (i % 32)));
    atomic_fetch_xor_explicit(&u[2], (uint)v, memory_order_seq_cst, memory_scope_device);
    atomic_fetch_min(&u[3], (uint)v);
    int expected = atomic_load(&c[5]);
    while (!atomic_compare_exchange_weak(&c[5], &expected, expected + 2))
        ;
    int e2 = atomic_load_explicit(&c[6], memory_order_acquire);
    while (!atomic_compare_exchange_strong_explicit(&c[6], &e2, e2 ^ v, memory_order_acq_rel,
                                                    memory_order_relaxed))
        ;
    atomic_exchange(&c[7], 77);
    atomic_fetch_add(&l[0], (long)v << 20);
    atomic_fetch_add_explicit(&lc[0], 1, memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (li == 0) {
        atomic_fetch_add(&c[8], atomic_load(&lc[0]));
        atomic_store(&c[9], 123);
        out[get_group_id(0)] = atomic_load_explicit(&lc[0], memory_order_relaxed);
    }
}

kernel void c11_flag(global atomic_flag *flags, global int *wins)
{
    int i = (int)get_global_id(0);
    // exactly one work-item per flag finds it clear
    if (!atomic_flag_test_and_set(&flags[i % 4]))
        atomic_fetch_add((global atomic_int *)&wins[i % 4], 1);
}
