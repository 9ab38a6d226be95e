// OpenCL 2.0 generic address space casts: to_global, to_local and to_private applied to a
// generic pointer that does point into that address space give back a usable pointer (reads and
// writes through it reach the original object). The NULL results for a pointer into another
// space are not tested: Intel's CPU runtime has one flat address space and never returns NULL.
int read_global(int *p) { global int *g = to_global(p); return g ? *g : -1; }
int read_local(int *p) { local int *l = to_local(p); return l ? *l + 1000 : -1; }
int read_private(int *p) { private int *q = to_private(p); return q ? *q + 2000 : -1; }

void bump(int *p, int space)
{
    if (space == 0)
        *to_global(p) += 1;
    else if (space == 1)
        *to_local(p) += 1;
    else
        *to_private(p) += 1;
}

kernel void to_addrspace(global int *buf, global int *out, local int *scratch)
{
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    int priv = (int)i * 3;
    scratch[l] = (int)i * 5;
    barrier(CLK_LOCAL_MEM_FENCE);
    int space = (int)(i % 3);
    int *p;
    if (space == 0)
        p = &buf[i];
    else if (space == 1)
        p = &scratch[l];
    else
        p = &priv;
    out[3 * i + 0] = space == 0 ? read_global(p) : space == 1 ? read_local(p) : read_private(p);
    bump(p, space);
    out[3 * i + 1] = space == 0 ? buf[i] : space == 1 ? scratch[l] : priv;
    out[3 * i + 2] = to_global((int *)&buf[i]) == &buf[i];
}
