// One step k of Floyd-Warshall all-pairs shortest paths on an n x n distance matrix (uint,
// row-major), in place: d[i][j] = min(d[i][j], d[i][k] + d[k][j]). Row k and column k do
// not change during step k, so the update is race-free. The host runs k = 0 .. n-1.
__kernel void floyd_step(__global uint* d, uint n, uint k)
{
    uint j = get_global_id(0), i = get_global_id(1);
    uint via = d[i * n + k] + d[k * n + j];
    if (via < d[i * n + j])
        d[i * n + j] = via;
}
