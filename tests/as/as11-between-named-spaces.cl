// cl-std: CL1.2
// AS-11: a pointer to one named space does not convert implicitly to another.
kernel void k(__local int *l, __global int *g, __constant int *c) {
    __global int *a = l; // expect: error@19: initializing '__global int *__private' with an expression of type '__local int *__private' changes address space of pointer
    __local int *b = g; // expect: error@18: initializing '__local int *__private' with an expression of type '__global int *__private' changes address space of pointer
    __global int *d = c; // expect: error@19: initializing '__global int *__private' with an expression of type '__constant int *__private' changes address space of pointer
    g = l; // expect: error@7: assigning '__local int *__private' to '__global int *__private' changes address space of pointer
}
