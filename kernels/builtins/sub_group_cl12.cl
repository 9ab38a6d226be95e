// Sub-group functions in an OpenCL C 1.2 program (clang-22 declares them there too): the
// module is validated as universal SPIR-V 1.0, since the OpenCL 1.2 environment knows no
// `Groups` (found by the compile fuzz target: clc refused its own module, an internal error).
kernel void sg12(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int n = sub_group_reduce_add(1);
    int before = sub_group_scan_exclusive_add(1);
    int top = sub_group_reduce_max(in[i]);
    out[i] = (n == (int)get_sub_group_size()) + 2 * (before == (int)get_sub_group_local_id())
             + 4 * (top >= in[i]);
}
