// sizeof, __alignof__ and vec_step on scalar and vector types and expressions: 3-component
// vectors are sized and aligned like 4-component ones, vec_step(T3) is 4, vec_step of a scalar 1.
typedef struct { char c; float4 v; } S;

kernel void sizes(global int *out)
{
    float8 f8;
    int3 i3;
    global int *o = out;
    o[0] = sizeof(char2) + sizeof(short3) * 10 + sizeof(int4) * 100 + sizeof(long8) * 1000;
    o[1] = sizeof(float16) + sizeof(double2) * 1000;
    o[2] = sizeof(uchar3) + sizeof(ushort16) * 100;
    o[3] = vec_step(float) + vec_step(float2) * 10 + vec_step(int3) * 100 + vec_step(char16) * 1000;
    o[4] = vec_step(f8) + vec_step(i3) * 100;
    o[5] = __alignof__(float4) + __alignof__(short3) * 100 + __alignof__(long16) * 1000;
    o[6] = sizeof(S) + __alignof__(S) * 100;
    o[7] = sizeof(f8.lo) + sizeof(i3.xy) * 100 + sizeof(f8.s0) * 10000;
    o[8] = sizeof(int3[2]) + sizeof(bool) * 1000;
    o[9] = vec_step(f8.even) + vec_step(uint16) * 10;
}
