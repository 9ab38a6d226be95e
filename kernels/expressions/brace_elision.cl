// Initializer lists with elided braces (a flat list filling nested arrays and structs), partial
// lists (the rest is zero), string initializers for char arrays and run-time values in
// initializers of automatic variables.
typedef struct {
    int a[2];
    short b;
    int c[2][2];
} E;

kernel void elide(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    int m[2][3] = { 1, 2, 3, 4, 5, x };
    int n[3][2] = { { 1 }, { 2, 3 }, 4 };
    E e = { 1, 2, 3, 4, 5, 6, x };
    E f[2] = { 1, 2, 3, { 4 }, 5 };
    int partial[5] = { x };
    char s[8] = "abc";
    struct { E inner; int tail; } z = { 0 };
    global int *o = out + i * 12;
    o[0] = m[0][2] * 10 + m[1][0];
    o[1] = m[1][2];
    o[2] = n[0][0] * 100000 + n[0][1] * 10000 + n[1][0] * 1000 + n[1][1] * 100 + n[2][0] * 10 + n[2][1];
    o[3] = e.a[0] * 1000 + e.a[1] * 100 + e.b * 10 + e.c[0][0];
    o[4] = e.c[0][1] * 100 + e.c[1][0] * 10 + (e.c[1][1] == x);
    o[5] = f[0].c[0][0] * 1000 + f[0].c[0][1] * 100 + f[0].c[1][0] * 10 + f[0].c[1][1];
    o[6] = f[1].a[0] * 10 + f[1].a[1] + f[1].b + f[1].c[1][1];
    o[7] = partial[0] + partial[1] + partial[4];
    o[8] = s[0] + s[2] * 1000;
    o[9] = s[3] + s[7];
    o[10] = z.inner.a[1] + z.inner.c[1][1] + z.tail;
    o[11] = sizeof(s) + sizeof(z) * 100;
}
