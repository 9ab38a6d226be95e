// cl-std: CL2.0
// AS-6: `static` locals follow the program-scope rule.
kernel void k(global int *out) {
    static __local int shared; // expect: error@24: static local variable must reside in global or constant address space
    static __private int mine = 0; // expect: error@26: static local variable must reside in global or constant address space
    *out = 0;
}
