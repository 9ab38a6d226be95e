// OpenCL 2.0 generic address space: one helper taking an unqualified (generic) pointer,
// called with a __global pointer and with a pointer into a kernel-scope __local array.
int sum_range(int *p, int n)
{
    int s = 0;
    for (int i = 0; i < n; i++) {
        s += p[i];
    }
    return s;
}

kernel void generic_helper(global int *data, global int *gsum, global int *lsum)
{
    local int tile[64];
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    tile[63 - lid] = data[gid] * 2 + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    int n = 4;
    if (lid > 60) {
        n = 64 - lid;
    }
    gsum[gid] = sum_range(data + gid, n);
    lsum[gid] = sum_range(tile + lid, n);
}
