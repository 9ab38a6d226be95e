// cl-std: CL2.0
// AS-4 near-miss: `__global`, `__local` and `__constant` pointees; a helper (not a kernel)
// may take a pointer to `__private` or to generic memory.
int read_private(__private int *p) { return *p; }
int read_any(int *p) { return *p; }

kernel void k(global int *out, local int *scratch, constant int *table, int n) {
    int x = n;
    scratch[0] = table[0];
    *out = read_private(&x) + read_any(scratch) + read_any(out);
}
