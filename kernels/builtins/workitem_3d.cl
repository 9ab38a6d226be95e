// Work-item functions in a 3D NDRange with a global offset, including the OpenCL 2.0
// get_global_linear_id/get_local_linear_id (which subtract the offset) and
// get_enqueued_local_size.
kernel void wi3d(global int *out)
{
    size_t lin = get_global_linear_id();
    global int *o = out + lin * 8;
    o[0] = (int)(get_global_id(0) * 10000 + get_global_id(1) * 100 + get_global_id(2));
    o[1] = (int)(get_local_id(0) * 100 + get_local_id(1) * 10 + get_local_id(2));
    o[2] = (int)(get_group_id(0) * 100 + get_group_id(1) * 10 + get_group_id(2));
    o[3] = (int)get_local_linear_id();
    o[4] = (int)lin;
    o[5] = (int)(get_enqueued_local_size(0) * 100 + get_enqueued_local_size(1) * 10
                 + get_enqueued_local_size(2));
    o[6] = (int)(get_global_offset(0) * 10000 + get_global_offset(1) * 100 + get_global_offset(2));
    o[7] = (int)(get_work_dim() * 1000 + get_num_groups(0) * 100 + get_num_groups(1) * 10
                 + get_num_groups(2));
}
