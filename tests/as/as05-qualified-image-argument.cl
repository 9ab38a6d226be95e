// cl-std: CL1.2
// AS-5: image arguments are `__global` objects; no qualifier may be written on them.
kernel void a(__local read_only image2d_t img) { } // expect: error@43: parameter may not be qualified with an address space
kernel void b(__global write_only image2d_t img) { } // expect: error@45: parameter may not be qualified with an address space
kernel void c(__constant image1d_buffer_t img) { } // expect: error@43: parameter may not be qualified with an address space
