// read_imagei / read_imageui on integer formats through a clamp (border colour) sampler argument,
// with int2 and float2 coordinates reaching past the edges (border colour, missing channels).
kernel void read_int_formats(read_only image2d_t rg_i16, read_only image2d_t rgba_u8,
                             read_only image2d_t r_u32, sampler_t border, global int4 *oi,
                             global uint4 *ou)
{
    int x = get_global_id(0), y = get_global_id(1);
    int i = y * (int)get_global_size(0) + x;
    int2 c = (int2)(x - 1, y - 1);
    oi[i] = read_imagei(rg_i16, border, c);
    ou[2 * i] = read_imageui(rgba_u8, border, c);
    ou[2 * i + 1] = read_imageui(r_u32, border, convert_float2(c) + (float2)(0.75f, 0.25f));
}
