// Atomics through generic pointers chosen at run time (CL2.0): odd work-items count into a
// __local counter, even ones into a global one, through the same helper; the __local count
// is read after a barrier.
static int bump(volatile atomic_int *counter)
{
    return atomic_fetch_add_explicit(counter, 1, memory_order_relaxed) >= 0;
}

kernel void generic_atomics(global atomic_int *total, global int *out)
{
    local atomic_int count;
    size_t i = get_global_id(0);
    if (get_local_id(0) == 0)
        atomic_store_explicit(&count, 0, memory_order_relaxed);
    barrier(CLK_LOCAL_MEM_FENCE);
    volatile atomic_int *p =
        (i & 1) ? (volatile atomic_int *)&count : (volatile atomic_int *)total;
    int ok = bump(p);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[i] = atomic_load_explicit(&count, memory_order_relaxed) * 10 + ok;
}
