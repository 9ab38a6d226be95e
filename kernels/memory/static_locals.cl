// static variables at function scope: `static constant` tables (OpenCL 1.2 and 2.0) and
// OpenCL 2.0 `static global` variables, which keep their value across calls (and across
// work-items) and are initialized once.
int lookup(int k)
{
    static constant int squares[8] = { 0, 1, 4, 9, 16, 25, 36, 49 };
    return squares[k & 7];
}

int next_serial(void)
{
    static global int serial = 1000;        // initialized once, not per call
    return serial++;
}

float scaled(float x)
{
    static global float factor = 2.5f;
    return x * factor;
}

kernel void statics(global const int *in, global int *out, global float *fout)
{
    size_t i = get_global_id(0);
    out[i] = lookup(in[i]) + lookup((int)i);
    fout[i] = scaled((float)in[i]);
    if (i == 0) {
        int s = 0;
        for (int k = 0; k < 10; k++)
            s = next_serial();          // 1000 .. 1009
        out[16] = s;
        out[17] = next_serial();        // 1010
    }
}
