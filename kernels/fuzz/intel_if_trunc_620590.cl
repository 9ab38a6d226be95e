// clc-smith seed 620590 (the -O2 Vulkan campaign; it mismatches at -O0 too), reduced by hand.
// Work-items 1..31 of each work-group take the branch, where (long)trunc(-64.0f) is -64, and
// out = (ulong)v ^ K. Intel's CPU runtime 2021.2, when it optimizes, gives v = 0 on work-items
// 1..7 (the vector chunk that holds work-item 0, which skips the branch) and -64 on 8..31, for
// clc's module, clang-22's and its own compile alike; clc-diff with -cl-opt-disable agrees
// with lavapipe, which runs clc's Vulkan module right. The same family as
// kernels/fuzz/intel_switch_fmin_600006 (a float built-in of constants, in a branch that some
// lanes of a chunk skip, evaluated as 0).
kernel void intel_if_trunc(global ulong *out)
{
    long v = 7;
    if (get_local_id(0))
        v = (long)trunc(-64.0f);
    out[get_global_id(0)] = (ulong)v ^ 10098677697785728760UL;
}
