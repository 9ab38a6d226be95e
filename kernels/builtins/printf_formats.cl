// printf conversions on both targets: integers of every width and sign with flags, width and
// precision; float and double with %f %e %g %a; OpenCL vector conversions; %s %c %%.
// The expected lines come from the host C library's snprintf (make_printf_formats.py). Each
// kernel counts the printf calls that failed (the Intel runtime returns the number of
// characters printed, clc's Vulkan printf 0).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void ints(global const long *in, global int *out)
{
    long v = in[get_global_id(0)];
    int r = 0;
    r += 0 > printf("hh: %hhd %hhu %hhx\n", (char)v, (uchar)v, (uchar)v);
    r += 0 > printf("h: %hd %hu %hX\n", (short)v, (ushort)v, (ushort)v);
    r += 0 > printf("i: %d %i %u %x %o\n", (int)v, (int)v, (uint)v, (uint)v, (uint)v);
    r += 0 > printf("l: %ld %lu %lx %lo\n", v, (ulong)v, (ulong)v, (ulong)v);
    r += 0 > printf("flags: [%+d] [% d] [%-6d] [%06d] [%#x] [%#o] [%.3d] [%*d] [%-*.*d]\n",
                (int)v, (int)v, (int)v, (int)v, (uint)v, (uint)v, (int)v, 5, (int)v, 7, 4,
                (int)v);
    out[get_global_id(0)] = r;
}

kernel void floats(global const float *f, global const double *d, global int *out)
{
    size_t i = get_global_id(0);
    float x = f[i];
    double y = d[i];
    int r = 0;
    r += 0 > printf("f: %f %.2f %10.3f %-10.1f| %+f %e %.3E %g %G %a\n", x, x, x, x, x, x, x, x, x, x);
    r += 0 > printf("d: %f %.10f %e %.12e %g %.15g %a %A\n", y, y, y, y, y, y, y, y);
    r += 0 > printf("w: [%12.4e] [%-12.3g] [%012.2f] [%#.0f] [%.0e]\n", y, y, y, y, y);
    out[i] = r;
}

kernel void vectors(global int *out)
{
    int r = 0;
    r += 0 > printf("%v4hlf\n", (float4)(1.5f, -2.25f, 0.0f, 1e10f));
    r += 0 > printf("%.2v4hlf|%v2hld\n", (float4)(0.125f, 3.0f, -1.0f, 2.5f), (int2)(-7, 9));
    r += 0 > printf("%v2d\n", (int2)(3, -4));
    r += 0 > printf("%v2ld %v2lu\n", (long2)(-1, 1234567890123L), (ulong2)(18446744073709551615UL, 0));
    r += 0 > printf("%v2f %v3lf\n", (double2)(0.5, -0.25), (double3)(1.0, 2.0, 3.0));
    r += 0 > printf("%v16hhx\n", (uchar16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 254, 255));
    r += 0 > printf("%v8hd\n", (short8)(-1, 2, -3, 4, -5, 6, -7, 32767));
    r += 0 > printf("%#v3hlx\n", (uint3)(1, 255, 4096));
    r += 0 > printf("%v3hlu\n", (uint3)(4294967295u, 0, 42));
    out[0] = r;
}

kernel void strings(global int *out)
{
    int r = 0;
    r += 0 > printf("%s|%10s|%-6s|%.2s|%c%c%c|100%%\n", "abc", "right", "left", "cut", 'x', 'y', 'z');
    r += 0 > printf("no conversions\n");
    r += 0 > printf("%s and %s\n", "one", "one");
    out[0] = r;
}
