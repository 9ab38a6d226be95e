// `for` statements whose headers are written through macros. libclang omits absent
// clauses, so clc reads which ones are written from the header's tokens, macros expanded.
#define FOR(i, n) for (int i = 0; i < (n); i++)
#define FOREVER for (;;)
#define COUNT_DOWN(i, n) for (int i = (n); i > 0;)
#define NESTED(n) for (int a = 0; a < n; a++) for (int b = 0; b < n; b++)
#define STEP_ONLY(x) for (; ; x++)
#define EMPTY
#define LIMIT 3

kernel void macro_for(global int *o)
{
    int acc = 0;
    FOR(i, 4) acc += i;
    o[0] = acc;
    int k = 0;
    FOREVER { if (++k == 5) break; }
    o[1] = k;
    acc = 0;
    COUNT_DOWN(j, 4) { acc += j; j -= 1; }
    o[2] = acc;
    acc = 0;
    NESTED(3) acc += a * b;
    o[3] = acc;
    int x = 0;
    STEP_ONLY(x) { if (x == 7) break; }
    o[4] = x;
    int y = 0;
    for (EMPTY; y < LIMIT; ) y++;
    o[5] = y;
    int z = 0;
    for (; z < 10; z += 2) {}
    o[6] = z;
    acc = 0;
    FOR(i, get_global_size(0)) FOR(j, i) acc += j;
    o[7] = acc;
}
