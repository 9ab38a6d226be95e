// Shared between the kernels and (through clc's generated mirror) the host.
typedef struct {
    float4 pos;
    float4 vel;
    float mass;
    int bounces;
} particle;
