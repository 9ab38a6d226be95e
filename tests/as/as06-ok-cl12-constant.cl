// cl-std: CL1.2
// AS-6 near-miss: `__constant` is the one space CL1.x allows at program scope.
__constant int table[4] = {1, 2, 3, 4};
kernel void k(global int *out) { *out = table[get_global_id(0) & 3]; }
