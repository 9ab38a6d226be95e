// All-pairs gravitational acceleration, one work-item per body, work-groups of 256; the
// bodies are streamed through a 256-body __local tile.
// pos[j] = (x, y, z, mass); acc[i] = sum_j mass_j * r_ij / (|r_ij|^2 + eps2)^(3/2), r_ij = p_j - p_i,
// written as (ax, ay, az, 0). The self-interaction (r = 0) adds 0.
// Per interaction: 3 sub, 3 fma, 1 rsqrt, 3 mul, 3 fma; counted as 20 flops, the usual
// convention for this kernel (GPU Gems 3, ch. 31). rsqrt() here, rsqrtf() in CUDA.
#define NB_TILE 256

__kernel __attribute__((reqd_work_group_size(NB_TILE, 1, 1)))
void nbody(__global const float4* restrict pos, __global float4* restrict acc, uint n, float eps2)
{
    __local float4 tile[NB_TILE];
    uint i = get_global_id(0);
    uint lid = get_local_id(0);
    float4 pi = pos[i];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (uint j0 = 0; j0 < n; j0 += NB_TILE) {
        tile[lid] = pos[j0 + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint j = 0; j < NB_TILE; ++j) {
            float4 pj = tile[j];
            float rx = pj.x - pi.x;
            float ry = pj.y - pi.y;
            float rz = pj.z - pi.z;
            float d2 = fma(rx, rx, fma(ry, ry, fma(rz, rz, eps2)));
            float inv = rsqrt(d2);
            float s = pj.w * (inv * inv * inv);
            ax = fma(rx, s, ax);
            ay = fma(ry, s, ay);
            az = fma(rz, s, az);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    acc[i] = (float4)(ax, ay, az, 0.0f);
}
