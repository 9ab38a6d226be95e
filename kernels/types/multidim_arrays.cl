// Multi-dimensional arrays: private 2D/3D arrays, a __local 2D array, pointers to rows
// (int (*)[4]), a global buffer viewed as rows of 8, and sizeof of arrays and sub-arrays.
kernel void mdim(global const int *in, global int *out)
{
    local int tile[4][8];
    size_t l = get_local_id(0);             // 0..31
    size_t g = get_group_id(0);
    global const int (*rows)[8] = (global const int (*)[8])in + g * 4;
    tile[l / 8][l % 8] = rows[l / 8][l % 8];
    barrier(CLK_LOCAL_MEM_FENCE);

    int m[3][4];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            m[r][c] = tile[(r + l) % 4][(c * 2 + l) % 8] + r * c;
    int (*row)[4] = m + 1;                  // pointer to the second row
    int cube[2][3][4];
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 3; b++)
            for (int c = 0; c < 4; c++)
                cube[a][b][c] = m[b][c] * (a + 1) - c;
    global int *o = out + get_global_id(0) * 6;
    o[0] = row[0][2] + row[1][3];
    o[1] = cube[1][2][3] - cube[0][1][0];
    o[2] = sizeof(m) * 100 + sizeof(m[0]) * 10 + sizeof(cube[1][2]) / 4;
    o[3] = sizeof(tile) + sizeof(cube);
    int acc = 0;
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 3; b++)
            acc += cube[a][b][(a + b) % 4];
    o[4] = acc;
    o[5] = *(*(m + 2) + 1) + (*row)[0];
}
