// image3d_t reads: int4 coordinates through a sampler argument (addressing none), the
// sampler-less int4 form, and normalized float4 coordinates (nearest, clamp to edge).
kernel void image3d_int(read_only image3d_t vol, sampler_t plain, global float2 *out)
{
    int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    int i = (z * (int)get_global_size(1) + y) * (int)get_global_size(0) + x;
    int4 c = (int4)(x, y, z, 0);
    out[i] = (float2)(read_imagef(vol, plain, c).x, read_imagef(vol, c).y);
}

kernel void image3d_float(read_only image3d_t vol, sampler_t s, global const float4 *texel,
                          global float2 *out)
{
    int i = get_global_id(0);
    float4 size = (float4)(get_image_width(vol), get_image_height(vol), get_image_depth(vol), 1.0f);
    float4 p = read_imagef(vol, s, texel[i] / size);
    out[i] = p.xy;
}
