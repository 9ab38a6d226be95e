// Structs, unions and 3-component vectors passed to a kernel by value (issue 9): the driver
// receives aggregates through ByVal pointers, as clang passes them; the kernel reads, writes
// its own copy, and passes it on to a helper by value.
typedef struct { float4 w; int n; } Cfg;
typedef union { float f; uint u; uchar b[4]; } Bits;
typedef struct { int a[3]; short s; char c; } Nested;
typedef struct { char c; long l; } Padded;

static int sum_nested(Nested x)
{
    return x.a[0] + x.a[1] + x.a[2] + x.s + x.c;
}

kernel void byval_args(Cfg cfg, Bits bits, Nested nested, float3 v3, Padded pad,
                       global float *fo, global int *io)
{
    fo[0] = cfg.w.y * cfg.n;            // 2.5 * 7
    fo[1] = cfg.w.x + cfg.w.w;          // 6
    fo[2] = bits.f;                     // pi, from the bits
    fo[3] = v3.x + v3.y * 10 + v3.z * 100;
    io[0] = bits.b[3];                  // 0x40
    io[1] = (int)(bits.u & 0xffff);     // 0x0fdb
    io[2] = sum_nested(nested);
    nested.a[1] = 1000;                 // the kernel's own copy
    io[3] = sum_nested(nested);
    io[4] = pad.c;
    io[5] = (int)(pad.l >> 32);
    io[6] = (int)pad.l;
}
