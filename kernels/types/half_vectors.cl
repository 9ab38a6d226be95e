// half (cl_khr_fp16) vectors of 2, 3, 4, 8 and 16 components: vloadn/vstoren and vector
// pointers, swizzles (.lo .hi .even .odd, .sN..., .xyzw), half and half4 kernel arguments by
// value, half in __local memory (an argument and a kernel variable) and half members of a
// struct in private and global memory. Expected values: make_half.py.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#pragma OPENCL FP_CONTRACT OFF

struct S {                  // no padding: every byte is checked
    half h;
    char c, c2;
    half2 h2;
    float f, g;
    half4 h4;
};

kernel void vec(global const half *a, half k, half4 k4, global half *out,
                global float *fout, global struct S *so, global int *sz, local half *scratch)
{
    size_t i = get_global_id(0), l = get_local_id(0);
    local half tile[16];
    half16 v = vload16(i, a);
    half8 lo = v.lo, hi = v.hi;
    half8 s8 = lo * hi;
    s8 = s8 + k;
    half4 q = s8.odd * k4;
    half2 r2 = q.wx - q.yz;
    half3 t3 = vload3(i, a + 1) + (half3)(k);
    half4 w = ((global const half4 *)a)[4 * i + 3];
    global half *o = out + 44 * i;
    vstore16(v.sfedcba9876543210, 0, o);
    vstore8(s8, 2, o);
    vstore4(q, 6, o);
    vstore2(r2, 14, o);
    vstore3(t3, 10, o);
    ((global half4 *)o)[9] = w.zxyw * (half)2;
    o[40] = v.sf;
    o[41] = dot(k4, (half4)(1.0h, 0.5h, 0.25h, 0.125h)) > k ? k4.s3 : k4.s2;
    o[42] = v.even.s7;
    o[43] = v.odd.hi.lo.y;
    scratch[l] = v.s0;
    tile[l] = v.s1;
    barrier(CLK_LOCAL_MEM_FENCE);
    fout[i] = scratch[(l + 1) % 16] + tile[(l + 15) % 16];
    struct S s;
    s.h = v.s2;
    s.c = (char)i;
    s.c2 = -1;
    s.h2 = v.s34;
    s.f = (float)(s.h + s.h2.y);
    s.g = k;
    s.h4 = v.s5678;
    so[i] = s;
    if (i == 0) {
        sz[0] = sizeof(struct S);
        sz[1] = sizeof(half3);      // like half4
        sz[2] = sizeof(half16);
        sz[3] = __alignof__(half4);
    }
}
