// Division and remainder with negative operands truncate toward zero (C99): -7 / 2 == -3,
// -7 % 2 == -1, 7 % -2 == 1, for char, short, int and long, plus unsigned division.
kernel void divmod(global const int *a, global const int *b, global int *out, global long *lout)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    char cx = (char)x, cy = (char)(y | 1);
    short sx = (short)(x * 37), sy = (short)y;
    global int *o = out + i * 8;
    o[0] = x / y;
    o[1] = x % y;
    o[2] = (x / y) * y + x % y;          // == x
    o[3] = cx / cy;
    o[4] = cx % cy;
    o[5] = sx / sy;
    o[6] = sx % sy;
    o[7] = (int)((uint)x / (uint)y);
    long lx = (long)x * 100003, ly = (long)y * -7;
    lout[2 * i + 0] = lx / ly;
    lout[2 * i + 1] = lx % ly;
}
