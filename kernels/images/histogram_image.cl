// Histogram of an R/UNSIGNED_INT8 image: sampler-less read_imageui per pixel, 16 bins of
// value >> 4, counted with atomic_inc in global memory.
kernel void histogram_image(read_only image2d_t img, volatile global uint *bins)
{
    uint v = read_imageui(img, (int2)(get_global_id(0), get_global_id(1))).x;
    atomic_inc(&bins[v >> 4]);
}
