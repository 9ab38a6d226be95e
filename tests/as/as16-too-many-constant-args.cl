// cl-std: CL1.2
// options: --max-constant-args=2
// AS-16: `__constant` pointer arguments and the program-scope `__constant` variables a
// kernel uses (here through a helper) count against CL_DEVICE_MAX_CONSTANT_ARGS.
__constant int table[4] = {1, 2, 3, 4};
__constant int unused[4] = {0};

int lookup(int i) { return table[i]; }

kernel void k(__constant int *a, __constant int *b, global int *out) { // expect: warning@13: kernel 'k' uses 3 '__constant' arguments and variables, more than the 2 a device must support (CL_DEVICE_MAX_CONSTANT_ARGS) [-Wconstant-args-limit]
    *out = a[0] + b[0] + lookup(1);
}
