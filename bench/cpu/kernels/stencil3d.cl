// One explicit time step of the 3D heat equation on an X x Y x Z grid (x fastest), 7-point
// stencil: out = c0 * centre + c1 * (sum of the six neighbours); the boundary is copied.
__kernel void heat3d(__global const float* restrict in, __global float* restrict out,
                     uint nx, uint ny, uint nz, float c0, float c1)
{
    uint x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);
    uint sxy = nx * ny;
    uint i = z * sxy + y * nx + x;
    if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
        out[i] = in[i];
        return;
    }
    float s = in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx] + in[i - sxy] + in[i + sxy];
    out[i] = c0 * in[i] + c1 * s;
}
