// Constructs public OpenCL code uses that clc rejected (issue 9): members of anonymous
// structs and unions (a physics engine's AABB), subscripted vectors, clang's builtins from
// portable headers, swizzles named by macros or written in macro arguments (a cipher's
// round macro), and kernel attributes with constant expressions.
#define B_COMP z
#define ROUND(v) v.y += v.x
#define ENCRYPT(S, P, L, R) { L ^= P[0]; R ^= S[L & 3] + P[1]; }
#define WG (2 * 2)

typedef struct {
    union { float4 m_min; float m_minElems[4]; };
    union { float4 m_max; float m_maxElems[4]; };
    struct { int id, flags; };
} Aabb;

__attribute__((reqd_work_group_size((WG), 1, 1)))
kernel void real_code(global const Aabb *boxes, global float *fo, global int *io,
                      global const uint *S, global const uint *P)
{
    int i = get_global_id(0);
    Aabb b = boxes[i];
    fo[4 * i] = b.m_minElems[1] + b.m_max.z;        // anonymous union members
    b.m_maxElems[2] = 10.0f;
    fo[4 * i + 1] = b.m_max.z + boxes[i].m_minElems[3];
    io[8 * i] = b.id * 100 + boxes[i].flags;        // anonymous struct members

    float4 v = b.m_min;
    v[i & 3] = -1.0f;                               // vector subscripts, variable and constant
    fo[4 * i + 2] = v[0] + v[1] * 10 + v[2] * 100 + v[3] * 1000;
    fo[4 * i + 3] = (v + v)[i & 3] + b.m_min[2];

    int4 pix = (int4)(i, 2 * i, 3 * i, 4 * i);
    io[8 * i + 1] = pix.B_COMP;
    uint2 L = (uint2)(i, i + 1), R = (uint2)(7, 9);
    ENCRYPT(S, P, L.x, R.x);
    ENCRYPT(S, P, L.y, R.y);
    ROUND(L);
    io[8 * i + 2] = (int)(L.x * 1000 + L.y);
    io[8 * i + 3] = (int)(R.x * 1000 + R.y);

    // clang builtins: hints, constants, bit counting, byte swaps, math.
    __builtin_assume(i >= 0);
    int big = __builtin_expect(i > 100, 0);
    io[8 * i + 4] = big + __builtin_popcount((uint)(i * 37)) + __builtin_clz(1u << i)
                  + __builtin_ctz(16u << i);
    io[8 * i + 5] = (int)(__builtin_bswap32(0x01020304u + i) >> 24)
                  + __builtin_bswap16((ushort)0xAB00);
    io[8 * i + 6] = isinf(__builtin_inff()) + isnan(__builtin_nanf("")) * 2
                  + (__builtin_huge_valf() > 1e38f) * 4;
    io[8 * i + 7] = (int)(__builtin_fabsf(-2.5f * i) * 2) + (int)__builtin_sqrtf(16.0f);
    if (i > 100)
        __builtin_unreachable();
}
