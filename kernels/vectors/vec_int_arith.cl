// Integer vector arithmetic for char/uchar/short/ushort/int/uint/long/ulong vectors of several
// widths: + - * / % & | ^ ~ << >> and unary minus, element-wise without integer promotion
// (unsigned results wrap at the element width).
#define SIGNED(T, E)                                                                       \
    kernel void s_##T(global const T *a, global const T *b, global T *r)                 \
    {                                                                                     \
        size_t i = get_global_id(0);                                                      \
        T x = a[i], y = b[i];                                                             \
        r[i] = x * y - (x + y) + x / (y | (E)1) + x % (y | (E)1) + (x & y) + (x | y) - (x ^ y)  \
             + (x >> 1) + ((y & (E)7) << 2) + ~x - -y;                                       \
    }
#define UNSIGNED(T, E)                                                                     \
    kernel void u_##T(global const T *a, global const T *b, global T *r)                 \
    {                                                                                     \
        size_t i = get_global_id(0);                                                      \
        T x = a[i], y = b[i];                                                             \
        r[i] = (x + y) * (x - y) + (x & y) - (x | y) + (x ^ y) + (x >> 3) + (y << 5) + ~x \
             + x / (y | (E)1) + x % (y | (E)1) - -y;                                            \
    }
SIGNED(char16, char)
SIGNED(short8, short)
SIGNED(int4, int)
SIGNED(int2, int)
SIGNED(long2, long)
UNSIGNED(uchar16, uchar)
UNSIGNED(ushort4, ushort)
UNSIGNED(uint8, uint)
UNSIGNED(ulong4, ulong)
