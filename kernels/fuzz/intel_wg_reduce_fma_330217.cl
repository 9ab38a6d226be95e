// clc-smith seed 330217 (CL3.0, OpenCL target), reduced by line deletion, then by hand.
// v9 is each work-item's own value, computed before a work-group collective and read after
// it: 3646, 3646, 3902, 3966 for local ids 0..3 (7 / max(lid, 1) is 7, 7, 3, 2).
// Intel's CPU runtime 2021.2 gives every work-item the last one's value, 3966, for clc's
// module and clang-22's alike (vectorizer on or off); its own compile of this source is
// right, and so is lavapipe with clc's Vulkan module. Both modules compute v9 with an `fma`
// (the contracted -2.0f - y * 64.0f); without the -2.0f (a plain multiply), or with the fma's
// operands made positive, the runtime is right. In the unreduced kernel clang-22's module
// crashed the runtime, so clc-diff, with only the runtime's compile to compare against,
// called it a clc-mismatch.
kernel void intel_wg_reduce_fma(global ulong *out)
{
    uint gid = get_global_id(0);
    int v9 = (int)(-2.0f - (float)((int)(7 / max((uint)get_local_id(0), 1u)) - 64) * 64.0f);
    uint y = work_group_reduce_max(1u);
    out[gid] = (ulong)v9 + y * 0;
}
