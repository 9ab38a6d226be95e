// goto: a forward jump out of two nested loops, a shared cleanup label reached from several
// places, a backward goto forming a loop, and a jump over a block.
int search(global const int *m, int rows, int cols, int target)
{
    int pos = -1;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
            if (m[r * cols + c] == target) {
                pos = r * cols + c;
                goto found;                 // leaves both loops
            }
    return -1;
found:
    return pos;
}

int digits_sum(int x)
{
    int s = 0;
    if (x < 0)
        x = -x;
again:                                      // backward goto loop
    s += x % 10;
    x /= 10;
    if (x != 0)
        goto again;
    return s;
}

int validate(int a, int b)
{
    int status = 0;
    if (a < 0) {
        status = 1;
        goto cleanup;
    }
    if (b < 0) {
        status = 2;
        goto cleanup;
    }
    if (a + b > 100)
        goto skip;
    status = 3;
    goto cleanup;
skip:
    status = 4;
cleanup:
    return status * 10 + (a & 1);
}

kernel void gotos(global const int *m, global const int *q, global int *out)
{
    size_t i = get_global_id(0);
    int t = q[i];
    out[3 * i + 0] = search(m, 4, 8, t);
    out[3 * i + 1] = digits_sum(t * 37);
    out[3 * i + 2] = validate(t, (int)i - 4);
}
