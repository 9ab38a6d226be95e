// OpenCL 2.0 read_write image: each work-item reads its own pixel, writes it back transformed,
// fences with atomic_work_item_fence(CLK_IMAGE_MEM_FENCE) and reads the new value again.
kernel void read_write_image(read_write image2d_t img, global float *again)
{
    int2 c = (int2)(get_global_id(0), get_global_id(1));
    float4 p = read_imagef(img, c);
    write_imagef(img, c, p * 2.0f + 1.0f);
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
    again[c.y * (int)get_global_size(0) + c.x] = read_imagef(img, c).x;
}
