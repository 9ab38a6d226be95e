// cl-std: CL3.0
// AS-11 in OpenCL C 3.0 (generic feature on): still never from `__constant`.
void store(int *dst, int v) { *dst = v; }
kernel void k(__constant int *c, global int *out) {
    store(c, 1); // expect: error@11: passing '__constant int *__private' to parameter of type '__generic int *' changes address space of pointer
}
