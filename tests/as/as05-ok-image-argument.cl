// cl-std: CL1.2
// AS-5 near-miss: unqualified image arguments (access qualifiers are not address spaces).
// clc does not lower images yet: the only diagnostic is the backend's `unsupported:`, no
// address-space error (the pass-level test `as05_near_miss_image_arguments` shows the check
// accepting them).
kernel void k(read_only image2d_t src, write_only image2d_t dst, global int *out) { *out = 0; } // expect: error@35: unsupported: image types
