// Program-scope __constant data: an int table, an array of structs, a scalar constant,
// plus a __constant pointer kernel parameter.
struct coeff {
    int mul;
    int add;
};

__constant int table[16] = { 3, -1, 4, 1, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3 };

__constant struct coeff coeffs[4] = { { 2, 1 }, { 3, -5 }, { -1, 7 }, { 5, 0 } };

__constant int bias = 100;

kernel void lookup(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int v = in[i];
    struct coeff c = coeffs[(v >> 4) & 3];
    out[i] = table[v & 15] * c.mul + c.add + bias;
}

kernel void weighted(global const int *in, __constant int *weights, global int *out)
{
    size_t i = get_global_id(0);
    int v = in[i];
    out[i] = weights[v & 7] * table[(v >> 3) & 15] - coeffs[i & 3].add;
}
