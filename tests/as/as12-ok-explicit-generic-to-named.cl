// cl-std: CL2.0
// AS-12 near-miss: an explicit cast from generic to a named space.
kernel void k(global int *out, local int *scratch) {
    int x = 1;
    int *p = out;
    int *q = scratch;
    int *r = &x;
    __global int *g = (__global int *)p;
    __local int *l = (__local int *)q;
    __private int *v = (__private int *)r;
    *l = 2;
    *g = *v + *l;
}
