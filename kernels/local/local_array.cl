// A __local array declared in the kernel: each work-group reverses its slice of the input
// through it (store, barrier, load from the mirrored index).
kernel void reverse_groups(global const float *in, global float *out)
{
    local float buf[64];
    size_t lid = get_local_id(0);
    size_t n = get_local_size(0);
    buf[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = buf[n - 1 - lid];
}
