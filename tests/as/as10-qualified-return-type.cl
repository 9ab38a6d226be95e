// cl-std: CL2.0
// AS-10: a function's return type carries no address space.
__private int f(void) { return 1; } // expect: error@15: return type cannot be qualified with address space
__global int g(void) { return 2; } // expect: error@14: return type cannot be qualified with address space
__local int *__private h(__local int *p) { return p; } // expect: error@24: return type cannot be qualified with address space
