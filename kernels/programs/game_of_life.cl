// One Game of Life step on a torus (wrapping edges), with the rule written as a switch on the
// live-neighbour count; cells are uchar 0/1 and the kernel also counts births and deaths.
kernel void life(global const uchar *in, global uchar *out, global int *changes, int w, int h)
{
    int x = (int)get_global_id(0), y = (int)get_global_id(1);
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            if (dx == 0 && dy == 0)
                continue;
            n += in[((y + dy + h) % h) * w + (x + dx + w) % w];
        }
    uchar alive = in[y * w + x];
    uchar next;
    switch (n) {
    case 2:
        next = alive;
        break;
    case 3:
        next = 1;
        break;
    default:
        next = 0;
    }
    out[y * w + x] = next;
    changes[y * w + x] = (int)next - (int)alive;     // 1 birth, -1 death, 0 same
}
