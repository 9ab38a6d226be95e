// Work-item functions in a 2D NDRange with a global offset: get_global_id includes the offset,
// get_local_id/get_group_id do not, and get_global_offset/get_work_dim/get_*_size report the
// launch. Every work-item writes one record of 12 ints at its linear position.
kernel void wi2d(global int *out)
{
    size_t gx = get_global_id(0), gy = get_global_id(1);
    size_t ox = get_global_offset(0), oy = get_global_offset(1);
    size_t w = get_global_size(0);
    size_t lin = (gy - oy) * w + (gx - ox);
    global int *o = out + lin * 12;
    o[0] = (int)gx;
    o[1] = (int)gy;
    o[2] = (int)get_local_id(0);
    o[3] = (int)get_local_id(1);
    o[4] = (int)get_group_id(0);
    o[5] = (int)get_group_id(1);
    o[6] = (int)(get_num_groups(0) * 10 + get_num_groups(1));
    o[7] = (int)(get_local_size(0) * 10 + get_local_size(1));
    o[8] = (int)(get_global_size(0) * 100 + get_global_size(1));
    o[9] = (int)(ox * 100 + oy);
    o[10] = (int)get_work_dim();
    o[11] = (int)(get_group_id(0) * get_local_size(0) + get_local_id(0) + ox == gx);
}
