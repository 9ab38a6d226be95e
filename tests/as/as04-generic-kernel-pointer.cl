// cl-std: CL2.0
// AS-4: nor to the generic space, written or by default; an array argument is a pointer.
kernel void k(int *p, // expect: error@20: pointer arguments to kernel functions must reside in '__global', '__constant' or '__local' address space
              __generic int *q, // expect: error@30: pointer arguments to kernel functions must reside in '__global', '__constant' or '__local' address space
              int r[4], // expect: error@19: pointer arguments to kernel functions must reside in '__global', '__constant' or '__local' address space
              global int *out) {
    *out = 0;
}
