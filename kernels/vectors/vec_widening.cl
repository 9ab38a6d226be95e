// Implicit scalar-to-vector widening: a scalar operand of a binary operator, of ?:, of an
// initializer or of an assignment is converted to the element type and splat.
kernel void widen(global const float4 *fv, global const float *fs, global const int4 *iv,
                  global const int *is, global const uchar16 *cv, global const long2 *lv,
                  global float4 *fo, global int4 *io, global uchar16 *co, global long2 *lo)
{
    size_t i = get_global_id(0);
    float4 v = fv[i];
    float s = fs[i];
    int4 q = iv[i];
    int k = is[i];
    float4 three = 3.0f;        // scalar initializer
    fo[4 * i + 0] = v * s + 1.0f;
    fo[4 * i + 1] = 2.0f - v / 2.0f + three;
    fo[4 * i + 2] = v < s ? v : s;
    fo[4 * i + 3] = v + 1;      // int constant converted to float, then splat
    int4 t;
    t = k;                      // scalar assignment
    io[4 * i + 0] = q * k + 3;
    io[4 * i + 1] = 1000 / (q | 1) - t;
    io[4 * i + 2] = q > k;
    io[4 * i + 3] = (q << 3) ^ (k & 255);
    uchar16 c = cv[i];
    co[2 * i + 0] = c + (uchar)200;
    co[2 * i + 1] = (c >> 1) * (uchar)3;
    short sh = (short)(k - 500);
    long2 l = lv[i];
    lo[2 * i + 0] = l + k;      // int widened to long2
    lo[2 * i + 1] = l * sh;
}
