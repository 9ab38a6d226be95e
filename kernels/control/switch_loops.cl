// switch inside loops: `break` leaves the switch, `continue` continues the loop; a loop inside
// a case with its own break; a nested switch; a tiny state machine over an input string.
kernel void switch_loops(global const uchar *text, global int *out)
{
    size_t i = get_global_id(0);
    global const uchar *s = text + i * 16;
    int words = 0, digits = 0, state = 0, skipped = 0, nested = 0;
    for (int k = 0; k < 16; k++) {
        uchar c = s[k];
        switch (c) {
        case 0:
            k = 16;                         // ends the loop after this iteration
            break;
        case ' ':
            state = 0;
            continue;                       // continues the for loop
        case '0': case '1': case '2': case '3': case '4':
        case '5': case '6': case '7': case '8': case '9': {
            int run = 0;
            while (k + run < 16) {          // a loop inside a case
                if (s[k + run] < '0' || s[k + run] > '9')
                    break;
                run++;
            }
            digits += run;
            k += run - 1;
            state = 2;
            break;
        }
        case '#':
            skipped++;
            switch (state) {                // nested switch
            case 0:
                nested += 1;
                break;
            case 1:
                nested += 10;
                break;
            default:
                nested += 100;
            }
            break;
        default:
            if (state == 0)
                words++;
            state = 1;
            break;
        }
        nested += 1000;                     // skipped by continue
    }
    out[5 * i + 0] = words;
    out[5 * i + 1] = digits;
    out[5 * i + 2] = state;
    out[5 * i + 3] = skipped;
    out[5 * i + 4] = nested;
}
