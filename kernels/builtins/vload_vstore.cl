// vloadN/vstoreN for N = 2, 3, 4, 8, 16 at element (not vector) alignment: offsets count in
// vectors, the pointer may be any element address; from/to __global, __local, __private and
// __constant memory (a __constant kernel argument).
kernel void vload_vstore(global const float *src, constant int *csrc, global float *dst,
                         global int *idst, local float *scratch)
{
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    const global float *p = src + i;             // deliberately misaligned for vectors
    float2 a2 = vload2(0, p);
    float3 a3 = vload3(1, p);                    // elements p[3..5]
    float4 a4 = vload4(0, p + 1);
    float8 a8 = vload8(1, p);                    // elements p[8..15]
    float16 a16 = vload16(0, src + 2 * i);
    global float *d = dst + i * 40;
    vstore2(a2 * 2.0f, 0, d);                    // d[0..1]
    vstore3(a3 + 1.0f, 1, d - 1);                // d[2..4]
    vstore4(a4, 0, d + 5);                       // d[5..8]
    vstore8(-a8, 1, d + 1);                      // d[9..16]
    vstore16(a16, 0, d + 17);                    // d[17..32]
    float priv[8];
    vstore4(a4 * 0.5f, 0, priv);
    vstore4(a4 * 0.25f, 1, priv);
    float4 back = vload4(0, priv + 2);           // priv[2..5]
    vstore4(back, 0, d + 33);                    // d[33..36]
    vstore3((float3)(a2, -1.0f), 0, d + 37);     // d[37..39]

    vstore4(a4, l, scratch);
    barrier(CLK_LOCAL_MEM_FENCE);
    float3 nb = vload3(0, scratch + 4 * ((l + 1) % get_local_size(0)) + 1);
    int3 c = vload3(i, csrc + 1);                // __constant, offset by one int
    int8 c8 = vload8(0, csrc + i);
    vstore3(convert_int3(nb) + c, 0, idst + i * 11);
    vstore8(c8, 0, idst + i * 11 + 3);
}
