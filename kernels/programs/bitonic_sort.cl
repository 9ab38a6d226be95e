// Bitonic sort of 2 * local_size keys inside one work-group, in local memory: each work-item
// owns a pair per step; stages double the sorted run length; ascending order. Also sorts a
// payload along with the keys (key/value pairs, stable order not required: keys are unique).
kernel void bitonic(global int *keys, global int *vals, local int *k, local int *v)
{
    size_t l = get_local_id(0);
    size_t n = 2 * get_local_size(0);
    size_t base = get_group_id(0) * n;
    k[l] = keys[base + l];
    k[l + n / 2] = keys[base + l + n / 2];
    v[l] = vals[base + l];
    v[l + n / 2] = vals[base + l + n / 2];
    for (size_t size = 2; size <= n; size <<= 1) {
        for (size_t stride = size / 2; stride > 0; stride >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            size_t pos = 2 * l - (l & (stride - 1));      // first element of this pair
            bool ascending = ((pos & size) == 0) || size == n;
            int a = k[pos], b = k[pos + stride];
            if ((a > b) == ascending) {
                k[pos] = b;
                k[pos + stride] = a;
                int t = v[pos];
                v[pos] = v[pos + stride];
                v[pos + stride] = t;
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    keys[base + l] = k[l];
    keys[base + l + n / 2] = k[l + n / 2];
    vals[base + l] = v[l];
    vals[base + l + n / 2] = v[l + n / 2];
}
