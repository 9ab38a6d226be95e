// && and || evaluate their right operand only when needed, ?: evaluates one arm, and the comma
// operator sequences its operands: side effects (counter increments through a pointer) show it.
int bump(int *counter, int v)
{
    (*counter)++;
    return v;
}

kernel void short_circuit(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    int calls = 0;
    int r = 0;
    if (x > 0 && bump(&calls, x) > 5)
        r |= 1;
    if (x < 0 || bump(&calls, x) == 3)
        r |= 2;
    int t = (x & 1) ? bump(&calls, 10) : bump(&calls, 20) + bump(&calls, 1);
    int k = 0;
    int c = (k++, k += x, k * 2);         // comma: c = 2 * (1 + x)
    int m = x != 0 && (calls += 100, 1);
    for (int a = 0, b = 10; a < b; a++, b--)
        k += a * b;
    global int *o = out + i * 6;
    o[0] = r;
    o[1] = calls;
    o[2] = t;
    o[3] = c;
    o[4] = k;
    o[5] = m;
}
