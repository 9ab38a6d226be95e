// One leapfrog step of an all-pairs gravitational n-body system: one work-item per body,
// the bodies streamed through a __local tile of NB_TILE. pos = (x, y, z, mass), vel = (vx, vy,
// vz, 0). The self-interaction (r = 0) adds nothing thanks to the softening eps2.
#define NB_TILE 128

__kernel __attribute__((reqd_work_group_size(NB_TILE, 1, 1)))
void nbody_step(__global const float4* restrict pos, __global const float4* restrict vel,
                __global float4* restrict pos_out, __global float4* restrict vel_out,
                uint n, float dt, float eps2)
{
    __local float4 tile[NB_TILE];
    uint i = get_global_id(0);
    uint lid = get_local_id(0);
    float4 p = pos[i];
    float3 a = (float3)(0.0f);
    for (uint j0 = 0; j0 < n; j0 += NB_TILE) {
        tile[lid] = pos[j0 + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint j = 0; j < NB_TILE; ++j) {
            float4 q = tile[j];
            float3 r = q.xyz - p.xyz;
            float d2 = dot(r, r) + eps2;
            float inv = rsqrt(d2);
            a += r * (q.w * inv * inv * inv);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float4 v = vel[i];
    v.xyz += a * dt;
    p.xyz += v.xyz * dt;
    vel_out[i] = v;
    pos_out[i] = p;
}
