// Scalar explicit conversions: convert_<type>, with _sat (clamping; NaN -> 0) and rounding
// modes _rte/_rtz/_rtp/_rtn, float <-> int/uint/long/uchar/short, int -> float rounding for
// values that are not representable, integer narrowing with and without saturation.
// (Signed -> narrower signed _sat conversions are in conversions_sat.cl.)
#define N 16
#define OUT(e) o[(k++) * N + i] = (e)
#define FOUT(e) fo[(fk++) * N + i] = (e)

kernel void conversions(global const float *fs, global const long *ls, global long *o,
                        global float *fo)
{
    int i = (int)get_global_id(0);
    float f = fs[i];
    long l = ls[i];
    int k = 0, fk = 0;
    float g = f != f ? 0.0f : f < -1000.0f ? -1000.0f : f > 1000.0f ? 1000.0f : f;  // for non-_sat
    OUT(convert_int(g));                           // default for float -> int: rtz
    OUT(convert_int_rte(g));
    OUT(convert_int_rtp(g));
    OUT(convert_int_rtn(g));
    OUT(convert_int_sat(f));                       // NaN -> 0, out of range -> INT_MIN/INT_MAX
    OUT(convert_uchar_sat(f));
    OUT(convert_uchar_sat_rte(f));
    OUT(convert_short_sat_rtp(f));
    OUT(convert_uint_sat(f == f ? f : -1.0f));       // NaN: see conversions_sat.cl
    OUT(convert_long_sat_rtn(f));
    OUT(convert_char(l));                          // truncation
    OUT(convert_ushort_sat(l));
    OUT(convert_uint_sat(l));
    OUT(convert_int_sat((ulong)l));                // a huge ulong saturates to INT_MAX
    OUT(convert_ulong_sat(l));                     // negatives -> 0
    FOUT(convert_float(l));                        // default for int -> float: rte
    FOUT(convert_float_rtz(l));
    FOUT(convert_float_rtp(l));
    FOUT(convert_float_rtn(l));
    FOUT(convert_float((int)l));
    FOUT(convert_float_rtz((uint)l));
}
