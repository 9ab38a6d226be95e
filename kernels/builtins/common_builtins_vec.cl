// Common builtins on vectors, including the overloads that take scalar bounds/weights/edges:
// clamp(floatn, float, float), mix(floatn, floatn, float), step(float, floatn),
// smoothstep(float, float, floatn), max/min(floatn, float), sign(floatn).
kernel void common_vec(global const float4 *xs, global const float4 *ys, global float4 *out,
                       global float8 *out8)
{
    size_t i = get_global_id(0);
    float4 x = xs[i], y = ys[i];
    global float4 *o = out + i * 8;
    o[0] = clamp(x, -1.0f, 1.5f);
    o[1] = clamp(x, y, y + 1.0f);
    o[2] = mix(x, y, 0.75f);
    o[3] = mix(x, y, (float4)(0.0f, 0.25f, 0.5f, 1.0f));
    o[4] = step(0.5f, x);
    o[5] = smoothstep(-2.0f, 2.0f, x);
    o[6] = max(x, 0.25f) + min(y, -0.5f);
    o[7] = sign(x - y);
    float8 w = (float8)(x, y);
    out8[i] = clamp(w, (float8)(-0.5f), (float8)(0.5f));
}
