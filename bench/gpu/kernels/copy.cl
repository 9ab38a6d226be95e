// Memory-bandwidth benchmarks: one work-item per element, no reuse.
// The work-group size is not fixed by the algorithm (suite.toml uses 256).

// out[i] = in[i], 16 bytes per work-item.
__kernel void copy_float4(__global const float4* restrict in, __global float4* restrict out)
{
    size_t i = get_global_id(0);
    out[i] = in[i];
}

// out[i] = in[i], 4 bytes per work-item.
__kernel void copy_float(__global const float* restrict in, __global float* restrict out)
{
    size_t i = get_global_id(0);
    out[i] = in[i];
}
