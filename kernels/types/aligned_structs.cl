// __attribute__((aligned(16))) on a struct type: its size is padded to 16 and a member of that
// type moves to a 16-byte boundary, which changes the host layout of the enclosing struct.
typedef struct __attribute__((aligned(16))) {
    int x;
} A16;                      // 16 bytes

typedef struct {
    char c;
    A16 a;                  // offset 16
    int after;              // offset 32
} HasA;                     // 48 bytes

typedef struct {
    short s;
    int __attribute__((aligned(8))) v;   // an over-aligned member: offset 8
} HasV;                     // 16 bytes

kernel void aligned_structs(global const HasA *h, global int *hout, global HasV *vout,
                            global int *info)
{
    size_t i = get_global_id(0);
    hout[i] = h[i].a.x * 10 + h[i].after + h[i].c;
    vout[i].s = (short)i;          // member stores: the zeroed padding stays zero
    vout[i].v = h[i].after;
    if (i == 0) {
        info[0] = sizeof(A16);
        info[1] = (int)((global const char *)&h[0].a - (global const char *)h);
        info[2] = sizeof(HasA);
        info[3] = __alignof__(A16);
        info[4] = sizeof(HasV);
        info[5] = (int)((global char *)&vout[1].v - (global char *)vout);
    }
}
