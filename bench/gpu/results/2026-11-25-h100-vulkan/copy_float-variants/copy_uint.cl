__kernel void copy_float4(__global const float4* restrict in, __global float4* restrict out)
{
    uint i = get_global_id(0);
    out[i] = in[i];
}
__kernel void copy_float(__global const float* restrict in, __global float* restrict out)
{
    uint i = get_global_id(0);
    out[i] = in[i];
}
