// Unions: type punning float <-> uint <-> bytes, a tagged union inside a struct read from a
// buffer, union copies and unions stored to global memory.
typedef union {
    float f;
    uint u;
    int i;
    uchar b[4];
} Pun;

typedef struct {
    int tag;            // 0: int, 1: float, 2: two shorts
    union {
        int i;
        float f;
        short s[2];
    } v;
} Tagged;

int decode(Tagged t)
{
    if (t.tag == 0)
        return t.v.i;
    if (t.tag == 1)
        return (int)(t.v.f * 4.0f);
    return t.v.s[0] - t.v.s[1];
}

kernel void unions(global const float *fin, global uint *bits, global uchar *bytes,
                   global Pun *flipped, global const Tagged *tin, global int *tout,
                   global int *info)
{
    size_t i = get_global_id(0);
    Pun p;
    p.f = fin[i];
    bits[i] = p.u;
    for (int k = 0; k < 4; k++)
        bytes[4 * i + k] = p.b[k];
    Pun q = p;
    q.i ^= (int)0x80000000;           // flip the float's sign bit
    flipped[i] = q;
    tout[i] = decode(tin[i]);
    if (i == 0) {
        info[0] = sizeof(Pun);
        info[1] = sizeof(Tagged);
        info[2] = __alignof__(Tagged);
    }
}
