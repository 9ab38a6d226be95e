// Integer builtins on vectors, including the overloads with a scalar second argument
// (min/max(gentype, sgentype), clamp(gentype, sgentype, sgentype)) and upsample on vectors.
kernel void int_vec(global const char16 *c, global const uint4 *u, global const int8 *s,
                    global const short4 *hi, global const ushort4 *lo, global const long2 *l,
                    global char16 *oc, global uchar16 *ouc, global uint4 *ou, global int8 *os,
                    global int4 *oup, global long2 *ol, global ulong2 *oul)
{
    size_t i = get_global_id(0);
    char16 a = c[i];
    oc[2 * i + 0] = add_sat(a, (char16)(100));
    oc[2 * i + 1] = sub_sat(a, a.sfedcba9876543210);
    ouc[i] = abs(a);
    uint4 x = u[i];
    ou[3 * i + 0] = clz(x);
    ou[3 * i + 1] = rotate(x, x.wzyx);
    ou[3 * i + 2] = max(x, 1000u) + popcount(x);
    int8 v = s[i];
    os[3 * i + 0] = mul_hi(v, v.s70615243);
    os[3 * i + 1] = min(v, 5);
    os[3 * i + 2] = clamp(v, -100, 100) + mad24(v >> 8, (int8)(3), (int8)(-1));
    oup[i] = upsample(hi[i], lo[i]);
    ol[i] = hadd(l[i], (long2)(-1, 1));
    oul[i] = abs_diff(l[i], (long2)(0));
}
