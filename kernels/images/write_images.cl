// write_imagef / write_imagei / write_imageui into write_only images of several formats,
// including the saturating conversions to normalized and integer channel types.
kernel void write_f(write_only image2d_t unorm8, write_only image2d_t flt, write_only image2d_t half4)
{
    int x = get_global_id(0), y = get_global_id(1);
    int k = x + 4 * y;
    // k/255 steps: UNORM_INT8 stores 40k - 20 (saturated to 0..255) in every channel.
    float v = (40.0f * k - 20.0f) / 255.0f;
    write_imagef(unorm8, (int2)(x, y), (float4)(v, 1.5f, -0.5f, 1.0f - v));
    write_imagef(flt, (int2)(x, y), (float4)(x, y, -0.25f * k, 1e10f));
    // Halves: values exact in half precision.
    write_imagef(half4, (int2)(x, y), (float4)(0.125f * k, -2.5f, 65504.0f, k - 3.0f));
}

kernel void write_i(write_only image2d_t rg8)
{
    int x = get_global_id(0), y = get_global_id(1);
    int k = x + 4 * y;
    // SIGNED_INT8 saturates: 100k - 350 runs from -350 to 350.
    write_imagei(rg8, (int2)(x, y), (int4)(100 * k - 350, -k, 7, 9));
}

kernel void write_ui(write_only image2d_t r16)
{
    int x = get_global_id(0), y = get_global_id(1);
    uint k = x + 4 * y;
    write_imageui(r16, (int2)(x, y), (uint4)(k * 10000u, 1u, 2u, 3u));
}
