// The OpenCL 1.0 extension names for 32-bit atomics (cl_khr_global_int32_base_atomics,
// cl_khr_global_int32_extended_atomics, cl_khr_local_int32_base_atomics and
// cl_khr_local_int32_extended_atomics): atom_add, atom_inc, atom_cmpxchg, atom_min, atom_or, ...
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_global_int32_extended_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_local_int32_extended_atomics : enable

kernel void atom_int32(global int *c, global uint *u, global const int *vals, local int *lc)
{
    int i = (int)get_global_id(0);
    int l = (int)get_local_id(0);
    int v = vals[i];
    if (l == 0) {
        lc[0] = 0;
        lc[1] = INT_MIN;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    atom_add(&c[0], v);
    atom_sub(&c[1], v);
    atom_inc(&c[2]);
    atom_dec(&c[3]);
    atom_xchg(&c[4], 9);
    atom_cmpxchg(&c[5], 0, i + 1);           // only the first to arrive succeeds: c[5] != 0
    atom_min(&c[6], v);
    atom_max(&c[7], v);
    atom_and(&u[0], ~(1u << (i % 32)));
    atom_or(&u[1], 1u << ((i * 7) % 32));
    atom_xor(&u[2], (uint)v);
    atom_add(&lc[0], 1);
    atom_max(&lc[1], v);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        atom_add(&c[8], lc[0]);
        atom_add(&c[9], lc[1]);
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (i == 0)
        c[5] = c[5] != 0;
}
