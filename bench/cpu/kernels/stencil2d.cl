// One Jacobi sweep of the 2D Laplace equation on a W x H grid (row-major): every interior
// point becomes the mean of its four neighbours; the border is copied. The host alternates
// two grids (in -> out, then out -> in).
__kernel void jacobi2d(__global const float* restrict in, __global float* restrict out,
                       uint w, uint h)
{
    uint x = get_global_id(0), y = get_global_id(1);
    uint i = y * w + x;
    if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
        out[i] = in[i];
        return;
    }
    out[i] = 0.25f * (((in[i - w] + in[i + w]) + in[i - 1]) + in[i + 1]);
}
