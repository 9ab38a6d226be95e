// cl-std: CL2.0
// AS-12: generic → named needs an explicit cast.
void put(__global int *dst, int v) { *dst = v; }
kernel void k(global int *out) {
    int *p = out;
    __global int *g = p; // expect: error@19: initializing '__global int *__private' with an expression of type '__generic int *__private' changes address space of pointer
    put(p, 1); // expect: error@9: passing '__generic int *__private' to parameter of type '__global int *' changes address space of pointer
}
