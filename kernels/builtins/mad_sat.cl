// mad_sat on char, uchar, short, int, uint, long and ulong: a * b + c saturated to the type's
// range, including products that overflow and sums that wrap past the bound.
#define N 16

kernel void mad_sat_all(global const long *as, global const long *bs, global const long *cs,
                        global char *c, global uchar *uc, global short *s, global int *i32,
                        global uint *u32, global long *l, global ulong *ul)
{
    int i = (int)get_global_id(0);
    long a = as[i], b = bs[i], d = cs[i];
    c[i] = mad_sat((char)a, (char)b, (char)d);
    uc[i] = mad_sat((uchar)a, (uchar)b, (uchar)d);
    s[i] = mad_sat((short)a, (short)b, (short)d);
    i32[i] = mad_sat((int)a, (int)b, (int)d);
    u32[i] = mad_sat((uint)a, (uint)b, (uint)d);
    l[i] = mad_sat(a, b, d);
    ul[i] = mad_sat((ulong)a, (ulong)b, (ulong)d);
}
