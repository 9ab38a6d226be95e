// Text processing over a char buffer of fixed-width lines (one work-item per line): uppercase
// copy, word count, vowel count using a __constant string, ROT13, and the position of the
// longest word; characters are handled as signed chars, NUL ends a line early.
constant char vowels[] = "aeiouAEIOU";

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool is_vowel(char c)
{
    for (constant char *v = vowels; *v; v++)
        if (*v == c)
            return true;
    return false;
}

char rot13(char c)
{
    if (c >= 'a' && c <= 'z')
        return 'a' + (c - 'a' + 13) % 26;
    if (c >= 'A' && c <= 'Z')
        return 'A' + (c - 'A' + 13) % 26;
    return c;
}

kernel void text(global const char *in, global char *upper, global char *rot, global int *stats,
                 int width)
{
    size_t line = get_global_id(0);
    global const char *s = in + line * width;
    global char *u = upper + line * width;
    global char *r = rot + line * width;
    int words = 0, vowels_seen = 0, in_word = 0, best_len = 0, best_pos = -1, cur_start = 0;
    int k = 0;
    for (; k < width && s[k] != '\0'; k++) {
        char c = s[k];
        u[k] = (c >= 'a' && c <= 'z') ? c - ('a' - 'A') : c;
        r[k] = rot13(c);
        vowels_seen += is_vowel(c);
        if (is_alpha(c)) {
            if (!in_word) {
                words++;
                cur_start = k;
            }
            in_word = 1;
            if (k - cur_start + 1 > best_len) {
                best_len = k - cur_start + 1;
                best_pos = cur_start;
            }
        } else {
            in_word = 0;
        }
    }
    for (int j = k; j < width; j++) {
        u[j] = '\0';
        r[j] = '\0';
    }
    stats[4 * line + 0] = k;                // length
    stats[4 * line + 1] = words;
    stats[4 * line + 2] = vowels_seen;
    stats[4 * line + 3] = best_pos * 100 + best_len;
}
