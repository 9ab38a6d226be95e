// __local pointers that point into one __local object: a kernel's __local argument, a
// __local array (through a row, an element or a sub-array pointer) and a __local scalar.
// Stepped, compared, subtracted, kept in variables, and used by atomics. On the Vulkan
// target clc keeps them as an object and an element index, so the module needs no
// VariablePointers (NVIDIA's driver loses __local atomics in modules that declare it;
// kernels/fuzz/nvidia_vp_local_atomic). The helpers take such pointers as indices.
static int sum4(const local int *p)
{
    int s = 0;
    for (const local int *end = p + 4; p != end; p++)
        s += *p;
    return s;
}

static int nested(local int *p)
{
    return sum4((p + 2) - 2) + p[0];
}

static void bump(local uint *c, local int *p, int n)
{
    atomic_add(c, n);
    *p += n;
    p[-3] -= 0;
}

kernel void local_pointer_index(global int *out, local int *scratch)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    local int tile[4][8];
    local uint counter;
    local int *p = scratch + lid * 4;
    for (int k = 0; k < 4; k++)
        p[k] = gid * 10 + k;
    tile[lid & 3][lid] = lid * 3;
    if (lid == 0)
        counter = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&counter, lid + 1);
    local uint *c = &counter;
    atomic_inc(c);
    atomic_add(p + 1, 100);
    bump(c, p + 3, 5);
    local int *q = p;
    q++;
    q += 2;
    int a = *q;
    --q;
    int b = q[-1];
    int d = q - p;
    int lt = (p < q) + 2 * (q <= p) + 4 * (p == p + 0) + 8 * (p != q);
    local int *t = &tile[0][0] + 8 * (lid & 3) + lid;
    int e = *t;
    local int *u = t - 8 * (lid & 3);
    local int *row = tile[lid & 3];
    local int (*rp)[8] = tile;
    rp += lid & 3;
    int checks = 1000 * (row[lid] == e) + 10000 * ((*rp)[lid] == e) +
                 100000 * (u[8 * (lid & 3)] == e);
    local int *w = scratch + lid * 4;
    int s = 0;
    for (local int *end = w + 4; w < end; w++)
        s += *w;
    int same = (scratch == &tile[0][0]) + 2 * (p == scratch + lid * 4);
    barrier(CLK_LOCAL_MEM_FENCE);
    int h = nested(p) - p[4 - 4];
    global int *o = out + gid * 9;
    o[0] = a;
    o[1] = b;
    o[2] = d;
    o[3] = lt;
    o[4] = e + checks;
    o[5] = *c;
    o[6] = s;
    o[7] = same;
    o[8] = h;
}
