// cl-std: CL2.0
// AS-7: its initializer must be a compile-time constant.
global int g = 1;
__constant int from_global = g; // expect: error@30: initializer element is not a compile-time constant
kernel void k(global int *out) {
    __constant int from_argument = *out; // expect: error@36: initializer element is not a compile-time constant
    *out = from_global + from_argument;
}
