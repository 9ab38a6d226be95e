// as_<type>N() between vector types of the same total size, including different component
// counts (as_char4(int): byte order is little-endian on this device; as_float2(ulong);
// as_short8(int4); as_uchar16(float4); as_int3(float3) keeps the 3-vector layout).
kernel void as_type_vec(global const int4 *a, global const ulong *ul, global char16 *c,
                        global float2 *f2, global short8 *s8, global int4 *back,
                        global int3 *i3)
{
    size_t i = get_global_id(0);
    int4 v = a[i];
    c[i] = as_char16(v);
    f2[i] = as_float2(ul[i]);
    s8[i] = as_short8(v) + (short8)(1);
    back[2 * i + 0] = as_int4(as_uchar16(as_float4(v)));
    back[2 * i + 1] = as_int4((char16)(as_char4(v.x), as_char4(v.y), as_char4(v.z), as_char4(v.w)));
    int3 r = as_int3(as_float3(v.xyz));
    global int *p = (global int *)(i3 + i);        // element stores leave the padding alone
    p[0] = r.x;
    p[1] = r.y;
    p[2] = r.z;
}
