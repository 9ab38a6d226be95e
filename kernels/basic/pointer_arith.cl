// Pointer arithmetic: increments, differences, comparisons, pointer-walking loops, and a
// private array written and read through pointers and pointer-derived indices.
kernel void pointer_arith(global const int *in, global int *out, global int *diffs, int n)
{
    int gid = get_global_id(0);
    int priv[8];

    // Fill the private array through a post-incremented pointer.
    int *pp = priv;
    for (int k = 0; k < 8; k++) {
        *pp++ = in[(gid + k) % n] * (k + 1);
    }
    // Pointer difference: how far the pointer moved.
    int moved = (int)(pp - priv);

    // Walk backwards with pointer comparison, stepping by two.
    int s = 0;
    int *q = priv + 7;
    while (q >= priv + 1) {
        s += *q;
        if (q == priv + 1) {
            break;
        }
        q -= 2;
    }
    // Index the private array with a value loaded from memory.
    s += priv[in[gid] & 7];

    // Count global elements from here to the end whose offset is a multiple of 3.
    global const int *end = in + n;
    int cnt = 0;
    for (global const int *g = in + gid; g < end; g++) {
        if ((g - in) % 3 == 0) {
            cnt++;
        }
    }

    // Pointer equality and pointer offsets into the middle of the buffer.
    global const int *mid = in + n / 2;
    int side = 0;
    if (in + gid == mid) {
        side = 2;
    } else if (in + gid < mid) {
        side = 1;
    }

    out[gid] = s * 16 + side;
    diffs[gid] = moved * 1000 + cnt + (int)(end - (in + gid)) * 100000;
}
