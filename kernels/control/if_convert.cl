// Small ifs that only compute values: at -O1 and above clc turns them into OpSelect
// (src/optimize/select.rs). Each work-item scans a row of 16 floats (with NaNs, ties and
// infinities) and a row of 16 ints. Expected values: make_if_convert.py.
__kernel void if_convert(__global const float* x, __global const int* v, __global int* out)
{
    int g = get_global_id(0);
    __global const float* r = x + g * 16;
    __global const int* s = v + g * 16;
    __global int* o = out + g * 8;

    // First minimum (a NaN never compares less), and its index: a triangle.
    float best = INFINITY;
    int at = -1;
    for (int i = 0; i < 16; ++i) {
        if (r[i] < best) {
            best = r[i];
            at = i;
        }
    }
    o[0] = at;

    // Last maximum by >=, an if/else of arithmetic (a diamond) and a nested if.
    int hi = -2147483647 - 1, hat = -1, acc = 0;
    for (int i = 0; i < 16; ++i) {
        int y = s[i];
        if (y >= hi) {
            hi = y;
            hat = i;
        }
        int t;
        if (y > 10)
            t = y * 3 + 1;
        else
            t = y - 7;
        if (t & 1) {
            if (t > 0)
                acc += t;
            else
                acc -= t;
        }
    }
    o[1] = hi;
    o[2] = hat;
    o[3] = acc;

    // A bool carried out of an if, unordered compares and a clamp in a branch.
    bool any_nan = false;
    int unordered = 0;
    float sum = 0.0f;
    for (int i = 0; i < 16; ++i) {
        float f = r[i];
        if (isnan(f))
            any_nan = true;
        if (!(f <= 0.0f))
            unordered++;
        float c = f;
        if (f > 1.0f)
            c = fmin(f, 8.0f);
        if (!isnan(c) && !isinf(c))
            sum += c;
    }
    o[4] = any_nan;
    o[5] = unordered;
    o[6] = (int)(sum * 4.0f);
    o[7] = as_int(best);
}
