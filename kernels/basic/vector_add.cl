// Element-wise float addition: __global pointers, get_global_id, float arithmetic.
kernel void vadd(global const float *a, global const float *b, global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}
