// float to 64-bit integers, toward zero, over the whole range of magnitudes: below one,
// around 2^23 (where the significand stops moving right), 2^31, 2^32, up to -2^63 and the
// largest float below 2^63, subnormals, both signs; scalar casts and convert_long4/ulong4.
// Expected values by Python's int() of each float. On Vulkan these conversions are made from
// the float's bits with integer instructions (src/back/spv/numeric.rs `float_to_int`):
// NVIDIA's driver miscompiles OpConvertFToS/FToU from float to 64 bits
// (kernels/fuzz/nvidia_ftos_xor_620281).
kernel void float_to_long_bits(global const float *x, global long *s, global ulong *u,
                               global long *s4, global ulong *u4)
{
    size_t i = get_global_id(0);
    s[i] = (long)x[i];
    u[i] = (ulong)fabs(x[i]);
    if (i % 4 == 0) {
        float4 v = vload4(i / 4, x);
        vstore4(convert_long4(v), i / 4, s4);
        vstore4(convert_ulong4(fabs(v)), i / 4, u4);
    }
}
