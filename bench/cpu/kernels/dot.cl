// Dot product of two float vectors (OpenCL C 2.0): each work-item accumulates a strided
// share of float4 products, the group adds them with work_group_reduce_add, and a second
// dispatch (one group) adds the per-group partial sums.
__kernel void dot_partial(__global const float4* restrict x, __global const float4* restrict y,
                          __global float* restrict partial, uint n4)
{
    float acc = 0.0f;
    for (uint i = get_global_id(0); i < n4; i += get_global_size(0))
        acc += dot(x[i], y[i]);
    float s = work_group_reduce_add(acc);
    if (get_local_id(0) == 0)
        partial[get_group_id(0)] = s;
}

__kernel void dot_final(__global const float* restrict partial, __global float* restrict out, uint n)
{
    float acc = 0.0f;
    for (uint i = get_local_id(0); i < n; i += get_local_size(0))
        acc += partial[i];
    float s = work_group_reduce_add(acc);
    if (get_local_id(0) == 0)
        out[0] = s;
}
