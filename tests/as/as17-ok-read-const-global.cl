// cl-std: CL3.0
// AS-17 near-miss: reading a read-only buffer and moving the (private) pointer over it.
kernel void k(const __global int *in, global int *out, int n) {
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sum += *in;
        in++;
    }
    *out = sum;
}
