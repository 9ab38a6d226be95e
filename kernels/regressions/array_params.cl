// Array parameters are pointers (C11 6.7.6.3p7), keeping the array's address space (issue 9).
static void f(global ulong *o, ulong R[4])
{
    o[0] = R[1];
    R[2] += 100;                        // writes the caller's array
    o[1] = *(R + 3);
}

static ulong g(global const ulong src[], int n, local ulong tmp[8])
{
    ulong s = 0;
    for (int i = 0; i < n; i++) {
        tmp[i] = src[i] * 2;
        s += tmp[i];
    }
    return s;
}

static int h(int a[4]) { a + 1; return a[0] + (int)sizeof(a); }

kernel void array_params(global ulong *o, global const ulong src[4])
{
    local ulong tmp[8];
    ulong r[4] = { 1, 2, 3, 4 };
    f(o, r);
    o[2] = r[2];                        // 103
    o[3] = g(src, 4, tmp);              // 2 * (5 + 6 + 7 + 8)
    int x[4] = { 9, 0, 0, 0 };
    o[4] = h(x);                        // 9 + sizeof(int *)
}
