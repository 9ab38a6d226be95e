// OpenCL 2.0 program-scope variables in the global address space with initializers: scalars,
// arrays, a struct and a pointer initialized to another global array; read and
// updated by a kernel (each launch gets a fresh program, so the initializers apply again).
typedef struct {
    int scale;
    float bias;
    short tag[2];
} Config;

global int counter = 5;
global int table[6] = { 1, 1, 2, 3, 5, 8 };
global Config cfg = { 3, 0.5f, { -7, 9 } };
global float weights[4];                    // zero-initialized
global int *global ptr = table;             // a global pointer to a global (see global_pointer_init)
constant int offsets[3] = { 10, 20, 30 };

kernel void globals(global const int *in, global int *out, global float *fout)
{
    size_t i = get_global_id(0);
    int x = in[i];
    out[4 * i + 0] = x * cfg.scale + table[i % 6] + offsets[i % 3];
    out[4 * i + 1] = cfg.tag[0] + cfg.tag[1] + counter;
    out[4 * i + 2] = ptr[2] + ptr[3];
    fout[i] = (float)x + cfg.bias + weights[i % 4];
    // Every work-item has read the initial values before work-item 0 changes them (without
    // this barrier the reads above race with its writes: lavapipe runs the group in batches).
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (i == 0) {
        counter += 100;
        table[5] = -1;
        cfg.scale = 4;
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[4 * i + 3] = counter + table[5] + cfg.scale;   // sees work-item 0's updates
}
