// clc-smith seed 600006 (campaign 600000..600640, --vulkan), reduced by hand: Intel's CPU
// runtime 2021.2 computes h = mix(h, (ulong)v13) below as if v13 were 0 on the work-items
// that take `default:` into `case 3:`, for clc's module, clang-22's and its own compile of
// this source alike. v13 = (int)fmin(-64.0f, -2.0f) is -64 by any reading (and the runtime
// gives -64 for the same expression outside the switch); lavapipe runs clc's Vulkan module
// right. clc's module is a plain OpExtInst fmin and OpConvertFToS.
ulong mix(ulong h, ulong v) { h = (h ^ v) * 0x100000001b3UL; return h ^ (h >> 29); }

kernel void intel_switch_fmin(global ulong *out)
{
    uint lid = get_local_id(0);
    ulong h = 17031893757690351500UL;
    uchar v5 = 255;
    switch (lid % 4u) {
    case 0: { h = mix(h, 0); } break;
    default:
    case 3: {
        int v13 = (int)fmin(-64.0f, -2.0f);
        h = mix(h, (ulong)v13);
    }
    case 2: { v5++; }
    }
    out[lid] = h + v5;
}
