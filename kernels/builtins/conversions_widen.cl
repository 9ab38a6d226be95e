// Widening integer conversions with convert_<type>(N): signed sources sign-extend, unsigned
// sources zero-extend, whatever the signedness of the destination (convert_long(int),
// convert_ulong(uint), convert_int(short), convert_uint(ushort), convert_long2(int2), ...).
kernel void widen(global const int *a, global const int2 *a2, global long *o, global long2 *o2,
                  global ulong2 *ou2, global int4 *o4)
{
    size_t i = get_global_id(0);
    int x = a[i];
    global long *r = o + i * 8;
    r[0] = convert_long(x);
    r[1] = convert_int((short)x);
    r[2] = convert_short((char)x);
    r[3] = (long)convert_ulong((uint)x);
    r[4] = convert_uint((ushort)x);
    r[5] = convert_long((short)x);
    r[6] = convert_int((uchar)x);
    r[7] = convert_long((uint)x);
    int2 v = a2[i];
    o2[i] = convert_long2(v);
    ou2[i] = convert_ulong2(as_uint2(v));
    o4[i] = convert_int4(as_short4(v));
}
