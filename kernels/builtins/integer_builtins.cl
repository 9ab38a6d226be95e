// Integer builtins on int and uint: abs abs_diff add_sat sub_sat hadd rhadd clz ctz popcount
// rotate mul_hi mad_hi mul24 mad24 clamp min max (function k of input i at k * 32 + i).
// (mad_sat is in mad_sat.cl: the Intel runtime gets it wrong.)
#define N 32
#define OUT(b, e) b[(b##_k++) * N + i] = (e)

kernel void integer_builtins(global const int *xs, global const int *ys, global const int *zs,
                             global int *s, global uint *u)
{
    int i = (int)get_global_id(0);
    int x = xs[i], y = ys[i], z = zs[i];
    uint ux = (uint)x, uy = (uint)y, uz = (uint)z;
    int s_k = 0, u_k = 0;
    OUT(u, abs(x));
    OUT(u, abs_diff(x, y));
    OUT(s, add_sat(x, y));
    OUT(s, sub_sat(x, y));
    OUT(s, hadd(x, y));
    OUT(s, rhadd(x, y));
    OUT(s, clz(x));
    OUT(s, ctz(x));
    OUT(s, popcount(x));
    OUT(s, rotate(x, y));
    OUT(s, mul_hi(x, y));
    OUT(s, mad_hi(x, y, z));
    OUT(s, mul24(x >> 8, y >> 8));
    OUT(s, mad24(x >> 8, y >> 8, z));
    OUT(s, clamp(x, -1000, z & 0xffff));
    OUT(s, min(x, y));
    OUT(s, max(x, y));
    OUT(u, abs_diff(ux, uy));
    OUT(u, add_sat(ux, uy));
    OUT(u, sub_sat(ux, uy));
    OUT(u, hadd(ux, uy));
    OUT(u, rhadd(ux, uy));
    OUT(u, clz(ux));
    OUT(u, rotate(ux, uy));
    OUT(u, mul_hi(ux, uy));
    OUT(u, mad_hi(ux, uy, uz));
    OUT(u, mul24(ux >> 8, uy >> 8));
    OUT(u, mad24(ux >> 8, uy >> 8, uz));
    OUT(u, clamp(ux, 1000u, uz | 0x80000000u));
    OUT(u, min(ux, uy));
    OUT(u, max(ux, uy));
}
