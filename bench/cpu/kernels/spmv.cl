// y = A x, A sparse in CSR form (row_ptr: rows + 1 offsets, cols and vals: one entry per
// non-zero); the scalar kernel, one work-item per row.
__kernel void spmv_csr(__global const uint* restrict row_ptr, __global const uint* restrict cols,
                       __global const float* restrict vals, __global const float* restrict x,
                       __global float* restrict y, uint rows)
{
    uint r = get_global_id(0);
    if (r >= rows)
        return;
    float acc = 0.0f;
    uint end = row_ptr[r + 1];
    for (uint k = row_ptr[r]; k < end; ++k)
        acc += vals[k] * x[cols[k]];
    y[r] = acc;
}
