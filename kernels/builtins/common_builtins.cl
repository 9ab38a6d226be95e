// Common builtins on float: clamp, mix, step, smoothstep, sign, degrees, radians, max, min
// (function k of input i at k * 32 + i).
#define N 32
#define OUT(b, e) b[(b##_k++) * N + i] = (e)

kernel void common_builtins(global const float *xs, global const float *ys, global float *ex,
                            global float *u2)
{
    int i = (int)get_global_id(0);
    float x = xs[i], y = ys[i];
    float a = (float)(i % 5) * 0.25f;       // 0, 1/4, 1/2, 3/4, 1
    int ex_k = 0, u2_k = 0;
    OUT(ex, clamp(x, -1.5f, 2.25f));
    OUT(ex, mix(x, y, a));
    OUT(ex, step(y, x));
    OUT(ex, smoothstep(-2.0f, 2.0f, x));
    OUT(ex, sign(x));
    OUT(ex, max(x, y));
    OUT(ex, min(x, y));
    OUT(u2, degrees(x));
    OUT(u2, radians(y * 45.0f));
}
