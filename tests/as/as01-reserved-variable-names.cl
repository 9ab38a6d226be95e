// cl-std: CL1.2
// AS-1: the address space names cannot name a variable (`int __constant;` declares nothing).
kernel void k(global int *out) {
    int local = 1; // expect: error@15: expected identifier or '('
    int __constant; // expect: warning@5: declaration does not declare anything [-Wmissing-declarations]
    *out = 0;
}
