// Integer constant expressions clang folds, anywhere an expression may stand (issue 9):
// offsetof (as a header defines it), sizeof, __alignof__, vec_step, and casts of them.
#define offsetof(T, m) __builtin_offsetof(T, m)

typedef struct { char c; float4 v; short s[5]; long l; } T;

__constant int table[] = { offsetof(T, v), (int)sizeof(T), vec_step(float3) };

kernel void constant_exprs(global long *o, int i)
{
    o[0] = offsetof(T, v);                      // 16
    o[1] = __builtin_offsetof(T, s[3]);         // 38
    o[2] = offsetof(T, l) + sizeof(T);          // 48 + 64
    o[3] = (short)__alignof__(T) * 2;           // 32
    o[4] = vec_step(float3) + vec_step(char16); // 20
    o[5] = (int)sizeof(o) + (uchar)(sizeof(T) * 5);  // 8 + 64
    char buf[offsetof(T, s) / 8];               // an array size
    buf[0] = 1;
    switch (i) {
    case offsetof(T, s[1]):                     // 34
        o[6] = buf[0] + table[1];
        break;
    default:
        o[6] = -1;
    }
    o[7] = i < offsetof(T, l) ? table[0] : table[2];
}
