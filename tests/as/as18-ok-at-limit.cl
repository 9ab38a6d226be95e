// cl-std: CL1.2
// options: --max-local-mem=1024
// AS-18 near-miss: exactly 1024 bytes; `__local` pointer arguments are sized by the host
// and do not count.
kernel void k(global int *out, __local int *host_sized) {
    __local int a[200];
    __local float b[56];
    a[0] = 1;
    b[0] = 2.0f;
    host_sized[0] = 3;
    *out = a[0] + (int)b[0] + host_sized[0];
}
