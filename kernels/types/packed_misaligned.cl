// Misaligned members of packed structs in every kind of storage: read and written in a
// buffer, in a private copy, in __local memory, built by an initializer list, returned by
// value from a function; int, long, double, float2 and short members at odd offsets.
// Expected values: a C transcription run by the host compiler (make_packed_misaligned.sh).
typedef struct __attribute__((packed)) {
    char tag;
    long big;       // offset 1
    int mid;        // offset 9
    double d;       // offset 13
    short s;        // offset 21
    float2 f2;      // offset 23
} Q;                // 31 bytes

static Q make(int k)
{
    Q q = { (char)k, (long)k * 100000000000L, k * 7, k * 0.5, (short)(k - 3), (float2)(k * 1.5f, -k) };
    return q;
}

kernel void packed_misaligned(global Q *buf, global long *out, local Q *tmp)
{
    size_t i = get_global_id(0);
    size_t l = get_local_id(0);
    Q p = buf[i];                       // a private copy
    p.mid += (int)p.big;
    p.f2.y += 1.0f;
    tmp[l] = p;                         // __local
    barrier(CLK_LOCAL_MEM_FENCE);
    Q other = tmp[(l + 1) % get_local_size(0)];
    long r = other.big + other.mid + (long)other.d + other.s + (long)(other.f2.x * 4.0f);
    Q made = make((int)i);
    r += made.big + make((int)i + 1).mid + (long)made.f2.y;
    out[2 * i] = r;
    out[2 * i + 1] = (long)tmp[l].f2.y;
    buf[i].mid = p.mid;                 // a buffer
    buf[i].d = other.d * 2.0;
    buf[i].f2 = p.f2;
    buf[i].s = (short)(buf[i].s + 1);
}
