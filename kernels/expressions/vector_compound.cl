// Compound assignment and ++/-- on whole vectors: v += w, v *= s (scalar widened), v <<= k,
// v %= w, v &= mask, pre/post increment and decrement of int4 values (++/-- are not defined for
// float vectors), compound assignment on float4.
kernel void vector_compound(global const int4 *a, global const int4 *b, global const float4 *f,
                            global int4 *out, global float4 *fout)
{
    size_t i = get_global_id(0);
    int4 v = a[i], w = b[i];
    v += w;
    v *= 3;
    int4 before = v++;                   // post-increment yields the old value
    int4 after = ++v;
    v -= before;                         // 2 in every component
    w <<= 2;
    w >>= 1;
    w %= 7;
    w &= 0xff;
    w |= v;
    w ^= after;
    int4 d = w--;
    global int4 *o = out + i * 4;
    o[0] = v;
    o[1] = w;
    o[2] = d;
    o[3] = after;
    float4 x = f[i];
    x *= 0.5f;
    x += x;
    float4 y = x;
    x -= 1.0f;
    x /= 4.0f;
    fout[2 * i + 0] = x;
    fout[2 * i + 1] = y -= 1.0f;
}
