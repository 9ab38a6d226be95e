// cl-std: CL3.0
// AS-2 near-miss: OpenCL C 3.0 with the generic address space and program-scope global
// variables features (both on for spir64).
global int total = 0;
int scale = 3;

void add(int *acc, int v) { *acc += v; }

kernel void k(global int *out) {
    int local_acc = 0;
    add(&local_acc, scale);
    add(out, local_acc);
    total = *out;
}
