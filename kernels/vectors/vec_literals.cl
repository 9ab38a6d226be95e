// Vector literals in every legal shape: splat (float4)(a), all scalars, mixes of scalars and
// smaller vectors ((float4)(v2, f, f), (int8)(v4, v4), nested literals), in __constant tables,
// as operands and as function arguments.
constant int4 table[2] = { (int4)(1, 2, 3, 4), (int4)(-5) };

float4 scale4(float4 v, float4 s) { return v * s; }

kernel void literals(global const float *xs, global const float2 *v2s, global const int4 *q4s,
                     global float4 *fo, global int16 *io, global int8 *eo)
{
    size_t i = get_global_id(0);
    float a = xs[i];
    float2 v2 = v2s[i];
    int4 q = q4s[i];
    global float4 *f = fo + i * 8;
    f[0] = (float4)(a);
    f[1] = (float4)(a, 1.0f, -2.0f, 0.5f);
    f[2] = (float4)(v2, a, 3.0f);
    f[3] = (float4)(a, v2, 4.0f);
    f[4] = (float4)(v2, v2);
    f[5] = (float4)((float3)(a, v2), 7.0f);
    f[6] = scale4((float4)(v2, (float2)(a)), (float4)(1.0f, 2.0f, 0.5f, -1.0f));
    f[7] = (float4)(1.5f, (float2)(2.5f, a), -a) + (float4)(0.25f);
    int8 e = (int8)(q, q * 2);
    io[i] = (int16)(e, (int4)(1, 2, 3, 4), (int2)(5), 9, (int)i);
    int q0 = ((global const int *)q4s)[4 * i];
    eo[i] = (int8)(table[i & 1] + (int4)(10, 20, 30, 40), (int4)(q0)) + e;
}
