// String literals: program-scope __constant char arrays initialized from strings, string
// literals used as constant char pointers and indexed directly, sizeof of a literal, escape
// sequences, and a strlen over __constant memory.
constant char greeting[] = "Hello, OpenCL world!";
constant char digits[] = "0123456789abcdef";

int my_strlen(constant char *s)
{
    int n = 0;
    while (s[n])
        n++;
    return n;
}

int count_char(constant char *s, char c)
{
    int n = 0;
    for (; *s; s++)
        n += *s == c;
    return n;
}

kernel void strings(global const uint *in, global char *hex, global int *info)
{
    size_t i = get_global_id(0);
    uint v = in[i];
    for (int k = 0; k < 8; k++)
        hex[i * 9 + k] = digits[(v >> (28 - 4 * k)) & 15];
    hex[i * 9 + 8] = '\0';
    if (i == 0) {
        constant char *s = "tab\there\n";
        info[0] = my_strlen(greeting);
        info[1] = sizeof(greeting);
        info[2] = sizeof("abc");
        info[3] = "xyz"[1];
        info[4] = count_char(greeting, 'o');
        info[5] = my_strlen(s);
        info[6] = s[3];
        info[7] = "\x41\101"[0] + "\x41\101"[1];
    }
}
