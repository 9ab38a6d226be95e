// cl-std: CL2.0
// AS-6 near-miss: `__global` and `__constant` at program scope, and a `static` local.
__global int hits = 0;
__constant int limit = 10;
global float weights[4] = {0.5f, 0.25f, 0.125f, 0.125f};

int bump(void) {
    static global int calls = 0;
    return ++calls;
}

kernel void k(global int *out) {
    hits += 1;
    *out = hits + limit + bump() + (int)weights[0];
}
