// cl-std: CL3.0
// AS-13: nor converted to a pointer to `__private`.
kernel void k(global char *out) {
    __private const char *s = "abc"; // expect: error@27: initializing 'const __private char *__private' with an expression of type '__constant char *' changes address space of pointer
    out[0] = s[0];
}
