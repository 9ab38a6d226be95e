// Kernels for the ash example: a buffer, a value and a __local argument, a module data
// buffer, and a struct argument large enough to need a uniform buffer.

constant float weights[2] = {1.0f, 0.5f};

// y = a * x + y over a range that need not fill the last work-group; `fma` gives the
// pipeline the `fma_fused` specialization constant.
kernel void saxpy(global const float *x, global float *y, float a) {
    size_t i = get_global_id(0);
    y[i] = fma(a, x[i], y[i]);
}

// sums[g] = weights[1] * (sum of x over work-group g): a tree reduction in __local memory
// (the local size is a power of two).
kernel void group_sums(global const float *x, global float *sums, local float *scratch) {
    size_t l = get_local_id(0);
    scratch[l] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
        if (l < s)
            scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        sums[get_group_id(0)] = weights[1] * scratch[0];
}

typedef struct {
    float c[40];
    int degree;
} poly;

// y[i] = p(x[i]) by Horner's rule: the 164-byte struct puts the block in a uniform buffer.
kernel void horner(global const float *x, global float *y, poly p) {
    size_t i = get_global_id(0);
    float acc = 0.0f;
    for (int k = p.degree; k >= 0; k--)
        acc = acc * x[i] + p.c[k];
    y[i] = acc;
}
