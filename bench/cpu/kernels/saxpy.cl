// y = a * x + y, one work-item per element.
__kernel void saxpy(float a, __global const float* restrict x, __global float* restrict y)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
