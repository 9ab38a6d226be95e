// cl-std: CL2.0
// AS-11: `__constant` never converts to generic.
int first(int *p) { return *p; }
kernel void k(__constant int *c, global int *out) {
    int *p = c; // expect: error@10: initializing '__generic int *__private' with an expression of type '__constant int *__private' changes address space of pointer
    *out = first(c); // expect: error@18: passing '__constant int *__private' to parameter of type '__generic int *' changes address space of pointer
}
