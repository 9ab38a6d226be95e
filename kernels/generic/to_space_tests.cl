// A generic helper that asks which space its pointer is in, the way clc-smith's kernels
// do, given a __global, a __local and a __private pointer. On the Vulkan target each call
// gets a copy of the helper for its space, where `to_local(p)` is NULL or `p` itself, known
// when the module is compiled: the tests are constants there (a __local pointer has no
// address to compare with NULL at run time).
static int where(int *p)
{
    int w = 0;
    if (to_global(p))
        w += 1;
    if (to_local(p))
        w += 2;
    if (!to_private(p))
        w += 8;
    return w + (to_local(p) ? 16 : 0) + *p * 100;
}

kernel void to_space_tests(global int *out, local int *scratch)
{
    int lid = get_local_id(0);
    local int *mine = scratch + lid;
    *mine = lid + 1;
    int x = lid + 2;
    barrier(CLK_LOCAL_MEM_FENCE);
    global int *o = out + get_global_id(0) * 3;
    o[0] = lid + 3;
    o[0] = where(o);
    o[1] = where(mine);
    o[2] = where(&x);
}
