// One n-body integration step: float4 positions (w = mass), all-pairs gravitational
// acceleration with softening, bodies staged tile by tile in local memory, rsqrt for 1/r.
#pragma OPENCL FP_CONTRACT OFF

kernel void nbody(global const float4 *pos, global const float4 *vel, global float4 *npos,
                  global float4 *nvel, float dt, float eps2, local float4 *tile)
{
    size_t i = get_global_id(0);
    size_t l = get_local_id(0), ls = get_local_size(0);
    size_t n = get_global_size(0);
    float4 p = pos[i];
    float3 acc = (float3)(0.0f);
    for (size_t t = 0; t < n / ls; t++) {
        tile[l] = pos[t * ls + l];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (size_t j = 0; j < ls; j++) {
            float4 q = tile[j];
            float3 d = q.xyz - p.xyz;
            float r2 = d.x * d.x + d.y * d.y + d.z * d.z + eps2;
            float inv = rsqrt(r2);
            float inv3 = inv * inv * inv;
            acc += (q.w * inv3) * d;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 v = vel[i];
    v.xyz += acc * dt;
    p.xyz += v.xyz * dt;
    npos[i] = p;
    nvel[i] = v;
}
