// Vector shifts mask each count with the element width (no promotion for vectors): a char4
// shifted by 9 moves by 1; a per-component count vector; a scalar count is widened.
kernel void vshifts(global const char4 *c, global const short8 *s, global const uint4 *u,
                    global const long2 *l, global const uint4 *cnt, global char4 *co,
                    global short8 *so, global uint4 *uo, global long2 *lo)
{
    size_t i = get_global_id(0);
    int n = (int)i * 5;
    co[i] = c[i] << (char)n;              // count & 7 per element
    so[i] = s[i] >> (short)n;             // count & 15, arithmetic
    uo[i] = u[i] >> cnt[i];               // per-component counts & 31
    lo[i] = l[i] << (long)(n + 64);       // count & 63
}
