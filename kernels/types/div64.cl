// 64-bit integer division and remainder, signed and unsigned, scalar and long2: operands
// within 32 bits and beyond, divisors above 2^32, negative operands, LONG_MIN, ULONG_MAX.
// Expected values by Python (C's truncating division; the remainder takes the dividend's
// sign). On Vulkan these are built from 32-bit division or long division
// (src/back/spv/vkmath/int.rs `div64`): NVIDIA's driver gets 64-bit division wrong in some
// contexts (TESTING.md, stop 28).
kernel void div64(global const long *sa, global const long *sb, global const ulong *ua,
                  global const ulong *ub, global long *o)
{
    size_t i = get_global_id(0);
    size_t n = get_global_size(0);
    long b = sb[i] == -1 && sa[i] == LONG_MIN ? 1 : sb[i];
    o[i] = sa[i] / b;
    o[n + i] = sa[i] % b;
    o[2 * n + i] = (long)(ua[i] / ub[i]);
    o[3 * n + i] = (long)(ua[i] % ub[i]);
    if (i % 2 == 0) {
        long2 x = vload2(i / 2, sa), y = vload2(i / 2, sb);
        ulong2 u = vload2(i / 2, ua), v = vload2(i / 2, ub);
        y = select(y, (long2)(1), x == (long2)(LONG_MIN) && y == (long2)(-1));
        vstore2(x / y, i / 2, o + 4 * n);
        vstore2(x % y, i / 2, o + 5 * n);
        vstore2(as_long2(u / v), i / 2, o + 6 * n);
        vstore2(as_long2(u % v), i / 2, o + 7 * n);
    }
}

// Constant dividends and divisors from the group id, through a helper and under `?:`
// (clc-smith seed 310274's shape, which a first version of `div64` got wrong).
long sdiv_guarded(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a / b; }

kernel void div64_const(global long *o)
{
    size_t g = get_group_id(0);
    o[g * 6 + 0] = sdiv_guarded((long)(-143), (long)g);
    o[g * 6 + 1] = g ? (long)(-143) / (long)g : 0;
    o[g * 6 + 2] = g ? (long)(-143) % (long)g : 0;
    o[g * 6 + 3] = g ? (long)(143) / (long)g : 0;
    o[g * 6 + 4] = g ? (long)(ULONG_MAX / (ulong)g) : 0;
    o[g * 6 + 5] = g ? (long)(0x8000000000000001UL % (ulong)(g + 0x100000000UL)) : 0;
}

// Divisors sign-extended from `int` (-1, 1): lavapipe got `sext(i) >> 63 != 0` wrong when
// the helpers took signs that way (clc-smith seeds 330564, 330691, 330788, 330831, 330887).
long smod_guarded(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a % b; }

kernel void div64_sext(global long *o, global const int *g)
{
    size_t i = get_global_id(0);
    o[i * 4 + 0] = smod_guarded((long)get_local_id(0), (long)g[i]);
    o[i * 4 + 1] = (long)get_local_id(0) % (long)g[i];
    o[i * 4 + 2] = (long)(i + 5) / (long)g[i];
    o[i * 4 + 3] = (long)g[i] / (long)(i + 1);
}
