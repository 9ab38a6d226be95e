// cl-std: CL1.2
// AS-7: a `__constant` variable must be initialized, at program scope and in a kernel.
__constant int limit; // expect: error@16: variable in constant address space must be initialized
kernel void k(global int *out) {
    __constant int scale; // expect: error@20: variable in constant address space must be initialized
    *out = limit * scale;
}
