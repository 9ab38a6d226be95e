// Found by clc-smith (seed 340649), reduced by hand: the component of a `char2` literal of a
// negative `char`, widened to `int` inside an array initializer. Intel's OpenCL C compiler
// (the runtime's own build of this source) gives 202, as if `char` were unsigned; clc,
// clang-22's module and the same expression outside an initializer give -54.
kernel void intel_char2_init(global int *out)
{
    int arr[8] = { 1, 2, 3, 4, 5, 6, ((int)(((char2)((char2)(((char)(-54)))))).s0), 8 };
    out[0] = arr[6];
    out[1] = ((int)(((char2)((char2)(((char)(-54)))))).s0);
    char2 v = (char2)((char)(-54));
    out[2] = (int)v.s0;
    int arr2[2] = { ((int)(((char2)(((char)(-54))))).s1), 0 };
    out[3] = arr2[0];
    out[4] = arr[0] + arr[7];
}
