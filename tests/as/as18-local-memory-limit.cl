// cl-std: CL1.2
// options: --max-local-mem=1024
// AS-18: the kernel's `__local` variables total 1028 bytes, past the 1024 configured.
kernel void k(global int *out) { // expect: warning@13: kernel 'k' declares 1028 bytes of '__local' memory, more than the 1024 bytes a device must support [-Wlocal-memory-limit]
    __local int a[200];
    __local float b[57];
    a[0] = 1;
    b[0] = 2.0f;
    *out = a[0] + (int)b[0];
}
