// 3x3 box blur, image to image: RGBA/UNORM_INT8 in, RGBA/UNORM_INT8 out through write_imagef,
// edges clamped by a constant sampler; the image and sampler pass through a helper function.
constant sampler_t clamped = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

float4 box(read_only image2d_t img, sampler_t s, int2 c)
{
    float4 sum = (float4)(0.0f);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            sum += read_imagef(img, s, c + (int2)(dx, dy));
    return sum / 9.0f;
}

kernel void blur3x3(read_only image2d_t src, write_only image2d_t dst)
{
    int2 c = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(dst, c, box(src, clamped, c));
}
