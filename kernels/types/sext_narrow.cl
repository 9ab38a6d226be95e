// Narrow signed values widened: `short` and `char` results of unsigned 16- and 8-bit
// arithmetic, reinterpreted as signed and converted to `int` and `long`, scalar, vector and
// through a private struct. Expected values from the definition (a Python model, in the .toml).
// NVIDIA's driver 580 (H200) gave 32768 for `(long)` of such a `short` holding -32768 in five
// random kernels (`kernels/fuzz/nvidia_sext16_340874`), where clc's Vulkan target now widens
// 8- and 16-bit signed values with OpBitFieldSExtract (src/back/spv/numeric.rs). These short
// forms passed there with the old widening too: they check the new one on every device.
typedef struct { short4 m0; int m1; } sext_s;

kernel void sext_narrow(global const int *g, global long *out)
{
    uint i = get_global_id(0);
    int a = g[2 * i], b = g[2 * i + 1];
    global long *o = out + 12 * i;
    ushort d = (ushort)((ushort)a - (ushort)b);
    ushort m = (ushort)((ushort)a * (ushort)b);
    o[0] = (long)(short)d;
    o[1] = (long)(short)m;
    o[2] = (int)(short)d;
    short4 va = (short4)((short)a, (short)b, (short)(a ^ b), (short)7);
    short4 vb = (short4)((short)b, (short)a, (short)1, (short)(a + b));
    short4 vd = convert_short4(convert_ushort4(va) - convert_ushort4(vb));
    o[3] = (long)vd.s0;
    o[4] = (long)vd.s1;
    sext_s s = { convert_short4(convert_ushort4(va) * convert_ushort4(vb)), 1 };
    o[5] = (long)s.m0.s0;
    o[6] = (long)s.m0.s2;
    uchar c = (uchar)((uchar)a - (uchar)b);
    o[7] = (long)(char)c;
    o[8] = (int)(char)c;
    o[9] = (long)(short)a;
    long4 w = convert_long4(vd);
    o[10] = w.s0 + w.s1;
    o[11] = (long)(short)(d ^ m);
}
