// cl_khr_integer_dot_product (issue 9): 8-bit dot products of vectors and of bytes packed in
// a uint, with and without a saturating accumulator, every signedness combination.
kernel void integer_dot(global const uchar4 *ua, global const char4 *sa, global const uint *pa,
                        global const int *acc, global uint *uo, global int *so)
{
    int i = get_global_id(0);
    uchar4 u = ua[i], v = ua[i + 1];
    char4 s = sa[i], t = sa[i + 1];
    uint p = pa[i], q = pa[i + 1];
    uo[4 * i] = dot(u, v);
    uo[4 * i + 1] = dot_acc_sat(u, v, (uint)acc[i]);
    uo[4 * i + 2] = dot_4x8packed_uu_uint(p, q);
    uo[4 * i + 3] = dot_acc_sat_4x8packed_uu_uint(p, q, 0xfffffff0u);
    so[8 * i] = dot(s, t);
    so[8 * i + 1] = dot(u, t);
    so[8 * i + 2] = dot(s, v);
    so[8 * i + 3] = dot_acc_sat(s, t, acc[i]);
    so[8 * i + 4] = dot_acc_sat(u, t, acc[i]);
    so[8 * i + 5] = dot_4x8packed_ss_int(p, q);
    so[8 * i + 6] = dot_4x8packed_us_int(p, q) + dot_4x8packed_su_int(p, q);
    so[8 * i + 7] = dot_acc_sat_4x8packed_ss_int(p, q, acc[i]) - dot_acc_sat_4x8packed_su_int(p, q, -5);
}
