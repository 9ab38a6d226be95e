// Private variables written through pointers to them (`int *p = &s`, a pointer chosen by
// `?:`, a pointer passed to a function). `-O2` must not rewrite them as if only plain loads
// and stores touched them (a spirv-opt assumption that physical addressing breaks).
void add_to(int *dst, int v) { *dst += v; }

kernel void escape(global const int *n, global int *out)
{
    int g = get_global_id(0);
    int s = 0;
    int *p = &s;
    for (int i = 0; i < n[g]; i++)
        *p += i * 3;
    int a = 1, b = 2;
    int *q = (n[g] & 1) ? &a : &b;
    *q = 100;
    add_to(&b, s);
    out[2 * g] = s;
    out[2 * g + 1] = a * 1000 + b;
}
