// cl-std: CL1.2
// AS-6: CL1.x has no `static` function-scope variables.
int next(void) {
    static int calls = 0; // expect: error@16: variables in function scope cannot be declared static
    return ++calls;
}
