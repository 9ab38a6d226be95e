// async_work_group_copy global -> local and local -> global with wait_group_events, including
// two copies chained on one event and a vector-typed (int4) copy.
kernel void async_copy(global const int *in, global const int4 *in4, global int *out,
                       global int4 *out4, local int *tile, local int4 *tile4)
{
    size_t n = get_local_size(0);
    size_t l = get_local_id(0);
    size_t base = get_group_id(0) * n;
    event_t e = async_work_group_copy(tile, in + base, n, 0);
    e = async_work_group_copy(tile4, in4 + base / 4, n / 4, e);   // chained on the same event
    wait_group_events(1, &e);
    int mine = tile[n - 1 - l] * 2 + ((local int *)tile4)[l];
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[l] = mine;
    if (l < n / 4)
        tile4[l] = tile4[l] + (int4)(1, 2, 3, 4);
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t f = async_work_group_copy(out + base, tile, n, 0);
    event_t g = async_work_group_copy(out4 + base / 4, tile4, n / 4, 0);
    event_t both[2] = { f, g };
    wait_group_events(2, both);
}
