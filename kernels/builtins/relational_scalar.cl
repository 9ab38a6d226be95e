// Scalar relational builtins (results 1/0 as int): comparisons with NaN/inf/denormal/-0.0
// operands, classification, signbit, select and bitselect. (any/all are in any_all.cl.)
#define N 32
#define OUT(e) o[(k++) * N + i] = (e)

kernel void relational_scalar(global const float *xs, global const float *ys, global int *o,
                              global float *sel, global uint *bits)
{
    int i = (int)get_global_id(0);
    float x = xs[i], y = ys[i];
    int k = 0;
    OUT(isequal(x, y));
    OUT(isnotequal(x, y));
    OUT(isgreater(x, y));
    OUT(isgreaterequal(x, y));
    OUT(isless(x, y));
    OUT(islessequal(x, y));
    OUT(islessgreater(x, y));
    OUT(isfinite(x));
    OUT(isinf(x));
    OUT(isnan(x));
    OUT(isnormal(x));
    OUT(isordered(x, y));
    OUT(isunordered(x, y));
    OUT(signbit(x));
    sel[i] = select(x, y, i & 1);           // c ? y : x for scalars
    sel[N + i] = select(y, x, (uint)(i * 0x20000000u));
    bits[i] = bitselect(as_uint(x), as_uint(y), 0xffff0000u);
    sel[2 * N + i] = bitselect(x, y, as_float(0x80000000u)); // sign of y, rest of x
}
