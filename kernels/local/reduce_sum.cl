// Work-group tree reduction: __local pointer argument, barrier(CLK_LOCAL_MEM_FENCE),
// get_local_id/get_local_size/get_group_id; one partial sum per group.
kernel void reduce_sum(global const int *in, global int *out, local int *scratch)
{
    uint lid = get_local_id(0);
    scratch[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) {
            scratch[lid] += scratch[lid + s];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[get_group_id(0)] = scratch[0];
    }
}
