// out[i] = in[i], 16 bytes per work-item: memory bandwidth, nothing else.
__kernel void copy_float4(__global const float4* restrict in, __global float4* restrict out)
{
    size_t i = get_global_id(0);
    out[i] = in[i];
}
