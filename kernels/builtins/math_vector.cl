// Math builtins on vector arguments: component-wise transcendental functions on float2/4/8/16,
// vector pointer out-parameters (sincos, frexp with int4*), and the overloads that mix a vector
// with a scalar (fmin/fmax(floatn, float), ldexp(floatn, int), pown(floatn, intn)).
kernel void math_vector(global const float16 *xs, global float4 *trig, global float16 *roots,
                        global float8 *exact, global int4 *exps, global float2 *pw)
{
    size_t i = get_global_id(0);
    float16 x = xs[i];
    float4 q = x.lo.lo;
    float4 c;
    trig[3 * i + 0] = sin(q);
    trig[3 * i + 1] = sincos(q, &c);
    trig[3 * i + 2] = c;
    roots[i] = sqrt(fabs(x));
    float8 e = x.hi;
    exact[4 * i + 0] = fmin(e, 0.5f);
    exact[4 * i + 1] = fmax(e, -1.0f);
    exact[4 * i + 2] = ldexp(e, 3);
    int4 ex;
    exact[4 * i + 3] = (float8)(frexp(q, &ex), floor(x.s4567));
    exps[i] = ex;
    pw[i] = pown(x.s89, (int2)(2, -3)) + pow(fabs(x.sab), (float2)(0.5f, 1.5f));
}
