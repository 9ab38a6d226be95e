// size_t, ptrdiff_t, intptr_t and uintptr_t: sizes, pointer differences, pointer <-> integer
// round trips and unsigned wrap-around of size_t.
kernel void sizes(global int *buf, global long *out)
{
    size_t g = get_global_id(0);
    size_t n = get_global_size(0);
    global int *p = buf + g;
    global int *q = buf + (n - 1 - g);
    ptrdiff_t d = q - p;
    intptr_t ip = (intptr_t)p;
    uintptr_t uq = (uintptr_t)q;
    global int *r = (global int *)(ip + 2 * (intptr_t)sizeof(int));
    size_t z = 0;
    z -= 1;
    global long *o = out + g * 6;
    o[0] = d;
    o[1] = (long)(uq - (uintptr_t)ip);          // byte distance
    o[2] = sizeof(size_t) * 100 + sizeof(ptrdiff_t) * 10 + sizeof(intptr_t);
    o[3] = (r - p) * 1000 + *r;
    o[4] = z == (size_t)-1 && z > n;
    o[5] = (long)(size_t)(g - n);               // wraps to 2^64 - (n - g), reinterpreted
}
