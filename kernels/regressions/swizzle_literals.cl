// Swizzles applied to vector literals, in every position a literal can stand (issue 9):
// locals initialized from a swizzled literal, operands, nested literals, splats, and
// program-scope constants; plus accessors named through macros, produced by token pasting,
// and written inside macro arguments.
#define B_COMP z
#define PASTE(a, b) a##b
#define SUM2(p, q) ((p) + (q))
#define GETW(v) (v).w

// clang accepts a swizzle in a constant initializer only on a splat.
__constant int2 KS = (int2)(9).yx;

kernel void swizzle_literals(global int *o, int a, int b)
{
    int2 u = (int2)(a, b).yx;           // the reported case
    o[0] = u.x - u.y;                   // b - a
    o[1] = ((int4)(a, b, 3, 4)).w;      // 4
    o[2] = (int2)(a, b).y * 10 + (int2)(a, b).x;
    int4 n = (int4)((int2)(a, b).yx, (int2)(30, 40)).wzyx;  // {40, 30, a, b}
    o[3] = n.x;
    o[4] = n.z * 100 + n.w;
    int3 s = (int3)(a).xyz + (int3)(1, 2, 3).zyx;           // {a+3, a+2, a+1}
    o[5] = s.x * 100 + s.z;
    const int4 K = (int4)(1, 2, 3, 4).wzyx;
    o[6] = K.x * 1000 + K.w;            // 4001
    o[7] = ((int4)(5, 6, 7, 8)).hi.y * 10 + ((int4)(5, 6, 7, 8)).odd.x;  // 86
    o[8] = KS.x + KS.y;                 // 18
    int4 pix = (int4)(a, b, 7, 8);
    o[9] = pix.B_COMP;                  // 7
    o[10] = pix.PASTE(x, y).y;          // b
    o[11] = SUM2(pix.w, u.x);           // 8 + b
    o[12] = GETW(pix);                  // 8
    int2 v = (int2)(a, b);
    v.yx = (int2)(v.x, 0).yx;           // v = {a, 0}
    o[13] = v.x * 1000 + v.y;
}
