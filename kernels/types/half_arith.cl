// half (cl_khr_fp16) arithmetic: + - * / with IEEE binary16 results (round to nearest even,
// subnormals, infinities, NaN, signed zeros), comparisons and relational functions, select and
// the conditional operator. Inputs arrive as bit patterns; results are widened to float, which
// is exact, so `ulp = 0` checks each half result bit for bit (a NaN matches any NaN).
// Expected values: make_half.py.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL FP_CONTRACT OFF

kernel void arith(global const ushort *a, global const ushort *b, global float *out,
                  global int *cmp)
{
    size_t i = get_global_id(0);
    half x = as_half(a[i]), y = as_half(b[i]);
    half s = x + y, d = x - y, p = x * y, q = x / y;
    half m = x * 0.1h;
    half one = x + 1;                  // the int converts to half: a half addition
    global float *o = out + 8 * i;
    o[0] = s;
    o[1] = d;
    o[2] = p;
    o[3] = q;
    o[4] = select(x, y, (short)(x < y));
    o[5] = -(x > y ? x : y);
    o[6] = m;
    o[7] = one;
    cmp[i] = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4
           | (x != y) << 5 | isnan(x) << 6 | isinf(x) << 7 | signbit(x) << 8
           | isfinite(x) << 9 | isnormal(x) << 10 | isunordered(x, y) << 11
           | islessgreater(x, y) << 12 | (!x) << 13;
}
