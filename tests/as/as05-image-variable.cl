// cl-std: CL2.0
// AS-5: an image object can only be a function argument.
image2d_t shared_image; // expect: error@11: type '__global __read_only image2d_t' can only be used as a function parameter in OpenCL

kernel void k(global int *out) {
    image3d_t local_image; // expect: error@15: type '__private __read_only image3d_t' can only be used as a function parameter in OpenCL
    *out = 0;
}
