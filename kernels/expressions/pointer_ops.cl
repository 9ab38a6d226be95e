// Pointer arithmetic in all address spaces: compound assignment (p += k, p -= k), pre/post
// increment and decrement, *p++ idioms, comparisons (< <= == !=) and differences of pointers into
// the same private, __local and __global arrays.
kernel void pointer_ops(global const int *in, global int *out, local int *scratch)
{
    size_t l = get_local_id(0);
    size_t n = get_local_size(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    int priv[8];
    for (int k = 0; k < 8; k++)
        priv[k] = (int)l * 8 + k;
    int *p = priv;
    int *end = priv + 8;
    int sum = 0;
    while (p < end)
        sum += *p++;                      // post-increment in a dereference
    p -= 3;                               // back to priv[5]
    int a = *p--;                         // 5, then p -> priv[4]
    int b = *--p;                         // priv[3]
    p += 2;                               // priv[5]

    local int *lp = scratch + l;
    local int *lq = scratch + (n - 1 - l);
    local int *lo = lp < lq ? lp : lq;
    local int *hi = lp < lq ? lq : lp;
    int lsum = 0;
    for (local int *it = lo; it <= hi; ++it)
        lsum += *it;

    global int *o = out + get_global_id(0) * 8;
    global int *w = o;
    *w++ = sum;
    *w++ = a * 100 + b;
    *w++ = (int)(p - priv);
    *w++ = (int)(lq - lp);
    *w++ = lsum;
    *w++ = (lp == lq) * 4 + (lp != lq) * 2 + (lp <= lq);
    *w++ = (int)(w - o);                  // 6
    w += 0;
    *w = (int)(&o[7] - &o[1]) + (end - priv);
}
