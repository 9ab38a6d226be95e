// cl-std: CL2.0
// AS-17: `const __global T *` is a read-only buffer.
typedef struct { int a; int b; } Pair;
kernel void k(const __global int *in, const __global Pair *pairs, global int *out) {
    *in = 1; // expect: error@9: read-only variable is not assignable
    in[1] += 2; // expect: error@11: read-only variable is not assignable
    in[2]++; // expect: error@10: read-only variable is not assignable
    pairs[0].b = 3; // expect: error@16: read-only variable is not assignable
}
