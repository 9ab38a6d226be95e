// 64-bit integer arithmetic: long/ulong multiply (wrapping), division and remainder of
// negatives, shifts past 32 bits, sign/zero extension from int/uint, mixed long/uint operands.
kernel void long_ops(global const long *a, global const long *b, global const int *c,
                     global const uint *d, global long *out, global ulong *uout)
{
    size_t i = get_global_id(0);
    long x = a[i], y = b[i];
    int k = c[i];
    uint u = d[i];
    global long *o = out + i * 8;
    o[0] = x * (y >> 20);
    o[1] = x / (y | 1);
    o[2] = x % (y | 1);
    o[3] = (x >> 40) + (y << 3);
    o[4] = k;                        // sign extension
    o[5] = u;                        // zero extension
    o[6] = x + u - k;                // uint converts to long
    o[7] = (x < y) + 2 * (k < u);    // k < u compares as uint
    ulong ux = (ulong)x, uy = (ulong)y;
    global ulong *p = uout + i * 4;
    p[0] = ux * uy;                  // wraps mod 2^64
    p[1] = ux / ((uy >> 33) | 1);
    p[2] = ux >> 63 | ux << 1;
    p[3] = (ulong)k * 0x100000001UL;
}
