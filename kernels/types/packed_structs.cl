// __attribute__((packed)) structs in buffers: a packed {char, int, short} is 7 bytes, so array
// elements and the int/short members sit at unaligned addresses.
typedef struct __attribute__((packed)) {
    char c;
    int i;                  // offset 1
    short s;                // offset 5
} P;                        // 7 bytes

kernel void packed(global const P *in, global P *out, global int *sums, global int *info)
{
    size_t i = get_global_id(0);
    P p = in[i];
    sums[i] = p.c + p.i + p.s;
    out[i].c = p.c + 1;
    out[i].i = p.i * 2;
    out[i].s = p.s - 1;
    if (i == 0) {
        info[0] = sizeof(P);
        info[1] = sizeof(P[3]);
        info[2] = (int)((global const char *)&in[2].s - (global const char *)in);
    }
}
