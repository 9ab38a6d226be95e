// The bool type: conversions from integers/pointers/floats (any non-zero is true), bool
// arithmetic promoting to int, private bool arrays, bools in structs and as function results.
typedef struct {
    bool neg;
    bool even;
    int value;
} Info;

bool is_odd(int x) { return x & 1; }

kernel void bools(global const int *in, global const float *fin, global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    bool b = x;                     // non-zero -> true
    bool c = x > 10;
    bool f = fin[i];                // 0.5 -> true, 0.0 and -0.0 -> false
    global const int *p = x ? in : 0;
    bool hp = p;
    bool flags[4] = { b, c, f, hp };
    Info inf = { x < 0, !is_odd(x), x };
    int n = 0;
    for (int k = 0; k < 4; k++)
        n += flags[k];
    global int *o = out + i * 6;
    o[0] = n;
    o[1] = b + c + f;               // promoted to int
    o[2] = (bool)(x & 256) * 100 + (b ^ c) * 10 + (b && !c);
    o[3] = inf.neg * 2 + inf.even;
    o[4] = (bool)5 == 1;
    o[5] = -c;                      // -(int)true == -1
}
