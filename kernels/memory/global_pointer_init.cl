// Program-scope pointers initialized to addresses inside other program-scope variables (an
// array element, a struct member, a __constant element): the initializer is an address
// constant with an offset, resolved when the program is built (OpenCL 2.0).
typedef struct {
    int a;
    float bias;
    int arr[3];
} S;

global int table[6] = { 1, 1, 2, 3, 5, 8 };
global S s = { 7, 0.25f, { 100, 200, 300 } };
constant int offsets[4] = { 10, 20, 30, 40 };

global int *global third = &table[2];
global float *global bias = &s.bias;
global int *global last = &s.arr[2];
constant int *global coff = &offsets[1];

kernel void pointer_init(global int *out, global float *fout)
{
    size_t i = get_global_id(0);
    out[4 * i + 0] = third[i % 4];           // table[2 .. 5]
    out[4 * i + 1] = *last + (int)i;
    out[4 * i + 2] = coff[i % 3];            // offsets[1 .. 3]
    out[4 * i + 3] = (int)(third - table) * 100 + (int)(last - s.arr);
    fout[i] = *bias * (float)i;
}
