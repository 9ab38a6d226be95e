// Sampler-less reads (OpenCL 1.2): read_imagef(image2d_t, int2) on HALF_FLOAT,
// read_imagei(image1d_t, int) on SIGNED_INT32, read_imagef(image1d_array_t, int2) on UNORM_INT16.
kernel void sampler_less(read_only image2d_t halves, read_only image1d_t ints,
                         read_only image1d_array_t layers, global float4 *of, global int4 *oi)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * (int)get_global_size(0) + x;
    of[2 * i] = read_imagef(halves, (int2)(x, y));
    of[2 * i + 1] = read_imagef(layers, (int2)(x, y));
    oi[i] = read_imagei(ints, i);
}
