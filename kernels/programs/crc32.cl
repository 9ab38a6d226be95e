// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) of fixed-size messages, one message per
// work-item, table-driven: the 256-entry table is computed per work-group into local memory,
// and a second kernel does the same with the bitwise algorithm for comparison.
kernel void crc32_table(global const uchar *msgs, int len, global uint *crcs, local uint *table)
{
    size_t l = get_local_id(0);
    for (uint b = (uint)l; b < 256; b += (uint)get_local_size(0)) {
        uint c = b;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? (c >> 1) ^ 0xEDB88320u : c >> 1;
        table[b] = c;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    global const uchar *m = msgs + get_global_id(0) * len;
    uint crc = 0xFFFFFFFFu;
    for (int i = 0; i < len; i++)
        crc = table[(crc ^ m[i]) & 0xFF] ^ (crc >> 8);
    crcs[get_global_id(0)] = ~crc;
}

kernel void crc32_bitwise(global const uchar *msgs, int len, global uint *crcs)
{
    global const uchar *m = msgs + get_global_id(0) * len;
    uint crc = 0xFFFFFFFFu;
    for (int i = 0; i < len; i++) {
        crc ^= m[i];
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1)));
    }
    crcs[get_global_id(0)] = ~crc;
}
