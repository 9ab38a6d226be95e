// Enumerations: implicit and explicit values, negative and INT_MAX enumerators, enum-typed
// variables and parameters, arithmetic on enumerators, sizeof an enum, typedef'd enums.
enum Color { RED, GREEN = 5, BLUE, NEG = -3, BIG = 0x7fffffff };
typedef enum { SMALL_A, SMALL_B = 10, SMALL_C } Small;

int weight(enum Color c)
{
    if (c == RED)
        return 1;
    if (c == GREEN || c == BLUE)
        return 2;
    if (c < RED)
        return -1;
    return 3;
}

kernel void enums(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    enum Color c = (enum Color)in[i];
    Small s = (Small)(i % 3 == 0 ? SMALL_A : i % 3 == 1 ? SMALL_B : SMALL_C);
    global int *o = out + i * 6;
    o[0] = weight(c);
    o[1] = (int)((uint)c + 1u);       // wraps for BIG
    o[2] = (int)((uint)BIG - (uint)c);
    o[3] = s * 2 + SMALL_C;
    o[4] = RED + GREEN + BLUE + NEG;
    o[5] = sizeof(enum Color) * 10 + sizeof(Small);
}
