// cl-std: CL2.0
// AS-8: nor written through a pointer to `__constant`.
typedef struct { int a; int b; } Pair;
kernel void k(__constant int *p, __constant Pair *pair, global int *out) {
    *p = 2; // expect: error@8: read-only variable is not assignable
    p[1] -= 1; // expect: error@10: read-only variable is not assignable
    --p[2]; // expect: error@5: read-only variable is not assignable
    pair->b = 3; // expect: error@13: read-only variable is not assignable
    *out = 0;
}
