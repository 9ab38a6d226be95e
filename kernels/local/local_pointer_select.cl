// `?:` between two pointers into the same __local object: on the Vulkan target the pointer
// is the object and an index chosen at run time (only the chosen side is evaluated), so the
// module needs no VariablePointers (kernels/fuzz/nvidia_vp_local_atomic says why it matters).
kernel void local_pointer_select(global int *out, local int *a)
{
    local int b[64];
    local uint hits[4];
    int l = get_local_id(0);
    if (l < 4)
        hits[l] = 0;
    for (int i = 0; i < 4; i++) {
        b[l * 4 + i] = 0;
        a[l * 4 + i] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Two positions in `b`, chosen per work-item.
    local int *p = (l & 1) ? b + 4 * l : b + 4 * l + 2;
    *p = 10 + l;
    // A side effect on the chosen side only: `q` steps only when `l & 2`.
    local int *q = a + 4 * l;
    local int *r = (l & 2) ? q++ : q + 3;
    *r = 100 + l;
    *q += 1000;
    // A select of __local pointers used for an atomic.
    atomic_inc((l < 8) ? &hits[l & 3] : &hits[3 - (l & 3)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    int s = 0;
    for (int i = 0; i < 4; i++)
        s = s * 10 + (b[l * 4 + i] != 0) + (a[l * 4 + i] != 0) * 2;
    out[get_global_id(0)] = s * 100000 + b[4 * l + ((l & 1) ? 0 : 2)] * 100 + (int)hits[l & 3];
}
