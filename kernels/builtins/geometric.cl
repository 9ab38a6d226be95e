// Geometric builtins: dot and cross on float2/3/4 (exact for the small integer inputs used),
// length/distance/normalize and their fast_ variants on float, float2, float3 and float4.
kernel void geometric(global const float4 *as, global const float4 *bs, global float *dots,
                      global float4 *crosses, global float *lens, global float4 *norms,
                      global float *fast)
{
    size_t i = get_global_id(0);
    float4 a = as[i], b = bs[i];
    float3 a3 = a.xyz, b3 = b.xyz;
    dots[4 * i + 0] = dot(a.x, b.x);
    dots[4 * i + 1] = dot(a.xy, b.xy);
    dots[4 * i + 2] = dot(a3, b3);
    dots[4 * i + 3] = dot(a, b);
    float3 c3 = cross(a3, b3);
    crosses[2 * i + 0] = (float4)(c3, 0.0f);
    crosses[2 * i + 1] = cross(a, b);              // the w component of a float4 cross is 0
    lens[8 * i + 0] = length(a.x);
    lens[8 * i + 1] = length(a.xy);
    lens[8 * i + 2] = length(a3);
    lens[8 * i + 3] = length(a);
    lens[8 * i + 4] = distance(a.x, b.x);
    lens[8 * i + 5] = distance(a.xy, b.xy);
    lens[8 * i + 6] = distance(a3, b3);
    lens[8 * i + 7] = distance(a, b);
    norms[2 * i + 0] = normalize(a);
    norms[2 * i + 1] = (float4)(normalize(b3), normalize(b.w));
    fast[4 * i + 0] = fast_length(a);
    fast[4 * i + 1] = fast_distance(a3, b3);
    float4 fn = fast_normalize(a);
    fast[4 * i + 2] = fn.x;
    fast[4 * i + 3] = fn.w;
}
