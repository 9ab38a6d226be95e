// switch statements: fallthrough between cases, default placed in the middle, several labels
// sharing one body, negative case values, and switches on char and long controlling values.
int classify(int x)
{
    int r = 0;
    switch (x) {
    case 0:
        r += 1;                 // falls through
    case 1:
        r += 10;
        break;
    case -1:
    case -2:
    case -3:
        r = -100;               // shared body
        break;
    default:
        r = 7;                  // default in the middle, falls through into case 5
    case 5:
        r += 1000;
        break;
    case 6:
        return 66;
    }
    return r;
}

int on_char(char c)
{
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u':
        return 1;
    case ' ':
        return 2;
    case -128:
        return 3;
    default:
        return 0;
    }
}

int on_long(long v)
{
    switch (v) {
    case 0x100000000L:
        return 1;
    case -1L:
        return 2;
    case 1:
        return 3;
    }
    return 4;
}

kernel void switch_basic(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    out[3 * i + 0] = classify(x);
    out[3 * i + 1] = on_char((char)x);
    out[3 * i + 2] = on_long(x == 42 ? 0x100000000L : (long)x);
}
