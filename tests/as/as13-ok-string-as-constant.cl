// cl-std: CL2.0
// AS-13 near-miss: a string literal read through a pointer to `__constant`.
char at(__constant char *s, int i) { return s[i]; }
kernel void k(global char *out) {
    __constant char *s = "hello";
    out[0] = s[1];
    out[1] = at("world", 2);
}
