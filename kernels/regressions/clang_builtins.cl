// clang's target-independent builtins that portable headers use (issue 9), on inputs that
// reach their edge cases: classification, absolute values, bit counts, ffs/parity/clrsb,
// rotates, bit and byte reversal, math through the OpenCL functions.
kernel void clang_builtins(global const int *in, global const float *fin, global int *o)
{
    int g = get_global_id(0);
    int i = in[g];
    uint u = (uint)i;
    long l = (long)i * 3000000000L;
    float f = fin[g];
    o[12 * g] = __builtin_isnan(f) != 0;
    o[12 * g + 1] = (__builtin_isinf(f) != 0) * 2 + (__builtin_isfinite(f) != 0) * 4
                  + (__builtin_signbit(f) != 0) * 8 + (__builtin_isnormal(f) != 0) * 16;
    o[12 * g + 2] = __builtin_abs(i) / 2 + (int)(__builtin_labs(l) >> 40);
    o[12 * g + 3] = __builtin_ffs(i) * 100 + __builtin_parity(u) * 10 + __builtin_clrsb(i);
    o[12 * g + 4] = (int)__builtin_rotateleft32(u, 3);
    o[12 * g + 5] = (int)__builtin_rotateright32(u, 5);
    o[12 * g + 6] = (int)(__builtin_rotateleft64((ulong)l, 7) >> 32);
    o[12 * g + 7] = (int)__builtin_bitreverse32(u);
    o[12 * g + 8] = __builtin_bitreverse8((uchar)u) * 1000 + __builtin_bitreverse16((ushort)u) % 1000;
    o[12 * g + 9] = __builtin_popcountl(l) + __builtin_clzl(l | 1) * 100
                  + __builtin_ctzs((ushort)u | 0x8000) * 10000;
    o[12 * g + 10] = (int)__builtin_bswap64((ulong)l);
    o[12 * g + 11] = (int)(__builtin_fminf(__builtin_fmaxf(f, -2.0f), 100.0f) * 4)
                   + (int)__builtin_copysignf(3.0f, f)
                   + __builtin_constant_p(i);
}
