// half (cl_khr_fp16) conversions: float, double and int to half in the four rounding modes,
// half to float, double and the integer types (saturating, with rounding modes), and
// vload_half/vstore_half against plain half loads and stores. Half results are bit patterns
// with every NaN written as 0x7e00. Expected values: make_half.py.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

static ushort bits(half h)
{
    return isnan(h) ? (ushort)0x7e00 : as_ushort(h);
}

kernel void to_half(global const float *f, global const double *d, global const int *n,
                    global ushort *out)
{
    size_t i = get_global_id(0);
    float x = f[i];
    double y = d[i];
    int k = n[i];
    global ushort *o = out + 16 * i;
    o[0] = bits(convert_half(x));
    o[1] = bits(convert_half_rte(x));
    o[2] = bits(convert_half_rtz(x));
    o[3] = bits(convert_half_rtp(x));
    o[4] = bits(convert_half_rtn(x));
    o[5] = bits((half)x);
    o[6] = bits(convert_half(y));
    o[7] = bits(convert_half_rtz(y));
    o[8] = bits(convert_half_rtp(y));
    o[9] = bits(convert_half_rtn(y));
    o[10] = bits(convert_half(k));
    o[11] = bits(convert_half_rtz(k));
    o[12] = bits(convert_half_rtp(k));
    o[13] = bits((half)k);
    half2 v = convert_half2((double2)(y, -y));     // vectors take the same path
    o[14] = bits(v.x);
    o[15] = bits(v.y);
}

kernel void from_half(global const ushort *hb, global float *f, global double *d,
                      global int *n)
{
    size_t i = get_global_id(0);
    half h = as_half(hb[i]);
    f[2 * i] = h;
    f[2 * i + 1] = convert_float(h);
    d[i] = h;
    global int *o = n + 10 * i;
    o[0] = convert_int(isfinite(h) ? h : 0.0h);      // in range: every finite half fits
    o[1] = convert_int_sat(h);
    o[2] = convert_int_sat_rte(h);
    o[3] = convert_int_sat_rtp(h);
    o[4] = convert_int_sat_rtn(h);
    o[5] = convert_short_sat(h);
    o[6] = convert_uchar_sat(h);
    o[7] = convert_char_sat_rte(h);
    o[8] = convert_ushort_sat_rtn(h);
    o[9] = convert_int_sat(convert_long_sat(h * h) >> 16);    // h * h may be inf
}

kernel void load_store(global const float *f, global const ushort *hb, global half *st,
                       global float *ld)
{
    size_t i = get_global_id(0);
    global const half *hp = (global const half *)hb;
    vstore_half(f[i], 4 * i, st);
    vstore_half_rtz(f[i], 4 * i + 1, st);
    st[4 * i + 2] = convert_half_rtp(f[i]);
    st[4 * i + 3] = hp[i];
    ld[2 * i] = vload_half(i, hp);
    ld[2 * i + 1] = hp[i];
}
