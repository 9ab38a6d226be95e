// cl-std: CL1.2
// AS-3 near-miss: a qualifier on the pointee, or `__private` on the parameter itself.
int sum(__global int *a, __local int *b, __constant int *c, __private int d) {
    return a[0] + b[0] + c[0] + d;
}

kernel void k(global int *out, local int *scratch, constant int *table) {
    scratch[0] = 1;
    *out = sum(out, scratch, table, 4);
}
