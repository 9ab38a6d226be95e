// OpenCL 1.1 atomic_* functions on 32-bit int/uint in global memory with order-independent
// results: add/sub/inc/dec totals, min/max (signed and unsigned), and/or/xor masks, a
// cmpxchg-based add loop, inc's old values as unique tickets, and xchg checked through the sum
// of all returned values plus the final value (one work-group, so a barrier orders the check).
kernel void global_int32(global int *c, global uint *u, global const int *vals, global int *seen)
{
    int i = (int)get_global_id(0);
    int v = vals[i];
    atomic_add(&c[0], i);
    atomic_sub(&c[1], i);
    int ticket = atomic_inc(&c[2]);
    seen[ticket] += 1;                       // every ticket 0..63 is handed out exactly once
    atomic_dec(&c[3]);
    atomic_min(&c[4], v);
    atomic_max(&c[5], v);
    atomic_and(&c[6], ~(1 << (i % 31)));
    atomic_or(&c[7], 1 << (i % 29));
    atomic_xor(&c[8], i * 0x01010101);
    int old;
    do {
        old = c[9];
    } while (atomic_cmpxchg(&c[9], old, old + v) != old);
    int prev = atomic_xchg(&c[10], i + 1);
    atomic_add(&c[11], prev);
    atomic_min(&u[0], (uint)v);              // unsigned: negative values are huge
    atomic_max(&u[1], (uint)v);
    atomic_add(&u[2], 0x80000000u);          // wraps
    atomic_inc(&u[3]);
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (i == 0) {
        c[12] = c[10] + c[11];               // final value + all returned values
        c[10] = 0;
        c[11] = 0;
    }
}
