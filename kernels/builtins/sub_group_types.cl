// Sub-group collectives on long, ulong, float and double values (small integers, so every
// order of summation is exact), checked in each work-item against the same results computed
// through local memory from every work-item's (sub-group id, local id); 1 per check passed.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define CHECKS(T, F, o)                                                                       \
    {                                                                                         \
        T v = F(x);                                                                           \
        T sum = 0, mn = (T)1000000, mx = 0, ex = 0, first = 0;                                \
        int seen = 0;                                                                         \
        for (size_t j = 0; j < n; j++) {                                                      \
            if (ids[j] >> 16 != sid)                                                          \
                continue;                                                                     \
            uint lj = ids[j] & 0xffff;                                                        \
            T w = F(vals[j]);                                                                 \
            sum += w;                                                                         \
            if (lj <= slid)                                                                   \
                mn = min(mn, w);                                                              \
            if (lj < slid)                                                                    \
                ex += w;                                                                      \
            if (lj < slid) {                                                                  \
                mx = seen ? max(mx, w) : w;                                                   \
                seen = 1;                                                                     \
            }                                                                                 \
            if (lj == 0)                                                                      \
                first = w;                                                                    \
        }                                                                                     \
        o[0] = sub_group_reduce_add(v) == sum;                                                \
        o[1] = sub_group_scan_inclusive_min(v) == mn;                                         \
        o[2] = sub_group_scan_exclusive_add(v) == ex;                                         \
        T emax = sub_group_scan_exclusive_max(v); /* every lane takes part */                 \
        o[3] = slid == 0 || emax == mx;                                                       \
        o[4] = sub_group_broadcast(v, 0) == first;                                            \
    }

#define AS_LONG(x) ((long)(x) * 3 - 7)
#define AS_ULONG(x) ((ulong)((x) + 100))
#define AS_FLOAT(x) ((float)(x) * 0.5f)
#define AS_DOUBLE(x) ((double)(x) * 0.25)

kernel void sub_group_types(global const int *in, global int *ok, local int *vals, local uint *ids)
{
    size_t lid = get_local_id(0), n = get_local_size(0), g = get_global_id(0);
    int x = in[g];
    uint sid = get_sub_group_id(), slid = get_sub_group_local_id();
    vals[lid] = x;
    ids[lid] = (sid << 16) | slid;
    barrier(CLK_LOCAL_MEM_FENCE);
    global int *o = ok + 20 * g;
    CHECKS(long, AS_LONG, o)
    CHECKS(ulong, AS_ULONG, (o + 5))
    CHECKS(float, AS_FLOAT, (o + 10))
    CHECKS(double, AS_DOUBLE, (o + 15))
}
