// Swizzles as lvalues: single components, multi-component and reordered selectors,
// .lo/.hi/.even/.odd (also nested), compound assignment and ++/-- through selectors.
kernel void swizzle_write(global const int16 *in, global int16 *out16, global int4 *out4,
                          global float4 *outf)
{
    size_t i = get_global_id(0);
    int16 v = in[i];
    v.s0 = 100;
    v.sF = -1;
    v.s37 = v.s73;               // swap two components (the right side is read first)
    v.lo.hi = v.hi.lo;           // nested lvalue: s4-s7 = s8-sB
    v.even += 3;                 // compound assignment through a selector
    v.odd.lo *= 2;               // s1 s3 s5 s7 doubled
    v.sa++;
    --v.sB;
    v.s9 = v.sa++ + v.sB--;      // post-increment on components
    int4 q;
    q.xy = v.s01;
    q.zw = v.sEF;
    q.wz += v.s12;               // w += s1, z += s2
    q.x *= -1;
    q.s1 = q.x - q.y;
    int8 e = v.hi;
    e.s76543210 = e;             // reverse in place
    e.lo.even = q.zw;
    v.hi = e;
    out16[i] = v;
    out4[i] = q;

    float4 f = outf[i];
    f.yx = f.xy;
    f.zw *= 0.5f;
    f.w = -f.w;
    outf[i] = f;
}
