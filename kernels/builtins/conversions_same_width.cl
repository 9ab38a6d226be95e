// Conversions between signed and unsigned types of the same width (convert_uint4(int4),
// convert_int(uint), convert_ushort8(short8), ...): the bits are kept (no saturation without
// _sat); with _sat, negative -> 0 and values above the signed maximum clamp.
kernel void same_width(global const int4 *a, global const short8 *s, global uint4 *ou,
                       global int4 *oi, global ushort8 *ous, global uint *scalar)
{
    size_t i = get_global_id(0);
    int4 v = a[i];
    ou[2 * i + 0] = convert_uint4(v);
    ou[2 * i + 1] = convert_uint4_sat(v);
    uint4 u = as_uint4(v);
    oi[2 * i + 0] = convert_int4(u);
    oi[2 * i + 1] = convert_int4_sat(u);
    ous[i] = convert_ushort8(s[i]);
    scalar[2 * i + 0] = convert_uint(((global const int *)a)[4 * i]);
    scalar[2 * i + 1] = convert_uint_sat(((global const int *)a)[4 * i + 1]);
}
