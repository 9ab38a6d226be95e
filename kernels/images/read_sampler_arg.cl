// read_imagef through a sampler_t kernel argument with int2 coordinates, on RGBA and BGRA
// UNORM_INT8 images; the launch reaches one pixel past every edge to exercise the addressing.
kernel void read_sampler_arg(read_only image2d_t rgba, read_only image2d_t bgra, sampler_t s,
                             global float4 *out)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * (int)get_global_size(0) + x;
    int2 c = (int2)(x - 1, y - 1);
    out[2 * i] = read_imagef(rgba, s, c);
    out[2 * i + 1] = read_imagef(bgra, s, c);
}
