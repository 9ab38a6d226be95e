// to_global/to_local/to_private applied to pointers of a named space (clang converts them
// to generic first): the same space gives the pointer back, another gives NULL. Found by
// the address-space mutator (fuzz/checks): clc emitted OpGenericCastToPtrExplicit on a
// non-generic pointer (invalid SPIR-V), and on Vulkan a NULL __local pointer as a device
// address.
kernel void to_addrspace_named(global int *o, local int *l) {
    private int t = 5 + (int)get_global_id(0);
    global int *g = to_global(&t);
    private int *p = to_private(&t);
    local int *q = to_local(l);
    global int *r = to_global(o);
    q[0] = 3;
    barrier(CLK_LOCAL_MEM_FENCE);
    o[0] = g == 0;
    o[1] = *p;
    o[2] = *r + 10;
    o[3] = to_local(o) == 0;
    o[4] = to_private(l) == 0;
    o[5] = to_global(l) == 0;
    o[6] = to_local(&t) == 0;
    o[7] = l[0] + (to_private(&t) == p);
}
