// Vector conversions: convert_<type>N with rounding modes and saturation between float, int,
// uint, short, uchar and long vectors of width 2, 4, 8 and 16 (element widths differ; widening
// integer conversions are in conversions_widen.cl).
kernel void conversions_vector(global const float4 *f4, global const short8 *s8,
                               global const long2 *l2, global const int16 *i16,
                               global const uint8 *u8, global int4 *oi, global uchar8 *oc,
                               global float2 *of2, global uchar16 *oc16, global float8 *of8,
                               global short4 *os)
{
    size_t i = get_global_id(0);
    float4 f = f4[i];
    oi[3 * i + 0] = convert_int4(f);               // rtz
    oi[3 * i + 1] = convert_int4_rte(f);
    oi[3 * i + 2] = convert_int4_sat_rtp(f * 1e9f);
    oc[i] = convert_uchar8_sat(s8[i]);
    of2[2 * i + 0] = convert_float2(l2[i]);
    of2[2 * i + 1] = convert_float2_rtz(l2[i]);
    oc16[i] = convert_uchar16_sat(i16[i]);
    of8[i] = convert_float8_rtn(u8[i]);
    os[i] = convert_short4(convert_int4_rtn(f));
}
