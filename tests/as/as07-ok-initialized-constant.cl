// cl-std: CL1.2
// AS-7 near-miss: constant initializers, including folded expressions and arrays, at program
// scope and at the outermost scope of a kernel.
#define N 4
__constant int limit = N * 2 + 1;
__constant int table[N] = {1, 2, 3};
__constant float half_pi = 3.14159265f / 2;

kernel void k(global int *out) {
    __constant int scale = sizeof(int) * 2;
    *out = limit + table[3] + scale + (int)half_pi;
}
