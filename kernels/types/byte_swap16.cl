// 16-bit byte swaps and rotates in the forms people write them: promoted to int, in uint,
// with |, ^ or +, from a ushort, from an int masked or truncated to 16 bits, and through
// rotate(). Expected values from the definition (gen: a Python model, as in the .toml).
// NVIDIA's driver 580 (H200) gave 0 for every form with | or ^ truncated to 16 bits (bsA-bsE,
// bsI, bsN) and was right with + (bsM), for a 32-bit result (bsP) and for other rotate
// amounts (bsG, bsH); clc now emits such swaps as additions (src/back/spv/byte_swap.rs) and
// rotate() without an or. Found through clc-smith seeds 330175 and 330997 (rotate of ushort).
kernel void bsA(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = (ushort)((t << 8) | (t >> 8));
}
kernel void bsB(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = (ushort)(((uint)t << 8) | ((uint)t >> 8));
}
kernel void bsC(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = rotate(t, (ushort)8);
}
kernel void bsD(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = u[i]; o[i] = (ushort)((t << 8) | (t >> 8));
}
kernel void bsE(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  int t = a[i] & 0xffff; o[i] = (ushort)((t << 8) | (t >> 8));
}
kernel void bsG(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = (ushort)((t << 4) | (t >> 12));
}
kernel void bsH(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = rotate(t, (ushort)4);
}
kernel void bsI(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = u[i]; o[i] = rotate(t, (ushort)8);
}
kernel void bsJ(global const int *a, global const ushort *u, global uchar *o)
{
  uint i = get_global_id(0);
  uchar t = (uchar)a[i]; o[i] = rotate(t, (uchar)4);
}
kernel void bsK(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = (ushort)(t >> 8);
}
kernel void bsL(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = (ushort)(t << 8);
}
kernel void bsM(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = (ushort)((t << 8) + (t >> 8));
}
kernel void bsN(global const int *a, global const ushort *u, global ushort *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = (ushort)((t << 8) ^ (t >> 8));
}
kernel void bsP(global const int *a, global const ushort *u, global uint *o)
{
  uint i = get_global_id(0);
  ushort t = (ushort)a[i]; o[i] = (uint)((t << 8) | (t >> 8));
}
