// Kernel attributes: reqd_work_group_size (the launch must use exactly that local size),
// work_group_size_hint and vec_type_hint (hints only), on kernels that report their local size
// and use a __local array sized from the required work-group size.
__attribute__((reqd_work_group_size(16, 1, 1)))
kernel void reqd(global int *out)
{
    local int tile[16];
    size_t l = get_local_id(0);
    tile[l] = (int)get_global_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[15 - l] * 100 + (int)get_local_size(0);
}

__attribute__((work_group_size_hint(8, 1, 1)))
__attribute__((vec_type_hint(float4)))
kernel void hinted(global const float *in, global float *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i] * 2.0f + (float)get_local_size(0);
}

__attribute__((reqd_work_group_size(4, 2, 1)))
kernel void reqd2d(global int *out)
{
    size_t x = get_global_id(0), y = get_global_id(1);
    out[y * get_global_size(0) + x] = (int)(get_local_size(0) * 10 + get_local_size(1));
}
