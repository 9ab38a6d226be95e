// Vector relational builtins return -1/0 masks (intn for floatn): isequal, isless, isnan,
// isinf, isnormal, signbit, isunordered; vector select (on the MSB of each mask component) and
// bitselect on integer and float vectors.
kernel void relational_vector(global const float4 *xs, global const float4 *ys,
                              global const int4 *cs, global int4 *m, global float4 *sel,
                              global uint4 *bs)
{
    size_t i = get_global_id(0);
    float4 x = xs[i], y = ys[i];
    global int4 *o = m + i * 7;
    o[0] = isequal(x, y);
    o[1] = isless(x, y);
    o[2] = isnan(x);
    o[3] = isinf(y);
    o[4] = isnormal(x);
    o[5] = signbit(y);
    o[6] = isunordered(x, y);
    sel[3 * i + 0] = select(x, y, isless(x, y));     // the smaller, unless NaN is involved
    sel[3 * i + 1] = select(x, y, cs[i]);            // MSB of cs picks y
    sel[3 * i + 2] = bitselect(x, y, as_float4(cs[i]));
    bs[i] = bitselect(as_uint4(x), as_uint4(y), (uint4)(0xff00ff00u));
}
