// cl-std: CL1.2
// AS-16: the default limit is the full-profile minimum, 8.
kernel void k(constant int *a, constant int *b, constant int *c, constant int *d, // expect: warning@13: kernel 'k' uses 9 '__constant' arguments and variables, more than the 8 a device must support (CL_DEVICE_MAX_CONSTANT_ARGS) [-Wconstant-args-limit]
              constant int *e, constant int *f, constant int *g, constant int *h,
              constant int *i, global int *out) {
    *out = a[0] + b[0] + c[0] + d[0] + e[0] + f[0] + g[0] + h[0] + i[0];
}
