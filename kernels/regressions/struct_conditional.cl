// A struct-typed `?:` whose result decides a branch, the shape of bullet3's
// BoundSearchKernels.cl (`SortData iData = (gIdx == 0) ? first : src[gIdx - 1];
// if (iData.m_key != jData.m_key) ...`). Intel's CPU runtime crashed (SIGSEGV in
// clBuildProgram, its vectorizer) on clc's module when the `?:` was an OpPhi of the struct.
typedef struct {
    uint key;
    uint value;
} SortData;

__kernel void bound_lower(__global const SortData *src, __global uint *dst, uint n)
{
    int i = get_global_id(0);
    if (i < n) {
        SortData first;
        first.key = (uint)-1;
        first.value = (uint)-1;
        SortData prev = (i == 0) ? first : src[i - 1];
        SortData cur = src[i];
        if (prev.key != cur.key)
            dst[cur.key] = i;
    }
}

// Both operands loaded, a value member decides, and the struct is also returned whole.
__kernel void pick_pair(__global const SortData *a, __global const SortData *b,
                        __global SortData *out, __global uint *flags)
{
    int i = get_global_id(0);
    SortData s = (a[i].key < b[i].key) ? a[i] : b[i];
    if (s.value & 1u)
        flags[i] = s.key;
    else
        flags[i] = 100u + s.value;
    out[i] = (i & 1) ? s : a[i];
}
