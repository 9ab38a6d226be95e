// 20,000 chained operators, as generated code writes them (issue 9): clc had a nesting limit
// of 2,000 of its own where clang-22 compiles this.
#define A10 a + a + a + a + a + a + a + a + a + a
#define A100 A10 + A10 + A10 + A10 + A10 + A10 + A10 + A10 + A10 + A10
#define A1000 A100 + A100 + A100 + A100 + A100 + A100 + A100 + A100 + A100 + A100
#define A10000 A1000 + A1000 + A1000 + A1000 + A1000 + A1000 + A1000 + A1000 + A1000 + A1000

kernel void long_chain(global int *p)
{
    int a = p[0];
    p[1] = A10000 + A10000;
    p[2] = 0 - A10000 - a;              // macros do not parenthesize: -a + 9,999 a - a
}
