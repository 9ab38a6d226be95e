// Swizzles in macros, as a password cracker's Blowfish rounds write them (issue 9): accessors
// in macro bodies applied to bases passed as arguments (`P[N].x`), swizzled arguments
// (`L.x`), nested macros, and accessors produced by object-like macros.
#define ROUNDX(S, P, L, R, N) R ^= S[L & 3] + P[N].x;
#define ROUNDY(S, P, L, R, N) R ^= S[L & 3] + P[N].y;
#define ENCX(S, P, L, R) L ^= P[0].x; ROUNDX(S, P, L, R, 1) ROUNDX(S, P, R, L, 2)
#define ENCY(S, P, L, R) L ^= P[0].y; ROUNDY(S, P, L, R, 1) ROUNDY(S, P, R, L, 2)
#define GETX(v) (v).x
#define SWAP2(v) v.yx
#define HADD(a, b) ((a).xy + (b).zw)
#define COMP w
#define PICK(v) v.COMP

kernel void macro_swizzles(global const uint *S, global const uint2 *P, global uint *o)
{
    int i = get_global_id(0);
    uint2 L = (uint2)(i, i + 1), R = (uint2)(7, 9);
    ENCX(S, P, L.x, R.x);
    ENCY(S, P, L.y, R.y);
    o[8 * i] = L.x;
    o[8 * i + 1] = L.y;
    o[8 * i + 2] = R.x;
    o[8 * i + 3] = R.y;
    uint4 v = (uint4)(i, 10, 20, 30 + i);
    o[8 * i + 4] = GETX(v) + GETX(P[1]);
    o[8 * i + 5] = SWAP2(L).x;
    o[8 * i + 6] = HADD(v, v).y;
    o[8 * i + 7] = PICK(v);
}
