// cl-std: CL2.0
// AS-12/AS-11: no cast reaches `__constant` from a generic pointer.
kernel void k(global int *out) {
    int *p = out;
    __constant int *c = (__constant int *)p; // expect: error@25: casting '__generic int *' to type '__constant int *' changes address space of pointer
    *out = *c;
}
