// cl-std: CL2.0
// AS-10 near-miss: the pointee of a returned pointer may be qualified.
__local int *next_slot(__local int *p) { return p + 1; }
__global int *at(__global int *base, int i) { return base + i; }
int *any(int *p) { return p; }

kernel void k(global int *out, local int *scratch) {
    *next_slot(scratch) = 5;
    *at(out, 1) = scratch[1];
    *any(out) = 0;
}
