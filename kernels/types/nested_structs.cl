// Typedef'd structs nesting arrays and other structs, read from and written to a buffer with the
// host's layout; struct copies, struct members of struct arrays, structs by value.
typedef struct {
    short s;
    char c[2];
} Inner;                    // 4 bytes

typedef struct {
    int a[3];               // offset 0
    Inner in;               // offset 12
    float f;                // offset 16
    Inner pair[2];          // offset 20
} Outer;                    // 28 bytes

typedef Outer Alias;

int sum_inner(Inner x) { return x.s + x.c[0] + x.c[1]; }

Inner swapped(Inner x)
{
    Inner r = x;
    r.c[0] = x.c[1];
    r.c[1] = x.c[0];
    return r;
}

kernel void nested(global const Outer *in, global Alias *out, global int *sums)
{
    size_t i = get_global_id(0);
    Outer o = in[i];
    Alias copy = o;
    copy.a[1] += o.in.s;
    copy.in.c[1] = o.pair[1].c[0];
    copy.f = o.f * 2.0f;
    copy.pair[0] = o.pair[1];
    copy.pair[1] = swapped(o.in);
    out[i] = copy;
    sums[i] = sum_inner(o.pair[0]) + o.a[0] - o.a[2] + (int)sizeof(Outer) * 1000;
}
