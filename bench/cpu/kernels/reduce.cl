// Two-pass sum reduction through a __local tree.
// Pass 1: work-item i adds in[i], in[i + S], in[i + 2S], ... (S = the global size), then the
// group adds its RG sums in a __local tree and work-item 0 writes out[group].
// Pass 2: the same kernel, one group, over the partial sums.
#define RG 256

__kernel __attribute__((reqd_work_group_size(RG, 1, 1)))
void reduce_sum(__global const float4* restrict in, __global float* restrict out, uint n4)
{
    __local float part[RG];
    uint lid = get_local_id(0);
    uint stride = (uint)get_global_size(0);
    float acc = 0.0f;
    for (uint i = (uint)get_global_id(0); i < n4; i += stride) {
        float4 v = in[i];
        acc += (v.x + v.y) + (v.z + v.w);
    }
    part[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint h = RG / 2; h > 0; h >>= 1) {
        if (lid < h)
            part[lid] += part[lid + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = part[0];
}

// Pass 2 over scalar partial sums (n of them, n <= RG * anything: a strided loop first).
__kernel __attribute__((reqd_work_group_size(RG, 1, 1)))
void reduce_sum_scalar(__global const float* restrict in, __global float* restrict out, uint n)
{
    __local float part[RG];
    uint lid = get_local_id(0);
    float acc = 0.0f;
    for (uint i = lid; i < n; i += RG)
        acc += in[i];
    part[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint h = RG / 2; h > 0; h >>= 1) {
        if (lid < h)
            part[lid] += part[lid + h];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[0] = part[0];
}
