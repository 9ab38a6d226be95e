// Generic pointers whose address space is only known at run time (CL2.0): each work-item
// points into global memory, a __local variable, a __local argument or a private array, by
// i % 4, and uses the pointer through helpers, a struct (returned, copied, kept in an array),
// pointer arithmetic and comparisons; then writes __local memory through generic pointers
// that its neighbour reads after a barrier.
typedef struct {
    int *ptr;
    int space;
} Ref;

static int sum3(const int *p) { return p[0] + p[1] + p[2]; }

static void add_to(int *p, int v) { *p += v; }

static Ref pick(int space, global int *g, local int *lv, local int *la, int *priv)
{
    Ref r;
    r.space = space;
    if (space == 0)
        r.ptr = g;
    else if (space == 1)
        r.ptr = lv;
    else if (space == 2)
        r.ptr = la;
    else
        r.ptr = priv;
    return r;
}

static int *step(Ref r, int n) { return r.ptr + n; }

static int in_own_space(Ref r)
{
    if (r.space == 0)
        return to_global(r.ptr) != 0;
    if (r.space == 3)
        return to_private(r.ptr) != 0;
    return to_local(r.ptr) != 0;
}

kernel void generic_runtime(global int *buf, global int *out, local int *la)
{
    local int lv[24];
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    int priv[3];
    for (int k = 0; k < 3; k++) {
        priv[k] = (int)i * 10 + k;
        lv[3 * l + k] = (int)i * 100 + k;
        la[3 * l + k] = (int)i * 1000 + k;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    int space = (int)(i % 4);
    Ref r = pick(space, &buf[3 * i], &lv[3 * l], &la[3 * l], priv);
    Ref two[2] = { r, pick((space + 1) % 4, &buf[3 * i], &lv[3 * l], &la[3 * l], priv) };
    out[8 * i + 0] = sum3(r.ptr);
    add_to(step(r, 1), 7);
    out[8 * i + 1] = space == 0 ? buf[3 * i + 1]
                   : space == 1 ? lv[3 * l + 1]
                   : space == 2 ? la[3 * l + 1]
                                : priv[1];
    out[8 * i + 2] = (int)(step(r, 2) - r.ptr);
    out[8 * i + 3] = (r.ptr == (int *)&buf[3 * i]) + 2 * (r.ptr == (int *)&lv[3 * l]) +
                     4 * (r.ptr == (int *)&la[3 * l]) + 8 * (r.ptr == (int *)priv);
    out[8 * i + 4] = in_own_space(r) + 2 * in_own_space(two[1]);
    out[8 * i + 5] = *two[i & 1].ptr;

    int *mine = (i & 1) ? (int *)&lv[3 * l + 2] : (int *)&la[3 * l + 2];
    *mine = (int)i * 7;
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t n = (l + 1) % 8;
    int *theirs[2] = { (int *)&lv[3 * n + 2], (int *)&la[3 * n + 2] };
    out[8 * i + 6] = *theirs[0] + *theirs[1];
    out[8 * i + 7] = (theirs[0] != theirs[1]) + 2 * (mine != theirs[0]) +
                     4 * ((int *)&lv[3 * l + 2] == ((i & 1) ? mine : (int *)0));
}
