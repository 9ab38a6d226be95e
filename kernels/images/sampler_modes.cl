// Every addressing mode with both filters, normalized and unnormalized coordinates, through a
// sampler argument on a 2D R/FLOAT and a 3D RG/FLOAT image. The reads are in helper functions
// that take the image and the sampler (on the Vulkan target an image travels with its format and a
// sampler is a value: both must survive the call).
float4 at2(read_only image2d_t img, sampler_t s, float2 c) { return read_imagef(img, s, c); }

float4 at3(read_only image3d_t img, sampler_t s, float4 c) { return read_imagef(img, s, c); }

kernel void sampler_modes(read_only image2d_t img2, read_only image3d_t img3, sampler_t s,
                          global const float4 *coords, global float4 *out)
{
    int i = get_global_id(0);
    float4 c = coords[i];
    out[2 * i] = at2(img2, s, c.xy);
    out[2 * i + 1] = at3(img3, s, c);
}
