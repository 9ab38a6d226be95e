// cl-std: CL1.2
// AS-9: `__local` variables are declared only in kernels.
int helper(void) {
    __local int tile[8]; // expect: error@17: non-kernel function variable cannot be declared in local address space
    return 0;
}
