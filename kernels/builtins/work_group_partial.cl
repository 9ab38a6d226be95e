// Work-group collectives in groups that are not full (a non-uniform NDRange: 30 items in
// groups of 8, the last one of 6), called from a helper function, and in a kernel with a
// reqd_work_group_size next to one without (expected values: make_work_group_partial.py).
static int helper_sum(int v)
{
    return work_group_reduce_add(v);
}

kernel void partial(global const int *in, global int *o)
{
    size_t g = get_global_id(0);
    int v = in[g];
    global int *a = o + 6 * g;
    a[0] = helper_sum(v);
    a[1] = work_group_scan_inclusive_max(v);
    a[2] = work_group_scan_exclusive_add(v);
    a[3] = work_group_broadcast(v, get_local_size(0) - 1);
    a[4] = work_group_all(v < 25);
    a[5] = (int)work_group_reduce_min((uint)v);
}

kernel __attribute__((reqd_work_group_size(4, 1, 1))) void fixed(global const int *in, global int *o)
{
    size_t g = get_global_id(0);
    o[g] = work_group_scan_inclusive_add(in[g]) + 1000 * work_group_any(in[g] == 3);
}
