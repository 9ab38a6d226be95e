// Found by clc-smith (seed 101255): to_global/to_local/to_private of generic pointers to several
// pointee types in one module. Intel's CPU runtime declares one `__to_global` per cast's
// pointee type and cannot resolve the second (`__to_global.1 is undefined`); clc now casts
// `uchar` pointers only, bitcasting around the cast, as clang does. Only casts to the space a
// pointer really points to (their results do not depend on the device).
int g_int(int *p) { return to_global(p)[1]; }
int g_uchar(uchar *p) { return to_global(p)[2]; }
long g_long(long *p) { return to_global(p)[0]; }
int p_int(int *p) { return to_private(p)[0]; }
int p_uchar(uchar *p) { return to_private(p)[0]; }
int l_int(int *p) { return to_local(p)[0]; }
short l_short(short *p) { return to_local(p)[0]; }

kernel void to_space_pointee_types(global int *o, global uchar *b, global long *l, local int *li,
                                   local short *ls) {
  int x = 5;
  uchar c = 7;
  li[0] = 11;
  ls[0] = -3;
  barrier(CLK_LOCAL_MEM_FENCE);
  o[0] = g_int(o);
  o[1] = g_uchar(b);
  o[2] = (int)g_long(l);
  o[3] = p_int(&x) + p_uchar(&c);
  o[4] = l_int(li) + l_short(ls);
}
