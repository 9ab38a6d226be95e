// Float math builtins whose results are exact (0 ulp in the OpenCL spec): rounding functions,
// sign/magnitude manipulation, fmod/remainder/remquo, nextafter, frexp/modf/fract/ldexp/ilogb/
// logb, fma (one rounding) and mad on exactly representable products.
#define N 32
#define OUT(e) o[(k++) * N + i] = (e)

kernel void math_exact(global const float *xs, global const float *ys, global const float *zs,
                       global float *o, global int *io)
{
    int i = (int)get_global_id(0);
    float x = xs[i], y = ys[i], z = zs[i];
    int k = 0;
    OUT(fabs(x));
    OUT(floor(x));
    OUT(ceil(x));
    OUT(round(x));                      // halfway cases away from zero
    OUT(trunc(x));
    OUT(rint(x));                       // halfway cases to even
    OUT(copysign(y, x));
    OUT(fmin(x, y));
    OUT(fmax(x, y));
    OUT(fdim(x, y));
    OUT(maxmag(x, y));
    OUT(minmag(x, y));
    OUT(fmod(x, y));
    OUT(remainder(x, y));
    OUT(nextafter(x, y));
    OUT(fma(x, y, z));
    OUT(mad(x, 4.0f, y));
    int e;
    OUT(frexp(x, &e));
    io[0 * N + i] = e;
    float ip;
    OUT(modf(x, &ip));
    OUT(ip);
    float fl;
    OUT(fract(x, &fl));
    OUT(fl);
    OUT(ldexp(x, i % 9 - 3));
    OUT(logb(x + 0.015625f));
    io[1 * N + i] = ilogb(x + 0.015625f);
    int q;
    OUT(remquo(x, y, &q));
    io[2 * N + i] = abs(q) & 7;         // only the low 3 bits and the sign are specified
    OUT(sqrt(x * x));                   // sqrt of a perfect square is exact
}
