// The guard of shoc's stencil2d `CopyRect` (and the shape of rodinia gaussian `Fan1`):
// a row computed from the group id, the local size and the local id, and a store only for
// rows below a bound. Intel's CPU runtime 2021.2 stores for every work-item of the second
// group as well (d[16..31] = 1 with 64 work-items in groups of 16), for clc's module,
// clang-22's and its own compile of this source alike, with its vectorizer on or off; with
// an `else` branch, or with get_global_id(0) for the row, it is right. lavapipe is right.
kernel void intel_group_row_guard(global int *d, int height)
{
    int gid = get_group_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int grow = gid * lsz + lid;
    if (grow < height)
        d[grow] = 1;
}
