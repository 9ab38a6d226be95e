// Case labels inside a loop inside a switch (Duff's device, as in a zip inflater) (issue 9):
// the switch becomes jumps to its labels, which the OpenCL target's unstructured control
// flow allows.
static int copy(global int *to, global const int *from, int count)
{
    int n = (count + 3) / 4;
    int copied = 0;
    if (count == 0)
        return 0;
    switch (count % 4) {
    case 0: do { *to++ = *from++; copied++;
    case 3:      *to++ = *from++; copied++;
    case 2:      *to++ = *from++; copied++;
    case 1:      *to++ = *from++; copied++;
            } while (--n > 0);
    }
    return copied;
}

kernel void duffs_device(global int *dst, global const int *src, global int *info)
{
    int i = get_global_id(0);           // copies i + 1 elements into row i
    info[i] = copy(dst + 8 * i, src, i + 1);
    int s = 0;
    switch (i) {                        // break, nested loops and a structured switch inside
    default:
        s += 100;
        break;
    case 1:
        for (int k = 0; k < 3; k++) {
            if (k == 1)
                break;                  // leaves the for, not the switch
            s += 10;
        }
        while (1) {
    case 2:
            s += 1;
            switch (s) { case 1: s += 1000; break; default: break; }
            break;
        }
        s += 5;
    }
    info[8 + i] = s;
}
