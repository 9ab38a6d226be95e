// Program-scope pointers initialized with address constants (issue 9): string literals,
// `a + i`, `&a[i]`, `&s.m`, casts, inside structs and arrays.
__constant int tab[6] = { 10, 11, 12, 13, 14, 15 };
__constant char *__constant msg = "hi there";
__constant int *__constant q = tab + 1;
__constant int *__constant q2 = 2 + &tab[1];
__constant int *__constant q3 = &tab[5] - 4;
__constant int *__constant end = tab + 6;

typedef struct { int id; __constant char *name; __constant int *data; } Entry;
__constant Entry entries[2] = {
    { 1, "one", tab },
    { 2, "two", &tab[3] },
};

typedef struct { int x; int y[2]; } P;
__constant P point = { 7, { 8, 9 } };
__constant int *__constant py = &point.y[1];
__constant int *__constant px = &point.x;
__constant uchar *__constant raw = (__constant uchar *)(tab + 2);
__constant char *__constant words[3] = { "alpha", "beta" + 1, 0 };

kernel void address_constants(global int *o)
{
    o[0] = *q;                          // 11
    o[1] = msg[1] + msg[3];             // 'i' + 't'
    o[2] = *q2 + q3[0];                 // 13 + 11
    o[3] = (int)(end - q);              // 5
    o[4] = entries[1].data[1] + entries[0].name[2] + entries[1].id;  // 14 + 'e' + 2
    o[5] = *py * 100 + *px;             // 907
    o[6] = raw[0];                      // 12 (little endian)
    o[7] = words[1][0] + (words[2] == 0) + words[0][4];  // 'e' + 1 + 'a'
}
