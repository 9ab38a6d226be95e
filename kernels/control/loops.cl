// Control flow: for/while/do-while, break/continue, nested loops, loop-carried values,
// and early returns from helper functions.

// Index of the first element equal to key, or -1 (early return from inside a loop).
int find_first(global const int *p, int n, int key)
{
    for (int i = 0; i < n; i++) {
        if (p[i] == key) {
            return i;
        }
    }
    return -1;
}

// Collatz step count, capped with a break.
int collatz_steps(uint x)
{
    int steps = 0;
    while (x != 1) {
        if (x & 1) {
            x = 3 * x + 1;
        } else {
            x >>= 1;
        }
        steps++;
        if (steps >= 100) {
            break;
        }
    }
    return steps;
}

// Decimal digit sum (do-while runs once even for 0).
int digit_sum(uint x)
{
    int s = 0;
    do {
        s += x % 10;
        x /= 10;
    } while (x != 0);
    return s;
}

// Nested loops with continue in the outer and break in the inner loop.
int nested(int n)
{
    int acc = 0;
    for (int i = 0; i < n; i++) {
        if (i % 3 == 0) {
            continue;
        }
        int j = 0;
        while (1) {
            if (j >= i || j > 5) {
                break;
            }
            acc += i * j + 1;
            j++;
        }
    }
    return acc;
}

// Sign classification with early returns.
int classify(int v)
{
    if (v < 0) {
        return -1;
    }
    if (v == 0) {
        return 0;
    }
    if (v > 50) {
        return 2;
    }
    return 1;
}

kernel void loops(global const int *in, global int *steps, global int *dsum, global int *nest,
                  global int *found, global int *cls)
{
    int i = get_global_id(0);
    int v = in[i];
    steps[i] = collatz_steps((uint)v + 1);
    dsum[i] = digit_sum((uint)v);
    nest[i] = nested(i % 20);
    found[i] = find_first(in, (int)get_global_size(0), i);
    cls[i] = classify(v - 10);
}
