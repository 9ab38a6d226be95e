// Arithmetic on float2/float4/float8/float16 values loaded through vector pointers: + - * /,
// unary minus and vector-scalar mixes (the float scalar is widened to the vector type).
kernel void arith2(global const float2 *a, global const float2 *b, global float2 *r,
                    global float2 *q)
{
    size_t i = get_global_id(0);
    float2 x = a[i], y = b[i];
    r[i] = (x + y) * x - y * 0.5f + -x / 4.0f - 1.0f;
    q[i] = x / y;
}

kernel void arith4(global const float4 *a, global const float4 *b, global float4 *r,
                    global float4 *q)
{
    size_t i = get_global_id(0);
    float4 x = a[i], y = b[i];
    r[i] = (x + y) * x - y * 0.5f + -x / 4.0f - 1.0f;
    q[i] = x / y;
}

kernel void arith8(global const float8 *a, global const float8 *b, global float8 *r,
                    global float8 *q)
{
    size_t i = get_global_id(0);
    float8 x = a[i], y = b[i];
    r[i] = (x + y) * x - y * 0.5f + -x / 4.0f - 1.0f;
    q[i] = x / y;
}

kernel void arith16(global const float16 *a, global const float16 *b, global float16 *r,
                    global float16 *q)
{
    size_t i = get_global_id(0);
    float16 x = a[i], y = b[i];
    r[i] = (x + y) * x - y * 0.5f + -x / 4.0f - 1.0f;
    q[i] = x / y;
}
