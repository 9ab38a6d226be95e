// 1,024 kernels in one program, all calling one helper: as many entry points as clc's
// validator sees at once (src/val_pieces.rs; more are validated in pieces). Kernel
// `k1abcde` (digits 0-3) writes helper(i, 1abcde) = 3 * i + 1abcde.
int helper(int x, int n) { return 3 * x + n; }

#define K(n) kernel void k##n(global int *o) { o[get_global_id(0)] = helper((int)get_global_id(0), n); }
#define K4(n) K(n##0) K(n##1) K(n##2) K(n##3)
#define K16(n) K4(n##0) K4(n##1) K4(n##2) K4(n##3)
#define K64(n) K16(n##0) K16(n##1) K16(n##2) K16(n##3)
#define K256(n) K64(n##0) K64(n##1) K64(n##2) K64(n##3)
#define K1024(n) K256(n##0) K256(n##1) K256(n##2) K256(n##3)

K1024(1)
