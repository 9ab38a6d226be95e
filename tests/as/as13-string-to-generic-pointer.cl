// cl-std: CL2.0
// AS-13: a string literal is `__constant`, so it does not convert to a generic pointer.
int first(const char *s) { return s[0]; }
kernel void k(global int *out) {
    char *s = "abc"; // expect: error@11: initializing '__generic char *__private' with an expression of type '__constant char *' changes address space of pointer
    *out = first("xyz"); // expect: error@18: passing '__constant char *' to parameter of type 'const __generic char *' changes address space of pointer
}
