// cl-std: CL1.2
// AS-1: `generic` is reserved too; OpenCL C 1.2 does not even know the qualifier.
kernel void k(global int *out) {
    int generic = 1; // expect: error@9: OpenCL C version 1.2 does not support the 'generic' type qualifier // expect: error@17: expected identifier or '('
    *out = 0;
}
