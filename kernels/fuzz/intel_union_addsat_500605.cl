// clc-smith seed 500605, triaged (fuzz/findings/smith/500605/README.md): Intel's CPU runtime
// 2021.2 miscompiles clc's module of this kernel (every work-item gets the same hash, at -O0
// and -O2), while the same module is right on lavapipe and an exact Python model of the source
// (fuzz/findings/smith/500605/model.py) gives the expected values below. In a variant that
// hashes u18.a[1] instead (variant_a1.cl there), clang-22's module goes wrong on the runtime
// too. clc's module of the union is plain: one struct { uint4 } variable, pointer bitcasts to
// uint[4] and uchar[16], one OpExtInst u_add_sat.
ulong smith_mix(ulong h, ulong v) { h = (h ^ v) * 0x100000001b3UL; return h ^ (h >> 29); }
char smith_div_char(char a, char b) { return (b == 0 || (a == CHAR_MIN && b == -1)) ? a : (char)(a / b); }
char smith_mod_char(char a, char b) { return (b == 0 || (a == CHAR_MIN && b == -1)) ? a : (char)(a % b); }
uchar smith_div_uchar(uchar a, uchar b) { return b == 0 ? a : (uchar)(a / b); }
uchar smith_mod_uchar(uchar a, uchar b) { return b == 0 ? a : (uchar)(a % b); }
short smith_div_short(short a, short b) { return (b == 0 || (a == SHRT_MIN && b == -1)) ? a : (short)(a / b); }
short smith_mod_short(short a, short b) { return (b == 0 || (a == SHRT_MIN && b == -1)) ? a : (short)(a % b); }
ushort smith_div_ushort(ushort a, ushort b) { return b == 0 ? a : (ushort)(a / b); }
ushort smith_mod_ushort(ushort a, ushort b) { return b == 0 ? a : (ushort)(a % b); }
int smith_div_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a / b; }
int smith_mod_int(int a, int b) { return (b == 0 || (a == INT_MIN && b == -1)) ? a : a % b; }
uint smith_div_uint(uint a, uint b) { return b == 0 ? a : a / b; }
uint smith_mod_uint(uint a, uint b) { return b == 0 ? a : a % b; }
long smith_div_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a / b; }
long smith_mod_long(long a, long b) { return (b == 0 || (a == LONG_MIN && b == -1)) ? a : a % b; }
ulong smith_div_ulong(ulong a, ulong b) { return b == 0 ? a : a / b; }
ulong smith_mod_ulong(ulong a, ulong b) { return b == 0 ? a : a % b; }

uint k500605_h0(global int *p, short a0, int a1) {
  ulong h = 0;
  return (uint)(h ^ (ulong)((uint)~((uint)(((ushort2)(((ushort)a0), ((ushort)a1)))).s1)));
}
kernel void k500605(global ulong *out, global int *g, global uint *acc, constant int *cin, local int *larg) {
  local int k500605_lb[128]; //!keep
  local uint k500605_lacc[4]; //!keep
  const uint gid = (uint)get_global_id(0); //!keep
  const uint lid = (uint)get_local_id(0); //!keep
  ulong h = 14473869674660012016UL; //!keep
  global int *gs = g + gid * 8; //!keep
  local int *ls = larg + lid * 4; //!keep
  local int *lm = k500605_lb + lid * 4; //!keep
  if (lid == 0) { //!keep
    k500605_lacc[0] = 0; k500605_lacc[1] = 0; k500605_lacc[2] = 0; k500605_lacc[3] = 0xFFFFFFFFu; //!keep
  } //!keep
  lm[0] = gs[0] ^ 28546; //!keep
  ls[0] = (int)((uint)gs[4] + lid); //!keep
  lm[1] = gs[1] ^ 43461; //!keep
  ls[1] = (int)((uint)gs[5] + lid); //!keep
  lm[2] = gs[2] ^ 15746; //!keep
  ls[2] = (int)((uint)gs[6] + lid); //!keep
  lm[3] = gs[3] ^ 6301; //!keep
  ls[3] = (int)((uint)gs[7] + lid); //!keep
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  short v2 = ((short)((uint)((short)174) << (((short)(int)(((int)(-136)) ? ((float)(((int)clamp(((int)255), (int)30, (int)158) & 127) - 64)) : ((float)(((int)convert_uchar_sat(((float)(((int)((long)((ulong)((long)get_group_id(0)) * (ulong)((long)114))) & 127) - 64))) & 127) - 64)))) & 15)));
  short v3 = ((short)v2);
  uint r4 = k500605_h0(gs, ((short)v2), ((int)101));
  float f5 = fmin(copysign(-2.0f, 1.0f + 0.0f), (-0.0f * 64.0f));
  int4 w6 = (((int)(-64)) ? convert_int4(convert_uint4(((int4)((int)(int)f5))) + convert_uint4(((int4)((int4)(((int)v2)))))) : (vload4(((uint)((ulong)((ulong)((ulong)r4) * (ulong)convert_ulong_sat(f5))) % 1u), lm) >> (((int4)(((int)get_local_id(0)), ((int)v3), (int2)(((int)v3)))) & (int4)(31))));
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  int x9 = (int)((uint)k500605_lb[((lid + 3u) % 32u) * 4 + 3] + (uint)larg[((lid + 7u) % 32u) * 4 + 2]); //!keep
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  for (int i13 = 0; i13 < 2; i13++) {
    {
      int c14 = 5;
      do {
        c14--; //!keep
        v2 ^= add_sat(((short)(((short)((uint)((short)v3) << (((short)c14) & 15))) ^ ((short)sizeof(ulong4)))), ((short)cin[4]));
        uint r15 = k500605_h0(gs, ((short)(((char)((uint)((char)(int)f5) - (uint)((char)c14))) ? ((short)(((short)w6.s3) && ((short)i13))) : ((short)8))), ((int)v3));
        h = smith_mix(h, (ulong)r15);
      } while (c14 > 0);
    }
    char4 w16 = ((char4)((char4)(((char)(int)f5))));
    for (int i17 = 0; i17 < 3; i17++) {
      union { uint4 v; uint a[4]; uchar b[16]; float f; int i; } u18;
      u18.v = add_sat((((uint4)((uint)x9))).ywzy, (((int)(int)f5) ? ((uint4)(((uint)x9), ((uint)x9), ((uint)v2), ((uint)get_global_id(0)))) : ((uint4)(((uint)4294967175UL), ((uint)v2), (uint2)(((uint)v3))))));
      uint x19 = u18.a[3] + u18.b[((uint)((uint)((uint)((uint)r4) * (uint)((uint)290))) % 16u)];
      h = smith_mix(h, (ulong)x19);
    }
    h = smith_mix(h, (ulong)w16.s0);
    h = smith_mix(h, (ulong)w16.s1);
    h = smith_mix(h, (ulong)w16.s2);
    h = smith_mix(h, (ulong)w16.s3);
  }
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  int x20 = (int)((uint)k500605_lb[((lid + 13u) % 32u) * 4 + 2] + (uint)larg[((lid + 6u) % 32u) * 4 + 1]); //!keep
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  h = smith_mix(h, (ulong)k500605_lacc[0]); //!keep
  h = smith_mix(h, (ulong)k500605_lacc[1]); //!keep
  h = smith_mix(h, (ulong)k500605_lacc[2]); //!keep
  h = smith_mix(h, (ulong)k500605_lacc[3]); //!keep
  out[gid] = h; //!keep
}
