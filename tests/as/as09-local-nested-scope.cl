// cl-std: CL1.2
// AS-9: only at kernel function scope, not in a nested block.
kernel void k(global int *out) {
    if (*out > 0) {
        __local int tile[8]; // expect: error@21: variables in the local address space can only be declared in the outermost scope of a kernel function
        tile[0] = 1;
    }
    for (int i = 0; i < 2; i++) {
        __local float sums[4]; // expect: error@23: variables in the local address space can only be declared in the outermost scope of a kernel function
    }
}
