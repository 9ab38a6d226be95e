// cl-std: CL1.2
// AS-15: `sizeof` on a pointer comes from the target layout for its space (spir64: 8 bytes
// for every space), so code assuming another size is rejected where it is checked.
_Static_assert(sizeof(__local int *) == sizeof(int), "local pointers are 32-bit"); // expect: error@16: static assertion failed due to requirement 'sizeof(__local int *) == sizeof(int)': local pointers are 32-bit
kernel void k(global int *out) { *out = 0; }
