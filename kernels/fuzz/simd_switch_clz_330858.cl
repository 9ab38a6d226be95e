// clc-smith seed 330858 (CL3.0, OpenCL target), reduced by line deletion, then by hand.
// r14 = k330858_h1(a0, 4) with a0 read back from local memory. On the work-items whose
// a0 % 6 == 2 (gids 10, 28, 31), case 2 sets a1 = clz((uchar)29) = 3 and a0 ^= 28; the values
// in the .toml come from a Python model of the kernel, and each compiler's module gives them
// with a local size of 1 (and for h1 alone, fed the same a0).
// With 8 work-items per group, the CPU drivers that run work-items as SIMD lanes give
// a0 ^ 17 and a1 = 3 on those three, for clc's module, clang-22's and the runtime's own
// compile of this source alike: Intel's CPU runtime 2021.2 (right with
// CL_CONFIG_USE_VECTORIZER=False) and lavapipe (clc's Vulkan module). Deleting case 5's
// vector expression, which those work-items do not run, makes both right. In the unreduced
// kernel only clc's module went wrong, so clc-diff called it a clc-mismatch.
ulong smith_mix(ulong h, ulong v) { h = (h ^ v) * 0x100000001b3UL; return h ^ (h >> 29); }
ushort simd_h1(uint a0, uchar a1) {
  ulong h = 0;
  { int i3 = 0;
    switch ((uint)((ulong)a0) % 6u) {
      case 5: {
        a1 = ((uchar)(convert_int16(convert_int16(convert_uint16(((int16)((int)((uint)((int)a0) + (uint)((int)(-200)))))) + convert_uint16(((int16)(((int)i3), ((int)a1), ((int)(-4)), ((int)a0), (int4)(((int)255)), ((int)(-2147483648L)), ((int)(-2147483648L)), ((int)222), ((int)(-180)), (int2)(((int)a0)), ((int)209), ((int)(-5)))))) <= convert_int16(convert_uint16(((int16)(((int)(-4)), ((int)202), ((int)i3), ((int)a0), ((int)217), (int2)(((int)3)), ((int)(-62)), ((int)(-8)), ((int)a1), ((int)1467980479), ((int)292), (int2)(((int)i3)), ((int)i3), ((int)250)))) - convert_uint16(((int16)(((int)i3), (int4)(((int)69)), (int2)(((int)a1)), ((int)(-241)), (int4)(((int)(-215))), ((int)285), ((int)a1), (int2)(((int)i3)))))))).sB);
      } break;
      case 2: {
        a1 = clz((uchar)29);
        a0 ^= ((uint)((uint)((uint)(((uint)((uint)((uint)299) - (uint)((uint)4294967292UL))) != ((char)(((char)37) & ((char)(-67)))))) + (uint)((uint)(((uint)(((uint)a1) ^ ((uint)sizeof(uint4)))) ^ ((uint)sizeof(ulong))))));
      } break;
    }
  }
  h = smith_mix(h, (ulong)((ushort)a0));
  return (ushort)(h ^ (ulong)((ushort)((uint)popcount(((ushort)a1)) + (uint)((ushort)((long)1)))));
}
kernel void simd_switch_clz(global ulong *out, global const int *g, constant int *cin, local int *larg) {
  local int k330858_lb[32];
  const uint gid = (uint)get_global_id(0);
  const uint lid = (uint)get_local_id(0);
  global const int *gs = g + gid * 8;
  local int *ls = larg + lid * 4;
  local int *lm = k330858_lb + lid * 4;
  lm[0] = gs[0] ^ 28258;
  ls[0] = (int)((uint)gs[4] + lid);
  lm[1] = gs[1] ^ 14165;
  ls[1] = (int)((uint)gs[5] + lid);
  lm[2] = gs[2] ^ 30438;
  ls[2] = (int)((uint)gs[6] + lid);
  lm[3] = gs[3] ^ 2732;
  ls[3] = (int)((uint)gs[7] + lid);
  barrier(CLK_LOCAL_MEM_FENCE);
  ushort v10 = ((ushort)(((ushort)(((ushort)((uint)((ushort)5) + (uint)((ushort)65445))) || ((ushort)((uint)((ushort)149) * (uint)((ushort)214))))) ^ ((ushort)((uint)((ushort)65485) * (uint)((ushort)(int)((float)(((int)clamp(((char)get_group_id(0)), (char)43, (char)67) & 127) - 64)))))));
  long v11 = rhadd(((long)(((long)((ulong)((long)128) + (ulong)((long)v10))) ^ ((long)(cin >= cin)))), ((long)(cin >= cin)));
  ushort r14 = simd_h1(((uint)*(lm + ((uint)((short)v11) % 4u))), ((uchar)4));
  out[gid] = r14;
}
