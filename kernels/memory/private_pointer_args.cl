// Private variables passed by address to helpers and to builtins' out-pointers. On Vulkan,
// a helper that only dereferences such a pointer (or passes it on) takes a pointer into the
// caller's Function storage, and the variable stays out of the private stack
// (src/back/spv/flavor/logical_private.rs); the other cases keep the stack. Every result is
// exact.
struct pair { int x; float y; };
// Has no layout in buffer memory on Vulkan (a bool): fine in Function storage.
struct flag { bool on; int n; };

void set_flag(struct flag *f, int v)
{
    f->on = v > 3;
    f->n = f->on ? v * 10 : -v;
}

void swap_if_greater(float *a, float *b)
{
    float lo = fmin(*a, *b);
    *b = fmax(*a, *b);
    *a = lo;
}

// Passes its pointers on, unchanged: a chain of logical parameters.
void sort3(float *a, float *b, float *c)
{
    swap_if_greater(a, b);
    swap_if_greater(b, c);
    swap_if_greater(a, b);
}

void bump(struct pair *p, int by)
{
    p->x += by;
    p->y *= 2.0f;
}

void fill(int (*a)[4], int base)
{
    for (int i = 0; i < 4; i++)
        (*a)[i] = base + i * i;
}

void turn(float4 *v)
{
    v->xy = v->yx;
    v->w += v->z;
}

// A pointer kept in a variable: the helper's own copy must be a real address.
void add_later(int *p, int v)
{
    int *q = p;
    *q += v;
}

// Called with a variable that stays and with one whose address escapes elsewhere: both
// must reach the same storage the caller reads.
void twice(int *p) { *p *= 2; }

// Takes the address of a member of what its parameter points to (a pointer into the middle
// of the caller's variable): the variable keeps a real address.
struct ctx { int inner[2]; int n; };
void zero2(int *a) { a[0] = 0; a[1] = 0; }
void zero1(int *a) { *a = 0; }
void init_ctx(struct ctx *c, int n)
{
    zero2(c->inner);
    c->inner[1] += n;
    zero1(&c->n);
}

// Writes a pointer through a pointer.
void pick(global int **pp, global int *base, int i) { *pp = base + i; }

kernel void private_pointer_args(global const float *in, global float *outf, global int *outi)
{
    int g = get_global_id(0);
    float p0 = in[3 * g], p1 = in[3 * g + 1], p2 = in[3 * g + 2];
    sort3(&p0, &p1, &p2);
    outf[8 * g] = p0;
    outf[8 * g + 1] = p1;
    outf[8 * g + 2] = p2;

    float ip, fl, s, c;
    float m = modf(p2, &ip);
    float f = fract(p0, &fl);
    s = sincos(0.0f, &c);
    int e;
    float mant = frexp(p1, &e);
    outf[8 * g + 3] = m + ip * 16.0f;
    outf[8 * g + 4] = f + fl * 16.0f;
    outf[8 * g + 5] = s + c;
    outf[8 * g + 6] = mant;

    struct pair pr = { g, p1 };
    bump(&pr, 5);
    outf[8 * g + 7] = pr.y;

    int arr[4];
    fill(&arr, g);

    float4 v = (float4)(1.0f, 2.0f, 3.0f, (float)g);
    turn(&v);

    int k = g;
    add_later(&k, 7);

    int a = g + 1, b = g + 2;
    int *which = (g & 1) ? &a : &b;
    *which += 100;
    twice(&a);
    twice(&b);
    int u = g + 3;
    twice(&u);

    global int *at;
    pick(&at, outi, 12 * g + 11);
    *at = -g;

    outi[12 * g] = e;
    outi[12 * g + 1] = pr.x;
    outi[12 * g + 2] = arr[0] + arr[1] * 10 + arr[2] * 100 + arr[3] * 1000;
    outi[12 * g + 3] = (int)v.x;
    outi[12 * g + 4] = (int)v.y;
    outi[12 * g + 5] = (int)v.w;
    outi[12 * g + 6] = k;
    outi[12 * g + 7] = a;
    outi[12 * g + 8] = b;
    outi[12 * g + 9] = u;
    struct ctx cx[2] = { { { 5, 6 }, 7 }, { { 8, 9 }, 10 } };
    init_ctx(&cx[0], g);
    outf[8 * g + 7] += (float)(cx[0].inner[0] + cx[0].inner[1] * 2 + cx[0].n * 100 + cx[1].n * 1000);

    struct flag fg = { false, 0 };
    set_flag(&fg, g);
    outi[12 * g + 10] = fg.n + (fg.on ? 1 : 0);
}
