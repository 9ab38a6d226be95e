// cl-std: CL2.0
// AS-8 near-miss: reading `__constant` data, and moving a (private) pointer to it.
__constant int table[4] = {1, 2, 3, 4};
kernel void k(__constant int *p, global int *out) {
    __constant int *q = table;
    q++;
    p += 1;
    *out = *q + p[0] + table[0];
}
