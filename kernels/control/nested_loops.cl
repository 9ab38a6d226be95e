// Nested for/while/do-while loops with break and continue at different depths, loops whose
// bodies never run, and a flag-driven exit from two levels.
kernel void nested_loops(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int n = in[i];
    int a = 0, b = 0, c = 0, d = 0;
    for (int x = 0; x < n; x++) {
        if (x % 3 == 0)
            continue;
        for (int y = 0; y < x; y++) {
            if (y == 4)
                break;                      // inner break only
            if ((x + y) & 1)
                continue;
            a += x * y;
        }
    }
    int k = n;
    while (k > 0) {
        int j = 0;
        do {
            j++;
            if (j > 5)
                break;
            if (j == 2)
                continue;
            b += j;
        } while (j < k);
        k -= 3;
    }
    for (int x = 0; x < 0; x++)             // never runs
        c += 1000;
    int done = 0;
    for (int x = 0; x < 10 && !done; x++) {
        for (int y = 0; y < 10; y++) {
            c++;
            if (x * 10 + y == n) {
                done = 1;
                break;
            }
        }
    }
    for (;;) {                              // infinite loop left by break
        d += 7;
        if (d > n)
            break;
    }
    out[4 * i + 0] = a;
    out[4 * i + 1] = b;
    out[4 * i + 2] = c;
    out[4 * i + 3] = d;
}
