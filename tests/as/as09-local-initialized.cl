// cl-std: CL2.0
// AS-9: `__local` variables cannot be initialized.
kernel void k(global int *out) {
    __local int count = 0; // expect: error@17: '__local' variable cannot have an initializer
    *out = 0;
}
