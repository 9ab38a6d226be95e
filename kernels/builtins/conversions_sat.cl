// Saturating conversions that the reference gets wrong: signed -> narrower signed _sat
// (convert_char_sat(long), convert_short_sat(int), convert_int_sat(long), ...), which must clamp
// negative values to the type's minimum, and convert_uint_sat(NaN), which must give 0.
#define N 16

kernel void conversions_sat(global const long *ls, global const float *fs, global long *o)
{
    int i = (int)get_global_id(0);
    long l = ls[i];
    o[0 * N + i] = convert_char_sat(l);
    o[1 * N + i] = convert_short_sat(l);
    o[2 * N + i] = convert_int_sat(l);
    o[3 * N + i] = convert_char_sat((int)l);
    o[4 * N + i] = convert_char_sat((short)l);
    o[5 * N + i] = convert_short_sat((int)l);
    o[6 * N + i] = convert_uint_sat(fs[i]);
    o[7 * N + i] = convert_int_sat(fs[i]);
}
