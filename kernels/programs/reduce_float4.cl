// Sum reduction of float4 values: each work-item accumulates a strided float4 partial sum,
// the group reduces its partials in local memory (tree), and work-item 0 writes the group's
// float4 total and its horizontal sum (x + y + z + w).
kernel void reduce4(global const float4 *in, int n, global float4 *partial, global float *hsum,
                    local float4 *scratch)
{
    size_t l = get_local_id(0), ls = get_local_size(0);
    size_t g = get_group_id(0);
    float4 acc = (float4)(0.0f);
    for (size_t i = g * ls + l; i < (size_t)n; i += get_global_size(0))
        acc += in[i];
    scratch[l] = acc;
    for (size_t s = ls / 2; s > 0; s >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < s)
            scratch[l] += scratch[l + s];
    }
    if (l == 0) {
        float4 t = scratch[0];
        partial[g] = t;
        hsum[g] = t.x + t.y + t.z + t.w;
    }
}
