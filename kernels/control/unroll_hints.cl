// Loop unroll hints in every spelling clang accepts. They are hints (LoopControl Unroll,
// DontUnroll, and PartialCount from SPIR-V 1.4): the results must not change.
#define FACTOR 4

kernel void unroll_hints(global const int *in, global int *o)
{
    size_t g = get_global_id(0);
    int v = in[g], a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h = 0;
#pragma unroll
    for (int i = 0; i < 8; i++)
        a += v * i;
#pragma unroll 2
    for (int i = 0; i < 7; i++)
        b ^= v << i;
#pragma unroll(FACTOR)
    for (int i = 0; i < 9; i++)
        c += (v >> (i & 3)) & 1;
#pragma nounroll
    for (int i = v & 7; i > 0; i--)
        d += i;
#pragma clang loop unroll(full)
    for (int i = 0; i < 5; i++)
        e = e * 3 + v;
#pragma clang loop unroll_count(3)
    while (f < (v & 15))
        f += 2;
    __attribute__((opencl_unroll_hint(2)))
    do {
        h += v;
    } while (h < 100 && v > 0);
    global int *r = o + 7 * g;
    r[0] = a, r[1] = b, r[2] = c, r[3] = d, r[4] = e, r[5] = f, r[6] = h;
}
