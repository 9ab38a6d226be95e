// Generic pointers chosen at run time into a __local variable or a __local argument, in a
// 2-D NDRange whose last work-groups are partial: each work-group has its own local frame,
// found from its 2-D group id, and its work-items see each other's writes after a barrier.
kernel void generic_2d(global int *out, local int *la)
{
    local int lv[16];
    size_t x = get_global_id(0), y = get_global_id(1);
    size_t nx = get_local_size(0);
    size_t l = get_local_id(1) * nx + get_local_id(0);
    size_t n = nx * get_local_size(1);
    size_t g = y * get_global_size(0) + x;
    int *p = (g & 1) ? (int *)&lv[l] : (int *)&la[l];
    int *q = (g & 1) ? (int *)&la[l] : (int *)&lv[l];
    *p = (int)g;
    *q = (int)g + 1000;
    barrier(CLK_LOCAL_MEM_FENCE);
    size_t m = (l + 1) % n;
    out[g] = lv[m] + 2 * la[m] + 100000 * ((int *)to_local(p) == p);
}
