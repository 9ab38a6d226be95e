// Found by clc-smith: `as_T(x)` where x already has type T, and a swizzle written right after
// an `as_T(...)` invocation, were rejected ("unsupported: a vector component access written
// inside a macro body"): the `as_T` built-ins are macros of clang's OpenCL header.
#define HADD(a, b) ((a) + (b))
#define GETX(v) (v).x

kernel void as_type_swizzle(global int *o, global int *in) {
  int4 v = vload4(0, in);
  uint3 u = (uint3)((uint)in[4], (uint)in[5], (uint)in[6]);
  int4 x = as_int4(v);
  o[0] = as_int4(v).s2;
  o[1] = as_uint3(as_uint3(u) + u).s1;
  o[2] = (as_int4(v) + 0).s1;
  o[3] = x.s3;
  o[4] = as_int4(v).wzyx.y;
  o[5] = HADD(v, v).y;
  o[6] = GETX(v);
  o[7] = as_int(v.s1);
  o[8] = as_uint4(v).s3;
  o[9] = as_int2(as_int4(v).hi).y;
}
