// cl-std: CL2.0
// AS-14 near-miss: one qualifier per level of a pointer type.
kernel void k(global int *out) {
    __global int *__private p = out;
    __private int x = 2;
    __private int *__private q = &x;
    *p = *q;
}
