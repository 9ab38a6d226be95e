// cl-std: CL1.2
// AS-2/AS-6: in CL1.x a program-scope variable must be written `__constant`; without a
// qualifier it would be `__private`, which is not allowed there.
int counter = 1; // expect: error@5: program scope variable must reside in constant address space
kernel void k(global int *out) { *out = counter; }
