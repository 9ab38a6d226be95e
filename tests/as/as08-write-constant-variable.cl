// cl-std: CL1.2
// AS-8: a `__constant` object cannot be written.
__constant int limit = 10;
__constant int table[2] = {1, 2};
kernel void k(global int *out) {
    limit = 11; // expect: error@11: read-only variable is not assignable
    table[1] += 2; // expect: error@14: read-only variable is not assignable
    limit++; // expect: error@10: read-only variable is not assignable
    *out = limit;
}
