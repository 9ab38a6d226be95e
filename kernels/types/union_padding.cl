// A union whose widest-aligned member (uint) is smaller than the union (6 bytes of uchar
// make it 8): the Vulkan target pads it with a byte array, which needs its stride in buffer
// memory (John the Ripper's enpass kernel failed validation without one). Expected values:
// make_union_padding.py.
typedef union {
    uint w;
    uchar b[6];
} U;

typedef struct {
    int n;
    U u;
} S;

kernel void union_padding(global S *s, global int *o)
{
    size_t i = get_global_id(0);
    o[2 * i] = s[i].n + (int)s[i].u.w;
    o[2 * i + 1] = s[i].u.b[4] * 256 + s[i].u.b[5];
    s[i].u.b[5] = (uchar)(i + 100);
}
