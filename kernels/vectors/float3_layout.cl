// 3-component vectors occupy 4 components of storage: float3 arrays have a 16-byte stride,
// sizeof(float3) == 16, vec_step(float3) == 4, and a float3 struct member is 16-byte aligned.
typedef struct {
    float3 p;       // offset 0, 16 bytes (the 4th float is padding)
    float w;        // offset 16
} Item;             // size 32 (alignment 16)

kernel void f3(global const float3 *in, global float *out, global const Item *items,
               global float *iout, global int *info)
{
    size_t i = get_global_id(0);
    float3 v = in[i];                   // reads floats 4i .. 4i+2; 4i+3 is padding
    float3 r = v * v - v * 0.5f;
    out[3 * i + 0] = r.x;
    out[3 * i + 1] = r.y;
    out[3 * i + 2] = r.z;
    Item it = items[i];
    iout[2 * i + 0] = it.p.x + it.p.y + it.p.z;
    iout[2 * i + 1] = it.w;
    if (i == 0) {
        info[0] = sizeof(float3);
        info[1] = vec_step(float3);
        info[2] = sizeof(Item);
        info[3] = __alignof__(Item);
        info[4] = (int)((global const char *)&items[1].w - (global const char *)items);
        info[5] = sizeof(int3) + sizeof(char3) + sizeof(long3);
    }
}
