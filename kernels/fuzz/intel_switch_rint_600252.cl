// clc-smith seed 600252 (the -O0 Vulkan campaign), reduced by hand. On the work-items that take
// `default:` / `case 0:`, f = rint((float)(get_group_id(0) - 64)) = group - 64 and
// h = (K ^ (ulong)(long)f) * P. Intel's CPU runtime 2021.2, when it optimizes, hashes f as 0 on
// some of those work-items, for clc's module, clang-22's and its own compile alike; clc-diff
// with -cl-opt-disable agrees with lavapipe, which runs clc's Vulkan module right. The family
// of kernels/fuzz/intel_switch_fmin_600006 and intel_if_trunc_620590.
kernel void intel_switch_rint(global ulong *out, global const int *in)
{
    uint gid = (uint)get_global_id(0);
    ulong h = 10098677697785728760UL;
    switch ((uint)in[gid] % 6u) {
    case 1:
        break;
    default:
    case 0: {
        float f = rint((float)(((int)get_group_id(0) & 127) - 64));
        h = (h ^ (ulong)(long)f) * 0x100000001b3UL;
    } break;
    }
    out[gid] = h;
}
