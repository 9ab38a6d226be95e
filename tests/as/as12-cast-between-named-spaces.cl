// cl-std: CL2.0
// AS-12: a cast between two named spaces is an error even when written.
kernel void k(__local int *l, __global int *g, __constant int *c) {
    __global int *a = (__global int *)l; // expect: error@23: casting '__local int *' to type '__global int *' changes address space of pointer
    __global int *b = (__global int *)c; // expect: error@23: casting '__constant int *' to type '__global int *' changes address space of pointer
    __constant int *d = (__constant int *)g; // expect: error@25: casting '__global int *' to type '__constant int *' changes address space of pointer
    int x = 0;
    __local int *e = (__local int *)&x; // expect: error@22: casting '__private int *' to type '__local int *' changes address space of pointer
}
