// clc-smith seeds 600231, 600416, 620046, 620067 and 620549 (the stop-24 Vulkan campaigns),
// reduced by hand to what they share: a signed 64-bit compare of a sign-extended 32-bit value
// with a constant (or a value lavapipe folds to one: (long)(p - p), a loop counter, a
// constant-buffer load). lavapipe (Mesa 22.3.6, LLVM 15.0.6) answers as if the extended value
// were larger than any such constant: `(long)a < 5L` is false for a = 0, `(long)a > 5L` true.
// clc's Vulkan module is a plain OpSConvert %ulong then OpSLessThan/OpSGreaterThan (scalar or
// vector) against an OpConstant; a compare with a sign-extended runtime value, or with a
// zero-extended one, or a 32-bit compare, is right. On OpenCL, clc's module, clang-22's and the
// runtime's own compile all give the values below. It is the class of lavapipe_long2_compare_400180
// and lavapipe_long3_compare_300017, which are this (a sign-extended lane against a constant lane).
kernel void sext_compare(global const int *in, global long *out)
{
    uint i = (uint)get_global_id(0);
    int a = in[i];
    long arr[2] = { (long)in[0], (long)in[1] };
    long m = a;
    out[i * 8 + 0] = m < 5L;
    out[i * 8 + 1] = m > 5L;
    out[i * 8 + 2] = 5L <= m;
    out[i * 8 + 3] = m < 65535L;
    out[i * 8 + 4] = m >= -1L;
    out[i * 8 + 5] = (m < (long)(arr - arr));
    out[i * 8 + 6] = ((long2)(m, 0L) < (long2)(7L)).x;
    out[i * 8 + 7] = ((long)a < (long)(ushort)65535);
}
