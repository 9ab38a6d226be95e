// Constant samplers: a program-scope `constant sampler_t` (unnormalized, clamp to edge) and a
// function-scope `const sampler_t` (normalized, repeat), read with float2 coordinates.
constant sampler_t edge = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

kernel void const_sampler(read_only image2d_t img, global const float2 *coords, global float4 *out)
{
    const sampler_t wrap = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
    int i = get_global_id(0);
    float2 c = coords[i];
    float2 size = (float2)(get_image_width(img), get_image_height(img));
    out[2 * i] = read_imagef(img, edge, c);
    out[2 * i + 1] = read_imagef(img, wrap, c / size);
}
