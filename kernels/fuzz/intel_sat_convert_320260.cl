// clc-smith seed 320260 (CL3.0), reduced by clc-diff. Intel's CPU runtime 2021.2 ran clc's
// module wrong while clang-22's module and the runtime's own compile agree: in the work-items
// where v5 == 0 (global ids 1..15), v13 = ((uint)v5 ^ (uint)w12.s1) - 2*(uint)v6 must be
// 0xFFFFFE89, 0xFFFFFE8C, ... (by hand: v6 = 126 - lid, w12.s1 = -v6) ORed with
// smith_div_uint(convert_uint_sat(-7.0f), 0) == 0, but the runtime gave -7 for
// convert_uint_sat(-7.0f), which clc lowered as OpConvertFToU of the float itself with
// selects for the out-of-range cases. Converting -7.0f to uint gives LLVM a poison value, and
// the selects around it did not save it there. clc now clamps the float into range (fclamp)
// before converting, so no conversion is ever out of range.
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

kernel void k320260(global ulong *out, global int *g, global uint *acc, constant int *cin, local int *larg) {
  local int k320260_lb[64]; //!keep
  local uint k320260_lacc[4]; //!keep
  const uint gid = (uint)get_global_id(0); //!keep
  const uint lid = (uint)get_local_id(0); //!keep
  ulong h = 9980285696188776552UL; //!keep
  global int *gs = g + gid * 8; //!keep
  local int *ls = larg + lid * 4; //!keep
  local int *lm = k320260_lb + lid * 4; //!keep
  if (lid == 0) { //!keep
    k320260_lacc[0] = 0; k320260_lacc[1] = 0; k320260_lacc[2] = 0; k320260_lacc[3] = 0xFFFFFFFFu; //!keep
  } //!keep
  lm[0] = gs[0] ^ 6828; //!keep
  ls[0] = (int)((uint)gs[4] + lid); //!keep
  lm[1] = gs[1] ^ 22013; //!keep
  ls[1] = (int)((uint)gs[5] + lid); //!keep
  lm[2] = gs[2] ^ 64003; //!keep
  ls[2] = (int)((uint)gs[6] + lid); //!keep
  lm[3] = gs[3] ^ 48649; //!keep
  ls[3] = (int)((uint)gs[7] + lid); //!keep
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  short v5 = ((short)((uint)((short)(-100)) * (uint)((short)(((short)(int)((float)(((int)((int)!((int)(-45))) & 127) - 64))) || ((short)(((int16)(((int)(-174)), ((int)279), ((int)(-269)), ((int)(-40)), ((int)(-137)), (int2)(((int)(-248))), ((int)(-189)), ((int)(-18)), ((int)(-9)), ((int)get_local_id(0)), (int4)(((int)(-294))), ((int)94)))).s9)))));
  char v6 = ((char)((uint)((char)((uint)((char)((uint)((char)122) * (uint)((char)43))) * (uint)((char)(ls >= ls)))) - (uint)((char)(((char)((short)get_local_id(0))) >> (add_sat(((char)v5), ((char)v5)) & 7)))));
  if (((int)get_local_id(0))) {
    v5 = ((short)((uint)((short)!((short)v5)) + (uint)((short)get_group_id(0))));
  }
  float f11 = ceil(-7.0f);
   {
    if (((int)v5)) {
    }
    else {
      short3 w12 = convert_short3(convert_ushort3(((short3)(((short)v5), (short2)(((short)v6))))) * convert_ushort3((((short3)(((short)get_global_id(0)), ((short)(-2)), ((short)(-6)))) >> (((short3)(((short)(int)f11), (short2)(((short)v6)))) & (short3)(15)))));
      uint v13 = ((uint)(((uint)((uint)((uint)(((uint)v5) ^ ((uint)w12.s1))) - (uint)((uint)((uint)((uint)v6) + (uint)((uint)v6))))) | smith_div_uint(convert_uint_sat(f11), ((uint)((long)v5)))));
      h = smith_mix(h, (ulong)v13);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  int x17 = (int)((uint)k320260_lb[((lid + 4u) % 16u) * 4 + 1] + (uint)larg[((lid + 10u) % 16u) * 4 + 1]); //!keep
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  int x18 = (int)((uint)k320260_lb[((lid + 1u) % 16u) * 4 + 0] + (uint)larg[((lid + 2u) % 16u) * 4 + 3]); //!keep
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  uint y19 = work_group_reduce_max(((uint)(((uint)2) >= ((long)x17)))); //!keep
  barrier(CLK_LOCAL_MEM_FENCE); //!keep
  h = smith_mix(h, (ulong)k320260_lacc[0]); //!keep
  h = smith_mix(h, (ulong)k320260_lacc[1]); //!keep
  h = smith_mix(h, (ulong)k320260_lacc[2]); //!keep
  h = smith_mix(h, (ulong)k320260_lacc[3]); //!keep
  out[gid] = h; //!keep
}
