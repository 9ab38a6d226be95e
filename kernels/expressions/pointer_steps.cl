// Pointers stepped backwards (p -= 2, p[-1]) into private and __global arrays, and their
// differences: negative steps are where NVIDIA's Vulkan driver misread OpPtrAccessChain
// indices as large positive ones (a hang and garbage before clc stepped buffer addresses as
// integers). out[6..9] step by negative `int` counts read from the buffer, so that no
// compiler folds them: on the H100, an OpPtrAccessChain with such a count as a 32-bit index
// hung the GPU, and so did one with a never-negative index 2^31 above a base moved 2^31
// elements down (two attempts to keep buffer steps in access chains, both reverted).
kernel void pointer_steps(global const int *in, global int *out)
{
    int priv[8];
    for (int k = 0; k < 8; k++)
        priv[k] = in[k];
    int *q = priv + 7;
    q -= 2;
    out[0] = *q;
    int s = 0;
    int *r = priv + 7;
    while (r >= priv + 1) {
        s += *r;
        if (r == priv + 1)
            break;
        r -= 2;
    }
    out[1] = s;
    global const int *g = in + 5;
    g -= 2;
    out[2] = *g;
    global const int *h = in + 3;
    out[3] = h[-1];
    out[4] = (int)(g - in);
    out[5] = (int)(q - priv);
    int m = in[0] - 13, k = in[1] - 14;   // -3, -3 at run time
    global const int *e = in + 6;
    out[6] = e[m];
    out[7] = *(e + k);
    out[8] = (e + m)[k + 1];
    out[9] = *(in - m);
}
