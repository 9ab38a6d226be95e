// Work-efficient (Blelloch) exclusive prefix sum in local memory: an up-sweep building partial
// sums in a tree, clearing the root, and a down-sweep; each work-group scans 2 * local_size
// elements and also writes its total, so a second pass could add the group offsets.
kernel void scan(global const int *in, global int *out, global int *sums, local int *t)
{
    size_t l = get_local_id(0);
    size_t n = 2 * get_local_size(0);
    size_t base = get_group_id(0) * n;
    t[2 * l] = in[base + 2 * l];
    t[2 * l + 1] = in[base + 2 * l + 1];
    size_t offset = 1;
    for (size_t d = n >> 1; d > 0; d >>= 1) {           // up-sweep
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            size_t ai = offset * (2 * l + 1) - 1;
            size_t bi = offset * (2 * l + 2) - 1;
            t[bi] += t[ai];
        }
        offset <<= 1;
    }
    if (l == 0) {
        sums[get_group_id(0)] = t[n - 1];
        t[n - 1] = 0;
    }
    for (size_t d = 1; d < n; d <<= 1) {                // down-sweep
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d) {
            size_t ai = offset * (2 * l + 1) - 1;
            size_t bi = offset * (2 * l + 2) - 1;
            int tmp = t[ai];
            t[ai] = t[bi];
            t[bi] += tmp;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + 2 * l] = t[2 * l];
    out[base + 2 * l + 1] = t[2 * l + 1];
}
