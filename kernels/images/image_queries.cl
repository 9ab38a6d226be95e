// Image queries on every image type: get_image_width/height/depth/array_size/dim and
// get_image_channel_data_type/order, written to an int buffer (16 ints per image).
void put(global int *o, int w, int h, int d, size_t a, int ty, int ord)
{
    o[0] = w; o[1] = h; o[2] = d; o[3] = (int)a; o[4] = ty; o[5] = ord;
}

kernel void image_queries(read_only image1d_t i1, read_only image1d_buffer_t ib,
                          read_only image1d_array_t i1a, read_only image2d_t i2,
                          read_only image2d_array_t i2a, read_only image3d_t i3,
                          write_only image2d_t w2, global int *o)
{
    put(o + 0, get_image_width(i1), 0, 0, 0, get_image_channel_data_type(i1), get_image_channel_order(i1));
    put(o + 16, get_image_width(ib), 0, 0, 0, get_image_channel_data_type(ib), get_image_channel_order(ib));
    put(o + 32, get_image_width(i1a), 0, 0, get_image_array_size(i1a), get_image_channel_data_type(i1a), get_image_channel_order(i1a));
    put(o + 48, get_image_width(i2), get_image_height(i2), 0, 0, get_image_channel_data_type(i2), get_image_channel_order(i2));
    put(o + 64, get_image_width(i2a), get_image_height(i2a), 0, get_image_array_size(i2a), get_image_channel_data_type(i2a), get_image_channel_order(i2a));
    put(o + 80, get_image_width(i3), get_image_height(i3), get_image_depth(i3), 0, get_image_channel_data_type(i3), get_image_channel_order(i3));
    put(o + 96, get_image_width(w2), get_image_height(w2), 0, 0, get_image_channel_data_type(w2), get_image_channel_order(w2));
    int2 d2 = get_image_dim(i2);
    int2 d2a = get_image_dim(i2a);
    int4 d3 = get_image_dim(i3);
    int2 dw = get_image_dim(w2);
    o[6] = d2.x; o[7] = d2.y; o[8] = d2a.x; o[9] = d2a.y;
    o[10] = d3.x; o[11] = d3.y; o[12] = d3.z; o[13] = d3.w;
    o[14] = dw.x; o[15] = dw.y;
    // Channel constants as the kernel sees them.
    o[112] = CLK_UNORM_INT8; o[113] = CLK_FLOAT; o[114] = CLK_SIGNED_INT16; o[115] = CLK_HALF_FLOAT;
    o[116] = CLK_R; o[117] = CLK_RG; o[118] = CLK_RGBA; o[119] = CLK_BGRA;
}
