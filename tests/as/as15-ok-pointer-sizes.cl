// cl-std: CL2.0
// AS-15 near-miss: `sizeof` on pointers into every space, as the target lays them out.
_Static_assert(sizeof(__global int *) == 8, "spir64");
_Static_assert(sizeof(__local int *) == 8, "spir64");
_Static_assert(sizeof(__constant int *) == 8, "spir64");
_Static_assert(sizeof(__private int *) == 8, "spir64");
_Static_assert(sizeof(int *) == 8, "spir64");

kernel void k(global ulong *out) {
    out[0] = sizeof(__global int *);
    out[1] = sizeof(__local int *);
    out[2] = sizeof(__constant int *);
    out[3] = sizeof(__private int *);
    out[4] = sizeof(int *);
}
