// OpenCL C defines shifts by counts >= the width: only the low log2(N) bits of the count are
// used, N being the bit width of the promoted left operand (int for char/short, 64 for long).
kernel void shifts(global const int *x, global const uint *u, global const long *l,
                   global const char *c, global const int *count, global int *out,
                   global long *lout)
{
    size_t i = get_global_id(0);
    int n = count[i];                    // 0..200 and some negatives
    global int *o = out + i * 6;
    o[0] = x[i] << n;                    // count & 31
    o[1] = x[i] >> n;                    // arithmetic shift, count & 31
    o[2] = (int)(u[i] >> n);             // logical shift, count & 31
    o[3] = c[i] << n;                    // c promoted to int: count & 31
    o[4] = (char)(c[i] << (n & 7));
    o[5] = 1 << 33;                      // a constant count: 1 << 1
    lout[2 * i + 0] = l[i] << n;         // count & 63
    lout[2 * i + 1] = l[i] >> (n + 64);
}
