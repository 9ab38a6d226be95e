// Work-group collective functions (OpenCL C 2.0 §6.13.15): reductions, inclusive and
// exclusive scans (whose first element is the operation's identity), broadcasts and votes,
// in signed and unsigned 32- and 64-bit integers, float and double, over groups of 8.
kernel void work_group(global const int *in, global int *oi, global long *ol, global float *of, global double *od)
{
    size_t g = get_global_id(0);
    int v = in[g];
    uint u = (uint)v * 2654435761u;
    global int *a = oi + 12 * g;
    a[0] = work_group_reduce_add(v);
    a[1] = work_group_reduce_min(v);
    a[2] = work_group_reduce_max(v);
    a[3] = work_group_scan_inclusive_add(v);
    a[4] = work_group_scan_exclusive_add(v);
    a[5] = work_group_scan_inclusive_min(v);
    a[6] = work_group_scan_exclusive_max(v);
    a[7] = (int)work_group_reduce_min(u);
    a[8] = (int)work_group_scan_exclusive_max(u);
    a[9] = work_group_broadcast(v, 5);
    a[10] = work_group_all(v > -40);
    a[11] = work_group_any(v == 7) + 2 * work_group_any(v == 1000);

    long l = (long)v << 33;
    global long *b = ol + 4 * g;
    b[0] = work_group_reduce_add(l);
    b[1] = work_group_scan_inclusive_max(l);
    b[2] = (long)work_group_scan_exclusive_min((ulong)l);
    b[3] = work_group_broadcast(l, get_local_size(0) - 1);

    // Halves and quarters of small integers: every order of summation is exact.
    float f = v * 0.5f;
    global float *c = of + 4 * g;
    c[0] = work_group_reduce_add(f);
    c[1] = work_group_scan_inclusive_min(f);
    c[2] = work_group_scan_exclusive_add(f);
    c[3] = work_group_scan_exclusive_min(f);

    double d = v * 0.25;
    od[2 * g] = work_group_scan_inclusive_add(d);
    od[2 * g + 1] = work_group_reduce_max(d);
}

// A 2D work-group of 4x4: broadcast from local id (1, 2), and a reduction over all of its work-items.
kernel void work_group_2d(global const int *in, global int *o)
{
    size_t x = get_global_id(0), y = get_global_id(1);
    size_t w = get_global_size(0);
    int v = in[y * w + x];
    o[2 * (y * w + x)] = work_group_broadcast(v, 1, 2);
    o[2 * (y * w + x) + 1] = work_group_reduce_max(v);
}
