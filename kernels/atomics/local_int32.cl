// OpenCL 1.1 atomic_* functions on __local int/uint counters, one set per work-group; the first
// work-item initializes them, a barrier separates the phases, and it writes the group's totals.
kernel void local_int32(global const int *vals, global int *out, local int *c, local uint *u)
{
    int l = (int)get_local_id(0);
    int g = (int)get_group_id(0);
    int v = vals[get_global_id(0)];
    if (l == 0) {
        for (int k = 0; k < 10; k++)
            c[k] = 0;
        c[4] = INT_MAX;
        c[5] = INT_MIN;
        c[6] = -1;
        u[0] = UINT_MAX;
        u[1] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&c[0], v);
    atomic_sub(&c[1], l);
    atomic_inc(&c[2]);
    atomic_dec(&c[3]);
    atomic_min(&c[4], v);
    atomic_max(&c[5], v);
    atomic_and(&c[6], ~(1 << (v & 31)));
    atomic_or(&c[7], 1 << (v & 31));
    atomic_xor(&c[8], v);
    int old;
    do {
        old = c[9];
    } while (atomic_cmpxchg(&c[9], old, old ^ (1 << (l % 32))) != old);
    atomic_min(&u[0], (uint)v);
    atomic_max(&u[1], (uint)v);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        for (int k = 0; k < 10; k++)
            out[g * 12 + k] = c[k];
        out[g * 12 + 10] = (int)u[0];
        out[g * 12 + 11] = (int)u[1];
    }
}
