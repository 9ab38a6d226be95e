// A switch whose labels share a target: `default:` stacked on `case 2:`, and `case 0:` falling
// into them. At -O1 and above spirv-opt's SSA rewrite turns `h` into a phi at that block,
// which the one switch block reaches by two edges (default and case 2). Intel's CPU runtime
// 2021.2 misread such phis: every work-item took case 0's value (clc-smith seed 300036).
// clc now gives each extra switch edge a block of its own (src/optimize/switch_edges.rs).
ulong mix(ulong h, ulong v) { h = (h ^ v) * 0x100000001b3UL; return h ^ (h >> 29); }

kernel void switch_shared_target(global ulong *out, global const int *sel)
{
    uint gid = get_global_id(0);
    ulong h = 3848845720759037828UL;
    switch ((uint)sel[gid] % 3u) {
    case 0: { h = mix(h, 5); }
    default:
    case 2: {
        union { uint4 v; uint a[4]; uchar b[16]; float f; int i; } u;
        u.f = 1.0f;
        uint x = u.a[0] ^ (uint)u.i;
        h = mix(h, x);
    } break;
    }
    out[gid] = h;
}

// The same with the merge block as a shared target: `case 1:` and the default leave the
// switch at once, and `h` is a phi at the merge.
kernel void switch_shared_merge(global ulong *out, global const int *sel)
{
    uint gid = get_global_id(0);
    ulong h = 3848845720759037828UL;
    switch ((uint)sel[gid] % 4u) {
    case 0: h = mix(h, 5); break;
    case 1: break;
    case 2: h = mix(h, 7); break;
    default: break;
    }
    out[gid] = h;
}
