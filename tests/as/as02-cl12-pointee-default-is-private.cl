// cl-std: CL1.2
// AS-2: in CL1.x an unqualified pointee is `__private`, so a `__global` pointer does not
// convert to `int *`.
int first(int *p) { return p[0]; }

kernel void k(global int *in, global int *out) {
    *out = first(in); // expect: error@18: passing '__global int *__private' to parameter of type '__private int *' changes address space of pointer
}
