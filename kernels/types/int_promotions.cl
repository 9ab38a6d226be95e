// Integer promotions and the usual arithmetic conversions with char/uchar/short/ushort/uint
// operands: narrow operands compute in int, int meets uint as uint, casts truncate.
kernel void promote(global const uchar *uc, global const char *sc, global const ushort *us,
                    global const short *ss, global const uint *ui, global int *out,
                    global uchar *nb, global short *ns)
{
    size_t i = get_global_id(0);
    uchar a = uc[i];
    char b = sc[i];
    ushort c = us[i];
    short d = ss[i];
    uint u = ui[i];
    global int *o = out + i * 16;
    o[0] = a + a;                    // up to 510: no uchar wrap
    o[1] = a * c;                    // int multiply
    o[2] = (uchar)(a + 100);         // explicit truncation
    o[3] = b - a;
    o[4] = b < a;                    // both promoted to int: signed compare
    o[5] = -1 < u;                   // -1 becomes UINT_MAX: false
    o[6] = (int)(b + u);             // b converted to uint, wraps
    o[7] = (d * d) >> 3;
    o[8] = ~a;                       // ~ of the promoted int: negative
    o[9] = (char)a;
    o[10] = (int)(((long)b * u) >> 16);
    o[11] = (int)(u >> 31) + (b >> 7);   // logical vs arithmetic shift
    o[12] = c + d;
    o[13] = sizeof(a + a) + 10 * sizeof(b * 2L) + 100 * sizeof(u + d) + 1000 * sizeof(c);
    o[14] = (ushort)(c + c);
    o[15] = d / -3 + d % 7;
    uchar n = a;
    n += 200;                        // compound assignment truncates back to uchar
    n <<= 1;
    nb[i] = n;
    short m = d;
    m *= 3;                          // computed in int, truncated to short
    m -= c;
    ns[i] = m;
}
