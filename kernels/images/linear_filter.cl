// Bilinear filtering with normalized float2 coordinates through a sampler argument (runs with
// clamp_to_edge, clamp and mirrored_repeat addressing) on an R/FLOAT image.
kernel void linear_filter(read_only image2d_t img, sampler_t s, global const float2 *texel,
                          global float *out)
{
    int i = get_global_id(0);
    // Coordinates are given in texels; the sampler wants them normalized.
    float2 n = texel[i] / (float2)(get_image_width(img), get_image_height(img));
    float4 p = read_imagef(img, s, n);
    out[2 * i] = p.x;
    out[2 * i + 1] = p.w;
}
