// Sub-group functions (cl_khr_subgroups). The sub-group size is the driver's choice, so the
// kernel checks each collective against the same result computed through local memory from
// every work-item's (sub-group id, sub-group local id), and writes 1 for each check passed.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

kernel void sub_group(global const int *in, global int *ok, global uint *sizes, local int *vals, local uint *ids)
{
    size_t lid = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    int v = in[g];
    uint size = get_sub_group_size(), sid = get_sub_group_id(), slid = get_sub_group_local_id();
    vals[lid] = v;
    ids[lid] = (sid << 16) | slid;
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);

    int sum = 0, incl_max = -2147483647 - 1, excl_sum = 0, first = 0;
    uint members = 0;
    for (size_t j = 0; j < n; j++) {
        if (ids[j] >> 16 != sid)
            continue;
        uint lj = ids[j] & 0xffff;
        members++;
        sum += vals[j];
        if (lj <= slid)
            incl_max = max(incl_max, vals[j]);
        if (lj < slid)
            excl_sum += vals[j];
        if (lj == 0)
            first = vals[j];
    }
    global int *o = ok + 8 * g;
    o[0] = size >= 1 && size <= get_max_sub_group_size() && slid < size;
    o[1] = sid < get_num_sub_groups() && get_num_sub_groups() <= get_enqueued_num_sub_groups(); // fewer in a partial group
    o[2] = sub_group_reduce_add(v) == sum && members == size;
    o[3] = sub_group_scan_inclusive_max(v) == incl_max;
    o[4] = sub_group_scan_exclusive_add(v) == excl_sum;
    o[5] = sub_group_broadcast(v, 0) == first;
    o[6] = sub_group_all(v > -1000) && sub_group_any(slid == 0) && !sub_group_any(v == 99999);
    o[7] = sub_group_reduce_min(slid) == 0 && sub_group_reduce_max(slid) == size - 1
        && sub_group_scan_inclusive_add(1u) == slid + 1;
    sizes[g] = size;
}
