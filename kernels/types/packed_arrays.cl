// Arrays of packed structs whose members sit at addresses their types would not allow:
// element i of a 5-byte {int, char} starts at 5*i, so its int is 4-aligned only when i is
// a multiple of 4 (the Vulkan target must say Aligned 1 there, not 4). Expected values: the
// same code compiled as C by the host compiler (make_packed_arrays.sh).
typedef struct __attribute__((packed)) {
    int a;
    char b;
} P5;

typedef struct __attribute__((packed)) {
    short s;
    uchar c;
} P3;

typedef struct __attribute__((packed)) {
    float f;
    uchar tag;
    uchar pad[2];
} P7;

typedef struct __attribute__((packed)) {
    float2 v;               // offset 0, but element i starts at 9*i
    char c;
} PV;

kernel void packed_arrays(global const P5 *in5, global P5 *out5, global const P3 *in3,
                          global P3 *out3, global P7 *io7, global int *sums,
                          global const PV *inv, global PV *outv)
{
    size_t i = get_global_id(0);
    P5 p = in5[i];
    out5[i].a = p.a * 3 + in5[i].b;
    out5[i].b = (char)(p.b ^ 0x55);
    P3 q = in3[i];
    out3[i].s = (short)(q.s - q.c);
    out3[i].c = (uchar)(in3[i].c + 1);
    io7[i].f = io7[i].f * 2.0f + (float)io7[i].tag;
    io7[i].tag++;
    io7[i].pad[1] = (uchar)i;
    sums[i] = p.a + q.s + (int)io7[i].f;
    outv[i] = inv[i];                   // whole packed structs with a vector inside
    outv[i].v.y = inv[i].v.x * 2.0f + (float)inv[i].c;
    outv[i].c++;
}
