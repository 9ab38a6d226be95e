// cl-std: CL1.2
// AS-14: the same qualifier twice is not a conflict, only clang's warning.
kernel void k(global __global int *out) { *out = 1; } // expect: warning@22: multiple identical address spaces specified for type [-Wduplicate-decl-specifier]
