// clc-smith seed 300082, triaged (fuzz/findings/smith/300082/README.md): Intel's CPU runtime
// 2021.2 compares a wrapped vector negation with 0 as if it could not wrap. Every operation
// here is defined (bit reinterpretation, unsigned arithmetic): n.x is INT_MIN and so is below
// 0, yet the runtime answers true for `n >= 0` in the vector form, for clc's module, for
// clang-22's and for its own compile of this source; the scalar form is right, and so is
// lavapipe. clc's module is two plain instructions (OpISub on uint4, OpSGreaterThanEqual).
kernel void negate_compare(global const int *g, global int *o)
{
    int4 v = vload4(0, g);
    int4 n = as_int4((uint4)(0) - as_uint4(v));   // -v, wrapping: -INT_MIN is INT_MIN
    vstore4(n >= (int4)(0), 0, o);                // INT_MIN >= 0 is false
    vstore4(n, 1, o);
    int s = as_int(0u - as_uint(g[0]));
    o[8] = s >= 0;
}
