// printf: format strings with %d %u %x %f %s %c %% and a vector format (%v4hd), from every
// work-item; the kernel records whether each call succeeded (returned a value >= 0).
kernel void print(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    int r0 = printf("item %u: x=%d hex=%x\n", (uint)i, x, (uint)x);
    int r1 = printf("%s|%c|%5.2f|%%\n", "str", 'A' + (int)i, (float)x / 4.0f);
    int r2 = 0;
    if (i == 0)
        r2 = printf("%v4hd\n", (short4)(1, -2, 3, -4));
    out[i] = (r0 >= 0) + 2 * (r1 >= 0) + 4 * (r2 >= 0);
}
