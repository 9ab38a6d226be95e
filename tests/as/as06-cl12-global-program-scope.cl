// cl-std: CL1.2
// AS-6: CL1.x allows only `__constant` at program scope.
__global int counter = 0; // expect: error@14: program scope variable must reside in constant address space
kernel void k(global int *out) { *out = 0; }
