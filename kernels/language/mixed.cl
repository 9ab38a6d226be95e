// Exercises: 2-D private arrays, struct locals with initializers, the ternary operator,
// a kernel called from another kernel, reqd_work_group_size, a function-scope __constant
// table, a string literal in __constant, and unsigned/size_t mixing.
typedef struct { int a; int b[2]; } pair_t;

__constant char greeting[] = "clc!";

int pick(int x) { return x > 10 ? x - 10 : x + 100; }

kernel void fill(global int *out, int v) {
    out[get_global_id(0)] = v;
}

__attribute__((reqd_work_group_size(8, 1, 1)))
kernel void misc(global int *out, global int *aux) {
    __constant int squares[4] = {0, 1, 4, 9};
    size_t i = get_global_id(0);
    int grid[3][4];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            grid[r][c] = r * 10 + c + (int)i;
    pair_t p = { 5, { 6 } };
    p.b[1] += grid[2][3];
    int t = pick((int)i * 3) + squares[i & 3] + greeting[i % 4];
    out[i] = p.a + p.b[0] + p.b[1] + t;
    if (i == 0) fill(aux, 42);
}
