// image2d_array_t and image1d_array_t reads: float coordinates through a sampler argument (the
// layer is rounded to the nearest layer and clamped) and the sampler-less integer forms.
kernel void image_arrays(read_only image2d_array_t a2, read_only image1d_array_t a1,
                         sampler_t edge, global const float4 *coords, global int4 *out)
{
    int i = get_global_id(0);
    float4 c = coords[i];
    int4 hi2 = (int4)(get_image_width(a2) - 1, get_image_height(a2) - 1,
                      (int)get_image_array_size(a2) - 1, 0);
    int2 hi1 = (int2)(get_image_width(a1) - 1, (int)get_image_array_size(a1) - 1);
    out[4 * i] = read_imagei(a2, edge, c);
    out[4 * i + 1] = read_imagei(a2, clamp(convert_int4_rtn(c), (int4)(0), hi2));
    out[4 * i + 2] = read_imagei(a1, edge, c.xz);
    out[4 * i + 3] = read_imagei(a1, clamp(convert_int2_rtn(c.xz), (int2)(0), hi1));
}
