// Integer builtins on char/uchar/short/ushort/long/ulong, where saturation bounds, clz widths
// and rotate moduli differ from int; upsample joining halves into the next wider type.
// (mad_sat is in mad_sat.cl: the Intel runtime gets it wrong.)
#define N 32

kernel void narrow(global const long *xs, global const long *ys, global char *c, global uchar *uc,
                   global short *s, global ushort *us, global long *l, global ulong *ul)
{
    int i = (int)get_global_id(0);
    long x = xs[i], y = ys[i];
    char cx = (char)x, cy = (char)y;
    uchar ucx = (uchar)x, ucy = (uchar)y;
    short sx = (short)x, sy = (short)y;
    ushort usx = (ushort)x, usy = (ushort)y;
    ulong ux = (ulong)x, uy = (ulong)y;
    c[0 * N + i] = add_sat(cx, cy);
    c[1 * N + i] = sub_sat(cx, cy);
    c[2 * N + i] = clz(cx);
    c[3 * N + i] = rotate(cx, cy);
    c[4 * N + i] = mul_hi(cx, cy);
    c[5 * N + i] = popcount(cx);
    uc[0 * N + i] = abs(cx);
    uc[1 * N + i] = abs_diff(cx, cy);
    uc[2 * N + i] = add_sat(ucx, ucy);
    uc[3 * N + i] = rhadd(ucx, ucy);
    s[0 * N + i] = add_sat(sx, sy);
    s[1 * N + i] = hadd(sx, sy);
    s[2 * N + i] = upsample(cx, ucy);              // (short)(cx << 8 | ucy)
    s[3 * N + i] = clamp(sx, (short)-300, (short)300);
    us[0 * N + i] = sub_sat(usx, usy);
    us[1 * N + i] = upsample(ucx, ucy);
    us[2 * N + i] = rotate(usx, usy);
    l[0 * N + i] = add_sat(x, y);
    l[1 * N + i] = mul_hi(x, y);
    l[2 * N + i] = clz(x);
    l[3 * N + i] = rotate(x, y);
    l[4 * N + i] = upsample((int)(x >> 32), (uint)y);
    l[5 * N + i] = abs_diff(x, y) >> 1;
    ul[0 * N + i] = mul_hi(ux, uy);
    ul[1 * N + i] = sub_sat(ux, uy);
    ul[2 * N + i] = upsample((uint)x, (uint)y);
    ul[3 * N + i] = popcount(ux);
}
