// goto in the shapes the Vulkan target restructures (structure-gotos): a jump into a loop
// body, a jump out of a switch inside a loop, break and continue in loops that hold labels,
// declarations with initializers between labels (run each time control passes), a jump
// into a do-while, and a small state machine. Expected values: the same functions compiled
// as C by the host compiler (make_goto_shapes.sh).
int into_loop(int n)
{
    int s = 0, i = 0;
    if (n & 1)
        goto inside;
    for (i = 0; i < (n & 15); i++) {
        s += 3;
    inside:
        s += i;
        if (s > 50)
            break;
        if ((s & 3) == 1)
            continue;
        s ^= 5;
    }
    return s * 100 + i;
}

int switch_exit(int n)
{
    int acc = 0;
    for (int k = 0; k < 12; k++) {
        switch ((n + k) & 7) {
        case 0:
            acc += 1;
            break;
        case 1:
            acc += 10;
            continue;
        case 2:
            if (acc > 40)
                goto out;
            acc += 7;
            /* fall through */
        case 3:
            acc *= 2;
            break;
        default:
            acc -= 3;
        }
        acc += k;
    }
    acc += 1000;
out:
    return acc;
}

int redecl(int n)
{
    int total = 0;
    int round = 0;
again:
    {
        int part = n * 3 + round;
        total += part;
    }
    round++;
    if (round < (n & 3) + 1)
        goto again;
    if ((n & 7) == 5)
        goto retry;
    do {
        total -= 2;
    retry:
        total += round;
        round--;
    } while (round > 0);
    if (total % 7 == 3) {
        total += 100;
        goto negate;
    }
    return total;
negate:
    return -total;
}

int machine(int x)
{
    int steps = 0;
    unsigned v = (unsigned)x * 2654435761u;
a:
    steps++;
    if (steps > 40)
        goto done;
    if (v & 1)
        goto b;
    v >>= 1;
    goto c;
b:
    v = v * 3u + 1u;
    while (v & 4) {
        v ^= 0x55u;
        if (v & 64)
            goto c;
        v >>= 2;
    }
c:
    switch (v & 3) {
    case 0:
        goto a;
    case 1:
        v += 17u;
        goto a;
    default:
        if (v > 1000u)
            goto a;
    }
done:
    return (int)(v % 10007u) + steps * 100000;
}

kernel void goto_shapes(global const int *q, global int *out)
{
    size_t i = get_global_id(0);
    int x = q[i];
    out[4 * i + 0] = into_loop(x);
    out[4 * i + 1] = switch_exit(x);
    out[4 * i + 2] = redecl(x);
    out[4 * i + 3] = machine(x);
}
