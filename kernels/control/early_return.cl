// Early returns: from inside nested loops of a helper, from several branches of a helper
// returning a struct, and from the kernel itself before and after writing results.
typedef struct { int index; int value; } Found;

Found found(int index, int value)
{
    Found f;
    f.index = index;
    f.value = value;
    return f;
}

Found find_first_negative(global const int *v, int n)
{
    for (int r = 0; r < n; r += 4) {
        for (int c = 0; c < 4; c++) {
            if (r + c >= n)
                return found(-1, 0);
            if (v[r + c] < 0)
                return found(r + c, v[r + c]);
        }
    }
    Found none = { -2, 0 };
    return none;
}

int sign_class(int x)
{
    if (x < 0)
        return -1;
    else if (x == 0)
        return 0;
    if (x > 1000)
        return 2;
    return 1;
}

kernel void early_return(global const int *data, global const int *lens, global int *out)
{
    size_t i = get_global_id(0);
    out[4 * i + 3] = 1;
    int n = lens[i];
    if (n == 0)
        return;                             // leaves out[4i..4i+2] untouched (zero)
    Found f = find_first_negative(data + i * 16, n);
    out[4 * i + 0] = f.index;
    out[4 * i + 1] = f.value;
    if (f.index < 0)
        return;
    out[4 * i + 2] = sign_class(data[i * 16 + n - 1]);
}
