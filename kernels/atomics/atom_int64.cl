// 64-bit atomics from cl_khr_int64_base_atomics (atom_add/sub/xchg/inc/dec/cmpxchg) and
// cl_khr_int64_extended_atomics (atom_min/max/and/or/xor) on long/ulong in global and local
// memory, with values that need all 64 bits and order-independent results.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable

kernel void atom_int64(global long *c, global ulong *u, global const long *vals,
                       global long *seen, local long *lc)
{
    int i = (int)get_global_id(0);
    int l = (int)get_local_id(0);
    long v = vals[i];
    atom_add(&c[0], v);
    atom_sub(&c[1], (long)i << 33);
    long t = atom_inc(&c[2]);
    seen[t - (1L << 35)] += 1;               // tickets 2^35 .. 2^35 + 63, each once
    atom_dec(&c[3]);
    atom_min(&c[4], v);
    atom_max(&c[5], v);
    atom_and(&c[6], ~(1L << (i % 63)));
    atom_or(&c[7], 1L << (i % 61));
    atom_xor(&c[8], v);
    long old;
    do {
        old = c[9];
    } while (atom_cmpxchg(&c[9], old, old + (v >> 4)) != old);
    atom_min(&u[0], (ulong)v);
    atom_max(&u[1], (ulong)v);
    if (l == 0)
        lc[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atom_add(&lc[0], v);
    atom_xchg(&c[10], 42L);                  // every exchange stores the same value
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0)
        atom_add(&c[11], lc[0] ^ 0x5555555555555555L);
}
