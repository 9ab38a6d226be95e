// switch with sparse and extreme case values (INT_MIN, INT_MAX, large gaps), without a default,
// on an unsigned value, on an enum, and a switch whose only label is default.
enum Op { OP_ADD = 1, OP_SUB = 2, OP_MUL = 4, OP_NEG = 1000 };

int sparse(int x)
{
    int r = -1;
    switch (x) {
    case -2147483647 - 1: r = 1; break;
    case 2147483647:      r = 2; break;
    case 1000000:         r = 3; break;
    case -77:             r = 4; break;
    case 0:               r = 5; break;
    case 65536:           r = 6; break;
    }
    return r;
}

uint on_unsigned(uint u)
{
    switch (u) {
    case 0xffffffffu: return 1;
    case 0x80000000u: return 2;
    case 3:           return 3;
    default:          return 0;
    }
}

int apply(enum Op op, int a, int b)
{
    switch (op) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_MUL: return a * b;
    case OP_NEG: return -a;
    }
    return 0;
}

int only_default(int x)
{
    switch (x) {
    default:
        x *= 2;
    }
    return x;
}

kernel void switch_sparse(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    enum Op ops[5] = { OP_ADD, OP_SUB, OP_MUL, OP_NEG, (enum Op)3 };
    out[4 * i + 0] = sparse(x);
    out[4 * i + 1] = (int)on_unsigned((uint)x);
    out[4 * i + 2] = apply(ops[i % 5], (int)i, 7);
    out[4 * i + 3] = only_default(x & 0xffff);
}
