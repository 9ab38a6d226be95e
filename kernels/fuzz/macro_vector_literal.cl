// Found by clc-smith: a vector literal passed, in parentheses, to a function-like macro whose
// body parenthesizes its parameter was rejected ("unsupported: a vector component access
// written inside a macro body"): the implicit lvalue-to-rvalue cast of `(literal)` has the
// literal's type and, in a macro body, the invocation's extent, as a full swizzle would.
// The same cast in an argument of `as_T` (a macro of clang's OpenCL header), inside `?:`.
#define ID(x) (x)
#define GETW(x) (x).wzyx
#define TWO(x) ((x).wzyx + (x))
#define DBL(x) ((x) + (x))

kernel void macro_vector_literal(global long *o, global const long *in) {
  long a0 = in[0], a1 = in[1];
  long4 v = (long4)(a0, 2, 3, 4);
  long4 w[13];
  w[0] = ID((long4)(1L, 2L, 3L, a0));
  w[1] = ID(((long4)((long2)(1L), a0, a1)));
  w[2] = ID((long4)(v.lo, v.hi));
  w[3] = ID(((long4)(1L, 2L, 3L, a0)).wzyx);
  w[4] = GETW(((long4)(1L, 2L, 3L, a0)));
  w[5] = GETW((long4)(a1, 2L, 3L, a0));
  w[6] = TWO((long4)(1L, 2L, 3L, a1));
  w[7] = ID(ID((long4)(a0, a1, 3L, 4L)));
  w[8] = DBL(((long4)(a1, a0, 5L, 6L)));
  w[9] = as_long4(ID(((long4)((long2)(a1), a0, a0))));
  w[10] = as_long4((a0 ? ((long4)(a0, 1L, 2L, 3L)) : v));
  w[11] = as_long4((long4)(0) - as_long4((a1 > 0 ? ((long4)(a0, 1L, 2L, 3L)) : v)));
  w[12] = as_long4(((long4)(a0, 1L, 2L, 3L)).wzyx);
  for (int i = 0; i < 13; i++)
    vstore4(w[i], i, o);
}
