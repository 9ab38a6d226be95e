// cl-std: CL2.0
// AS-1: nor a function.
int private(int x) { return x; } // expect: error@13: expected identifier or '(' // expect: error@13: expected ')'
