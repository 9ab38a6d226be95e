// cl-std: CL1.2
// AS-2 near-miss: in CL1.x `int *` is a pointer to `__private`, which is what `&x` is.
int first(int *p) { return p[0]; }

kernel void k(global int *out) {
    int x = 2;
    *out = first(&x);
}
