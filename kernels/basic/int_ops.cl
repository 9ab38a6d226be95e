// Integer semantics: signed /,% of negatives, shift-count masking, >> on signed vs unsigned, bit ops,
// char/short/long/unsigned conversions and promotions, mixed-sign compares, &&/||/! as 0/1.
kernel void int_ops(global const int *a, global const int *b,
                    global int *quot, global int *rem, global uint *udiv,
                    global int *shifts, global uint *ushifts, global int *bits,
                    global short *narrow, global long *wide, global ulong *hash,
                    global int *flags)
{
    int i = get_global_id(0);
    int x = a[i];
    int y = b[i];
    int d = y;
    if (d == 0) {
        d = 7;
    }

    // C99 truncating division and remainder, including negative operands.
    quot[i] = x / d;
    rem[i] = x % d;
    udiv[i] = (uint)x / 7u + (uint)x % 10u;

    // Arithmetic right shift of a signed value; left shift done on unsigned.
    shifts[i] = (x >> 3) + (int)((uint)x << (d & 7));
    // OpenCL masks the shift count to the width of the type: counts >= 32 wrap.
    ushifts[i] = ((uint)x << (uint)(y + 40)) ^ ((uint)x >> (uint)(y + 40));

    bits[i] = ((x & y) | (x ^ 0x5a5a)) ^ ~y;

    // Narrowing conversions wrap; char/uchar/short promote to int in arithmetic.
    char c = (char)x;
    uchar uc = (uchar)x;
    short s = (short)(x * 37);
    ushort us = (ushort)(x * 1000);
    char c3 = (char)(c * 3);
    narrow[i] = (short)(c + uc + c3 - s + us);

    // 64-bit arithmetic: widening multiply, wrapping unsigned multiply and shifts.
    long L = (long)x * 3000000L * d;
    wide[i] = L - (long)c * (1L << 40) + (long)us;
    ulong h = (ulong)(long)x * 0x9E3779B97F4A7C15UL;
    hash[i] = (h >> 17) ^ (h << 5);

    // Comparisons: mixed signed/unsigned converts the signed side to unsigned.
    int f = 0;
    if ((uint)x < 500u) {
        f |= 1;
    }
    if (x < 500) {
        f |= 2;
    }
    if (x < (uint)y) {
        f |= 4;
    }
    if ((x > 0 && y < 0) || !(x % 3)) {
        f |= 8;
    }
    f += 16 * (int)(!x) + 32 * (int)(x != y) + 64 * (int)(x >= -y) + 128 * (int)(c <= uc);
    flags[i] = f;
}
