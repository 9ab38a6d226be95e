// y = a*x + y, one work-item per element. The multiply-add is an explicit fma() so that
// every implementation (CUDA, Vulkan, CPU) computes the same correctly rounded value.
__kernel void saxpy(float a, __global const float* restrict x, __global float* restrict y)
{
    size_t i = get_global_id(0);
    y[i] = fma(a, x[i], y[i]);
}
