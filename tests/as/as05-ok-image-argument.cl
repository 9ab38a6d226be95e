// cl-std: CL1.2
// AS-5 near-miss: unqualified image arguments (access qualifiers are not address spaces)
// compile, and their queries and reads lower to image instructions.
kernel void k(read_only image2d_t src, write_only image2d_t dst, global int *out) {
    *out = get_image_width(src);
    write_imagef(dst, (int2)(0, 0), read_imagef(src, (int2)(0, 0)));
}
