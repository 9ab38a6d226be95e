// cl-std: CL1.2
// AS-13: and it cannot be written (AS-8).
kernel void k(global char *out) {
    "abc"[0] = 'x'; // expect: error@14: read-only variable is not assignable
    out[0] = 0;
}
