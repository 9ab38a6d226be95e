// The probe behind vkhost::probe::flushes_float_denormals: halves a float subnormal
// (2^-140 -> 2^-141). A device that flushes float subnormals by default (as OpenCL allows;
// NVIDIA's Vulkan driver does) writes 0. Compiled by make.sh into denormals.spv/.json.
kernel void halve(global const float *x, global float *y)
{
    y[0] = x[0] * 0.5f;
}
