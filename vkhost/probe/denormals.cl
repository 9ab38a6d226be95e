// The probe behind vkhost::probe::flushes_float_denormals. A device that flushes float
// subnormals by default (as OpenCL allows) may do it in some instructions and not in others
// (NVIDIA's Vulkan driver has kept the product of a multiply and flushed the operands of a
// comparison in one program), so the probe checks an arithmetic result, a comparison and a
// conversion, each on 2^-140. Compiled by make.sh into denormals.spv/.json.
kernel void halve(global const float *x, global float *y)
{
    float tiny = x[0];
    y[0] = tiny * 0.5f;                    // 2^-141, or 0 if flushed
    y[1] = tiny == 0.0f ? 1.0f : 2.0f;     // 2, or 1 if the comparison flushes
    y[2] = tiny < x[1] ? 2.0f : 1.0f;      // x[1] = 2^-139: 2, or 1 if flushed
    y[3] = (float)(tiny != 0.0f) + 1.0f;   // 2, or 1 if flushed
}
