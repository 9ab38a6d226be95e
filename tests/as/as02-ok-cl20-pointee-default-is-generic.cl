// cl-std: CL2.0
// AS-2 near-miss: the same code in CL2.0, where `int *` points into the generic space and
// an unqualified program-scope or static variable is `__global`.
int counter = 1;

int first(int *p) { return p[0]; }

int next(void) {
    static int calls = 0;
    calls += 1;
    return calls;
}

kernel void k(global int *in, global int *out) {
    int x = 2;
    *out = first(in) + first(&x) + counter + next();
}
