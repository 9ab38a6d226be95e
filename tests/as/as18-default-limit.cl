// cl-std: CL2.0
// AS-18: the default limit is the full-profile minimum, 32 KiB.
kernel void k(global int *out) { // expect: warning@13: kernel 'k' declares 32772 bytes of '__local' memory, more than the 32768 bytes a device must support [-Wlocal-memory-limit]
    __local int tile[8193];
    tile[0] = 1;
    *out = tile[0];
}
