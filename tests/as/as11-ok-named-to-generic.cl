// cl-std: CL2.0
// AS-11 near-miss: `__global`, `__local` and `__private` pointers convert to generic.
int twice(int *p) { return *p * 2; }

kernel void k(global int *out, local int *scratch) {
    int x = 3;
    scratch[0] = 4;
    int *g = out;
    *out = twice(&x) + twice(scratch) + twice(g);
}
