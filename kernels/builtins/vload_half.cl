// Half-precision storage without half arithmetic: vload_half/vload_halfN/vloada_halfN read
// IEEE binary16 values into floats; vstore_half/vstore_halfN with the default (round to
// nearest even) and explicit _rte/_rtz/_rtp/_rtn rounding, and vstorea_halfN.
kernel void halves(global const half *h, global const float *f, global float *loaded,
                   global half *st)
{
    size_t i = get_global_id(0);
    loaded[i] = vload_half(i, h);
    float4 v4 = vload_half4(i, h + 64);              // h[64 + 4i ..]
    float8 v8 = vloada_half8(0, h + 8 * (i & 7));    // aligned form: 16-byte aligned address
    loaded[16 + 4 * i + 0] = v4.x + v4.w;
    loaded[16 + 4 * i + 1] = v4.y;
    loaded[16 + 4 * i + 2] = v8.s3;
    loaded[16 + 4 * i + 3] = v8.s7;
    float x = f[i];
    global half *o = st + i * 16;
    vstore_half(x, 0, o);
    vstore_half_rte(x, 1, o);
    vstore_half_rtz(x, 2, o);
    vstore_half_rtp(x, 3, o);
    vstore_half_rtn(x, 4, o);
    vstore_half2((float2)(x, -x), 3, o - 1);         // o[5], o[6]
    vstore_half4_rtz((float4)(x, -x, x * 0.5f, 1.0f), 0, o + 7);
    vstorea_half4_rtn((float4)(x), 3, o);            // o[12..15], 8-byte aligned
    vstore_half(vload_half(0, o), 11, o);            // round trip through float
}
