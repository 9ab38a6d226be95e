// Bilinear 2x upscale, image to image: normalized coordinates at each destination pixel centre,
// a linear clamp-to-edge constant sampler, RGBA/FLOAT in and out.
constant sampler_t bilinear = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;

kernel void bilinear_resize(read_only image2d_t src, write_only image2d_t dst)
{
    int2 c = (int2)(get_global_id(0), get_global_id(1));
    float2 n = (convert_float2(c) + 0.5f) / convert_float2(get_image_dim(dst));
    write_imagef(dst, c, read_imagef(src, bilinear, n));
}
