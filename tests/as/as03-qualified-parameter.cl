// cl-std: CL2.0
// AS-3: function arguments live in `__private`.
int f(__global int a) { return a; } // expect: error@20: parameter may not be qualified with an address space
int g(__local int b) { return b; } // expect: error@19: parameter may not be qualified with an address space
int h(__constant int c) { return c; } // expect: error@22: parameter may not be qualified with an address space
