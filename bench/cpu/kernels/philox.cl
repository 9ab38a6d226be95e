// Counter-based random numbers, Philox4x32-10 (Salmon, Moraes, Dror, Shaw, SC'11): work-item i
// encrypts the counter (i, ctr_hi, 0, 0) with the key (k0, k1) in ten rounds and writes the
// four 32-bit outputs.
#define PHILOX_M0 0xD2511F53u
#define PHILOX_M1 0xCD9E8D57u
#define PHILOX_W0 0x9E3779B9u
#define PHILOX_W1 0xBB67AE85u

__kernel void philox4x32_10(__global uint4* restrict out, uint ctr_hi, uint k0, uint k1)
{
    uint4 c = (uint4)((uint)get_global_id(0), ctr_hi, 0u, 0u);
    for (int r = 0; r < 10; ++r) {
        uint hi0 = mul_hi(PHILOX_M0, c.x), lo0 = PHILOX_M0 * c.x;
        uint hi1 = mul_hi(PHILOX_M1, c.z), lo1 = PHILOX_M1 * c.z;
        c = (uint4)(hi1 ^ c.y ^ k0, lo1, hi0 ^ c.w ^ k1, lo0);
        k0 += PHILOX_W0;
        k1 += PHILOX_W1;
    }
    out[get_global_id(0)] = c;
}
