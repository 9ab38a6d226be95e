// Helpers given pointers into different __local objects by different calls: the shape of
// shoc's scan.cl (`scanLocalMem(val, lmem, 1)` from two kernels, each with its own __local
// argument) and rodinia's hybridsort (`addOffset(s_offset + warpBase, ...)`). On the Vulkan
// target clc clones such a helper once per object, so that its __local pointers are
// indices and the module declares no VariablePointers (with which NVIDIA's driver 580 loses
// __local atomics: kernels/fuzz/nvidia_vp_local_atomic).

// An inclusive scan of `n` values in `lmem` (Kogge-Stone); returns this work-item's sum.
int scan_local(int val, __local int *lmem, int n)
{
    int lid = get_local_id(0);
    lmem[lid] = val;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 1; d < n; d *= 2) {
        int t = lid >= d ? lmem[lid - d] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        lmem[lid] += t;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return lmem[lid];
}

// Counts into `bins` with __local atomics, through a pointer the helper steps.
void count_into(__local uint *bins, uint key, uint n)
{
    __local uint *b = bins + (key % n);
    atomic_inc(b);
}

__kernel void scan_arg(__global int *out, __local int *lmem)
{
    int lid = get_local_id(0);
    out[get_global_id(0)] = scan_local(lid + 1, lmem, get_local_size(0));
}

__kernel void scan_var_and_arg(__global int *out, __local int *larg)
{
    __local int tile[16];
    __local uint bins[4];
    __local uint more[8];
    int lid = get_local_id(0);
    if (lid < 4)
        bins[lid] = 0;
    if (lid < 8)
        more[lid] = 100;
    int a = scan_local(lid, tile, 16);      // a __local variable
    int b = scan_local(2 * lid, larg, 16);  // the kernel's __local argument
    count_into(bins, lid, 4);               // two objects for the same helper
    count_into(more, lid * 3, 8);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = a * 1000 + b + (int)(bins[lid % 4] * 10000000u)
                            + (int)(more[lid % 8] * 100000u);
}

// A helper with a private array whose address escapes (it lives in the work-item's stack
// frame on Vulkan): each clone gets its own frame slot, which the host must allocate (the
// reflection's private_stack_bytes is the cloned module's).
int weigh(__local int *p, int k)
{
    int w[4];
    int *q = w;
    for (int i = 0; i < 4; i++)
        q[i] = p[i] * (k + i);
    int s = 0;
    for (int i = 0; i < 4; i++)
        s += w[3 - i];
    return s;
}

__kernel void weigh_two(__global int *out, __local int *larg)
{
    __local int tile[64];
    int lid = get_local_id(0);
    for (int i = 0; i < 4; i++) {
        tile[lid * 4 + i] = lid + i;
        larg[lid * 4 + i] = 2 * lid - i;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = weigh(tile + lid * 4, 1) * 1000 + weigh(larg + lid * 4, 3);
}
