// cl-std: CL2.0
// AS-14: a type has at most one address space qualifier.
kernel void k(global __constant int *out, // expect: error@22: multiple address spaces specified for type
              __local __global int *l) { // expect: error@23: multiple address spaces specified for type
    __global __private int *p = 0; // expect: error@14: multiple address spaces specified for type
}
