// image1d_buffer_t: a sampler-less read_imagef from one and write_imagef into another
// (reversed and scaled), plus get_image_width on both.
kernel void image1d_buffer(read_only image1d_buffer_t src, write_only image1d_buffer_t dst,
                           global int *widths)
{
    int i = get_global_id(0);
    int n = get_image_width(src);
    float4 p = read_imagef(src, n - 1 - i);
    write_imagef(dst, i, p * 2.0f + (float4)(0.0f, 0.0f, 0.0f, i));
    if (i == 0) {
        widths[0] = n;
        widths[1] = get_image_width(dst);
    }
}
