// Loops whose integer expressions grow by a fixed amount per iteration: clc's -O pipeline
// gives such expressions induction variables of their own (src/optimize/strength.rs).
// Each shape below is one the pass handles or must leave alone: strided indices, counting
// down, shifts, negation, unsigned wrap-around, nested loops, 64-bit counters, the counter's
// next value, two counters in one loop, a value used after its loop, and a step that is a
// kernel argument. Expected values: make_strength_reduction.py (exact 32/64-bit model).
__kernel void strength_reduction(__global const int* a, __global int* out,
                                 int n, int stride, int step, uint big)
{
    int g = get_global_id(0);
    __global int* o = out + g * 12;

    // 1. A strided index, k-means style: f * stride + g.
    int acc = 0;
    for (int f = 0; f < n; ++f)
        acc += a[f * stride + g];
    o[0] = acc;

    // 2. Counting down by a step that is an argument.
    acc = 0;
    for (int i = n - 1; i >= 0; i -= step)
        acc += a[i * 3 + 1] * (i + 1);
    o[1] = acc;

    // 3. A shift and an add of the work-item's id.
    uint u = 0;
    for (uint i = 0; i < 8; ++i)
        u ^= (i << 4) + (uint)g;
    o[2] = (int)u;

    // 4. Negation and a product with an argument.
    acc = 0;
    for (int i = 0; i < 10; i++)
        acc += -i * stride + g;
    o[3] = acc;

    // 5. Unsigned wrap-around: the counter and the product both overflow.
    u = 0;
    for (uint i = 0xfffffff0u, k = 0; k < 10; i += 3, ++k)
        u += i * 0x9E3779B1u + (uint)g;
    o[4] = (int)u;

    // 6. Nested loops with a clamped column and a row base, conv2d style; the last index is
    //    read after the loops.
    acc = 0;
    int last = 0;
    for (int dy = -2; dy <= 2; ++dy) {
        int yy = clamp(g / 4 + dy, 0, 3);
        for (int dx = -2; dx <= 2; ++dx) {
            last = (dy + 2) * 5 + dx + 2;
            int xx = clamp(g % 4 + dx, 0, 3);
            acc += a[yy * 4 + xx] * (last + 1);
        }
    }
    o[5] = acc;
    o[6] = last;

    // 7. A 64-bit counter and index arithmetic in 64 bits.
    long l = 0;
    for (long i = 0; i < n; i++)
        l += (long)a[(i * 5 + g) % 64] * (i * (long)big + g);
    o[7] = (int)(l ^ (l >> 32));

    // 8. The counter's next value.
    acc = 0;
    for (int i = 0; i < n;) {
        i++;
        acc += a[(i * 7 + g) & 63];
    }
    o[8] = acc;

    // 9. Two counters in one loop, one counting up, one down.
    acc = 0;
    for (int i = 0, j = n; i < n; i++, j--)
        acc += a[(i * 2 + j * 3) & 63] - j;
    o[9] = acc;

    // 10. A step that is an argument, and the expression used after the loop.
    acc = 0;
    int e = 0;
    for (int i = g; i < 40; i += step) {
        e = i * stride - 5;
        acc += e;
    }
    o[10] = acc;
    o[11] = e;
}
