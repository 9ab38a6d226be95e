// The assignment step of k-means: every point goes to its nearest centroid (squared
// Euclidean distance, first one on a tie). Features are stored feature-major (feature f of
// point p at features[f * npoints + p]), centroids row-major (nclusters x nfeatures).
__kernel void kmeans_assign(__global const float* restrict features,
                            __global const float* restrict centroids,
                            __global uint* restrict membership,
                            uint npoints, uint nclusters, uint nfeatures)
{
    uint p = get_global_id(0);
    if (p >= npoints)
        return;
    uint best = 0;
    float best_d = FLT_MAX;
    for (uint c = 0; c < nclusters; ++c) {
        float d = 0.0f;
        for (uint f = 0; f < nfeatures; ++f) {
            float t = features[f * npoints + p] - centroids[c * nfeatures + f];
            d += t * t;
        }
        if (d < best_d) {
            best_d = d;
            best = c;
        }
    }
    membership[p] = best;
}
