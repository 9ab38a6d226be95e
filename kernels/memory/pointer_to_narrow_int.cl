// Pointers converted to integers narrower than 64 bits: through a 64-bit integer, then
// truncated (found by the compile fuzz target: `(uint)&x` made an invalid Vulkan module).
// Address differences survive the truncation as long as the object is smaller than 4 GiB.
kernel void pointer_to_narrow_int(global int *buf, global uint *out)
{
    size_t i = get_global_id(0);
    int priv[4] = { 1, 2, 3, (int)i };
    out[6 * i + 0] = (uint)&buf[i + 3] - (uint)&buf[i];
    out[6 * i + 1] = (uint)(ulong)&buf[i + 5] - (uint)(ulong)&buf[i];
    out[6 * i + 2] = (uint)&priv[3] - (uint)&priv[0];
    out[6 * i + 3] = (ushort)&buf[i + 2] - (ushort)&buf[i] == 8 || ((ushort)&buf[i + 2] < (ushort)&buf[i]);
    out[6 * i + 4] = ((uint)&buf[i] & 3u) == 0;
    out[6 * i + 5] = priv[3] == (int)i;
}
