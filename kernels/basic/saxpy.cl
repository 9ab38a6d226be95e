// y = a*x + y with a scalar float argument and a bounds check against a scalar n
// (the global size is larger than n; elements at n and beyond must stay untouched).
kernel void saxpy(float a, global const float *x, global float *y, uint n)
{
    uint i = get_global_id(0);
    if (i < n) {
        y[i] = a * x[i] + y[i];
    }
}
