// Designated initializers: out-of-order struct members, nested member and array-element
// designators (.c[1], .r.hi, [1].q), array index designators with continuation after them, in
// private variables and in a program-scope __constant table. Unnamed members become zero.
typedef struct {
    int a;
    int b;
    int c[3];
    struct { short lo, hi; } r;
} D;

constant int table[8] = { [2] = 20, [5] = 50, 51, [7] = 70 };

kernel void desig(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    D d = { .b = x, .c[1] = 5, .r.hi = 9, .a = -x };
    D e = { .c = { [2] = x }, 1 };            // the 1 goes to the member after c: r.lo
    int arr[6] = { [4] = x, 1, [1] = 2 };
    struct { int p, q; } pairs[3] = { [1].q = x, [0] = { 7, 8 }, [2].p = 3 };
    global int *o = out + i * 16;
    o[0] = d.a;
    o[1] = d.b;
    o[2] = d.c[0] + d.c[1] * 10 + d.c[2] * 100;
    o[3] = d.r.lo + d.r.hi * 10;
    o[4] = e.a + e.b + e.c[0] + e.c[1];
    o[5] = e.c[2];
    o[6] = e.r.lo * 10 + e.r.hi;
    for (int k = 0; k < 6; k++)
        o[7 + k] = arr[k];
    o[13] = pairs[0].p * 1000 + pairs[0].q * 100 + pairs[1].p * 10 + pairs[2].p;
    o[14] = pairs[1].q + pairs[2].q;
    o[15] = table[i & 7];
}
