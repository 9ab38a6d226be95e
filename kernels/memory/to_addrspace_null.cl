// to_global/to_local/to_private and get_fence on generic pointers chosen at run time, for
// every space, including the mismatched casts, which must give NULL (OpenCL C 2.0 §6.13.9).
global int counter = 5;

static int classify(int *p)
{
    return (to_global(p) != 0) + 2 * (to_local(p) != 0) + 4 * (to_private(p) != 0) +
           8 * (int)get_fence(p);
}

kernel void to_addrspace_null(global int *buf, global int *out, local int *la)
{
    local int lv[8];
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    int priv = (int)i;
    lv[l] = (int)i;
    la[l] = (int)i;
    int space = (int)(i % 5);
    int *p;
    if (space == 0)
        p = &buf[i];
    else if (space == 1)
        p = &lv[l];
    else if (space == 2)
        p = &la[7 - l];
    else if (space == 3)
        p = &priv;
    else
        p = &counter;
    out[3 * i + 0] = classify(p);
    out[3 * i + 1] = to_global((int *)0) == 0 && to_local((int *)0) == 0 && to_private((int *)0) == 0;
    // The address survives a matching cast.
    out[3 * i + 2] = space == 0 ? to_global(p) == &buf[i]
                   : space == 1 ? to_local(p) == &lv[l]
                   : space == 2 ? to_local(p) == &la[7 - l]
                   : space == 3 ? to_private(p) == &priv
                                : to_global(p) == &counter;
}
