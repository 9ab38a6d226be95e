// Vector relational, equality and logical operators yield -1/0 masks of the matching signed
// integer type (int4, int4 for float4, long2, char16); the vector ?: selects per component on
// the condition's most significant bit.
kernel void cmp_int(global const int4 *a, global const int4 *b, global int4 *out)
{
    size_t i = get_global_id(0);
    int4 x = a[i], y = b[i];
    global int4 *o = out + i * 10;
    o[0] = x < y;
    o[1] = x <= y;
    o[2] = x > y;
    o[3] = x >= y;
    o[4] = x == y;
    o[5] = x != y;
    o[6] = !x;
    o[7] = x && y;
    o[8] = x || (y > 0);
    o[9] = x < y ? x : y;
}

kernel void cmp_uchar(global const uchar16 *a, global const uchar16 *b, global char16 *out)
{
    size_t i = get_global_id(0);
    uchar16 x = a[i], y = b[i];
    out[3 * i + 0] = x > y;
    out[3 * i + 1] = x == y;
    out[3 * i + 2] = (x >= y) & (x != y);
}

kernel void cmp_long(global const long2 *a, global const long2 *b, global long2 *out)
{
    size_t i = get_global_id(0);
    long2 x = a[i], y = b[i];
    out[3 * i + 0] = x < y;
    out[3 * i + 1] = x != y;
    out[3 * i + 2] = x > y ? x - y : y - x;
}

kernel void cmp_float(global const float4 *a, global const float4 *b, global int4 *m,
                      global float4 *sel)
{
    size_t i = get_global_id(0);
    float4 x = a[i], y = b[i];
    m[5 * i + 0] = x < y;
    m[5 * i + 1] = x == y;
    m[5 * i + 2] = x != y;      // true for NaN operands
    m[5 * i + 3] = x >= y;
    m[5 * i + 4] = !(x > y);
    sel[i] = x > y ? x : y;     // NaN compares false, so y is taken
}

// The condition of a vector ?: is tested on its most significant bit, not against zero.
kernel void ternary_msb(global const int4 *c, global const uint4 *u, global const int4 *a,
                        global const int4 *b, global int4 *out)
{
    size_t i = get_global_id(0);
    out[2 * i + 0] = c[i] ? a[i] : b[i];
    out[2 * i + 1] = u[i] ? a[i] : b[i];
}
