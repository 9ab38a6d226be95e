// async_work_group_strided_copy: gather a column of a row-major matrix into local memory
// (global stride) and scatter it back transposed (local -> global stride); prefetch hints.
kernel void async_strided(global const float *m, global float *t, local float *col, int n)
{
    size_t c = get_group_id(0);                 // one work-group per column
    size_t l = get_local_id(0);
    prefetch(m + c, n);
    event_t e = async_work_group_strided_copy(col, m + c, (size_t)n, (size_t)n, 0);
    wait_group_events(1, &e);
    col[l] = col[l] * 2.0f + (float)l;
    barrier(CLK_LOCAL_MEM_FENCE);
    // row c of t gets column c of m (destination stride 1); row n + c gets col[1 .. n/2] at
    // every other element (destination stride 2; the odd elements keep their zeros)
    e = async_work_group_strided_copy(t + c * n, col, (size_t)n, 1, 0);
    wait_group_events(1, &e);
    e = async_work_group_strided_copy(t + (n + c) * n, col + 1, (size_t)(n / 2), 2, 0);
    wait_group_events(1, &e);
}
