// cl_khr_subgroup_shuffle and cl_khr_subgroup_shuffle_relative (issue 9), through
// SPV_INTEL_subgroups. Each work-item checks what it read against the value its source
// work-item holds (lanes whose source lies outside the sub-group read undefined values and
// are not checked), and stores the values it read for the clang comparison.
kernel void shuffles(global int *ok, global uint *got)
{
    uint gid = get_global_id(0);
    uint lid = get_sub_group_local_id();
    uint size = get_sub_group_size();
    uint base = gid - lid;
    uint x = gid * 3 + 1;
    uint a = sub_group_shuffle(x, (lid + 1) % size);
    uint b = sub_group_shuffle_xor(x, 1u);
    uint c = sub_group_shuffle_up(x, 1u);
    uint d = sub_group_shuffle_down(x, 2u);
    float f = sub_group_shuffle((float)x * 0.5f, 0u);
    int r = 0;
    r |= (a == (base + (lid + 1) % size) * 3 + 1) << 0;
    r |= ((lid ^ 1) >= size || b == (base + (lid ^ 1)) * 3 + 1) << 1;
    r |= (lid < 1 || c == x - 3) << 2;
    r |= (lid + 2 >= size || d == x + 6) << 3;
    r |= (f == (float)(base * 3 + 1) * 0.5f) << 4;
    ok[gid] = r;
    got[gid] = a;
}
