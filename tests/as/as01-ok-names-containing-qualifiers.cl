// cl-std: CL3.0
// AS-1 near-miss: names that merely contain a qualifier are ordinary identifiers.
int local_sum(int globals, int constants) { return globals + constants; }

kernel void k(global int *out) {
    int private_copy = 2;
    int generic_ = 3;
    int __global_id = 4;
    *out = local_sum(private_copy, generic_) + __global_id;
}
