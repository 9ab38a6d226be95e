// any() and all() on integer vectors and scalars: they test only the most significant bit of
// each component (1 is "false", -1 and INT_MIN are "true"); also on comparison masks.
kernel void any_all(global const int4 *a, global const char16 *c, global const long2 *l,
                    global const short8 *s, global int *out)
{
    size_t i = get_global_id(0);
    int4 v = a[i];
    global int *o = out + i * 10;
    o[0] = any(v);
    o[1] = all(v);
    o[2] = any(c[i]);
    o[3] = all(c[i]);
    o[4] = any(l[i]);
    o[5] = all(l[i]);
    o[6] = any(s[i] > (short)5);
    o[7] = all(s[i] > (short)-5);
    o[8] = any((int)i - 8);                 // scalar: the sign bit
    o[9] = all(v | (int4)(-1, 0, -1, 0)) + 2 * all(v | (int4)(INT_MIN));
}
