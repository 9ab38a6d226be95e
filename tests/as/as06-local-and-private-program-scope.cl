// cl-std: CL2.0
// AS-6: `__local` and `__private` are not allowed at program scope.
__local int tile[16]; // expect: error@13: program scope variable must reside in global or constant address space
__private int seed = 1; // expect: error@15: program scope variable must reside in global or constant address space
kernel void k(global int *out) { *out = 0; }
