// cl-std: CL1.2
// options: --max-constant-args=2
// AS-16 near-miss: exactly at the limit; unused `__constant` variables, string literals,
// `const __global` buffers and other kernels' arguments do not count.
__constant int unused[4] = {0};
__constant int table[4] = {1, 2, 3, 4};

kernel void k(__constant int *a, const __global int *b, global char *out) {
    __constant char *s = "text";
    out[0] = s[a[0]] + b[0] + table[2];
}

kernel void other(__constant int *x, __constant int *y, global int *out) { *out = x[0] + y[0]; }
