// cl-std: CL1.2
// AS-4: a kernel pointer argument cannot point to `__private` (written or by default).
kernel void k(__private int *p, // expect: error@30: pointer arguments to kernel functions must reside in '__global', '__constant' or '__local' address space
              int *q, // expect: error@20: pointer arguments to kernel functions must reside in '__global', '__constant' or '__local' address space
              global int *out) {
    *out = 0;
}
