// Address constants in CL2.0 `__global` program-scope pointers (issue 9).
global int counts[4] = { 1, 2, 3, 4 };
global int *gp = counts + 2;
global int *gq = &counts[1];
constant char *greeting = "hello";
typedef struct { global int *p; int k; } Holder;
global Holder holder = { counts + 3, 5 };
global int *ptrs[2] = { counts, &counts[2] };

kernel void address_constants_cl20(global int *o)
{
    *gp += 10;                          // counts[2] = 13
    o[0] = counts[2];
    o[1] = *gq + *holder.p + holder.k;  // 2 + 4 + 5
    o[2] = greeting[4];                 // 'o'
    o[3] = ptrs[1][0] + ptrs[0][1];     // 13 + 2
    holder.p = gq;
    o[4] = *holder.p;                   // 2
}
