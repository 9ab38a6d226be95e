// Reading vector components: .xyzw, .s0-.sF (both hex cases), repeated and reversed swizzles,
// .lo/.hi/.even/.odd on 16/8/4/2-wide vectors, nested selectors and swizzles of rvalues.
#define PUT1(e) o[n++] = (e);
#define PUT2(e) { int2 t2 = (e); o[n++] = t2.x; o[n++] = t2.y; }
#define PUT3(e) { int3 t3 = (e); o[n++] = t3.x; o[n++] = t3.y; o[n++] = t3.z; }
#define PUT4(e) { int4 t4 = (e); o[n++] = t4.x; o[n++] = t4.y; o[n++] = t4.z; o[n++] = t4.w; }
#define PUT8(e) { int8 t8 = (e); PUT4(t8.lo) PUT4(t8.hi) }
#define PUT16(e) { int16 t16 = (e); PUT8(t16.lo) PUT8(t16.hi) }

kernel void swizzle_read(global const int16 *in, global int *out, global const float4 *fin,
                         global float *fout)
{
    size_t i = get_global_id(0);
    global int *o = out + i * 160;
    int n = 0;
    int16 v = in[i];
    int4 q = v.lo.lo;                 // s0 s1 s2 s3
    PUT1(q.x) PUT1(q.y) PUT1(q.z) PUT1(q.w)
    PUT1(v.s0) PUT1(v.s7) PUT1(v.sa) PUT1(v.sA) PUT1(v.sf) PUT1(v.sF)
    PUT4(q.wzyx) PUT4(q.xxyy) PUT4(q.zzzz) PUT2(q.yw) PUT3(q.zxy)
    PUT4(v.s0123) PUT4(v.sFEDC) PUT2(v.s9a) PUT4(v.s5b5b) PUT8(v.s02468ace)
    PUT8(v.lo) PUT8(v.hi) PUT8(v.even) PUT8(v.odd)
    PUT4(v.lo.hi) PUT4(v.hi.even) PUT2(v.odd.even.lo) PUT1(v.even.odd.hi.lo)
    PUT2(q.s01.yx) PUT1(q.xy.lo) PUT1(q.zw.hi)
    int3 c = v.s123;                  // 3-component vector: .lo, .xz, .zyx
    PUT2(c.lo) PUT2(c.xz) PUT3(c.zyx)
    PUT1((v + 1).s5) PUT4((v.lo * 2).odd) PUT2((q.xy + q.zw).yx)
    PUT16(v.sFEDCBA9876543210)
    PUT16(v.s0000111122223333 + v.sfedcba9876543210)
    PUT4(v.s048c + q.xyzw)
    // n == 146 here; pad the rest of this work-item's 160 slots.
    while (n < 160) o[n++] = -1;

    float4 f = fin[i];
    float4 g = f.wzyx * 0.5f;
    fout[i * 4 + 0] = g.x + f.y;
    fout[i * 4 + 1] = f.hi.x - f.lo.y;
    fout[i * 4 + 2] = g.even.y;
    fout[i * 4 + 3] = f.s3;
}
