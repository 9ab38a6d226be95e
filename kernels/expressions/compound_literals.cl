// Compound literals: struct literals as values and function arguments, array literals decaying
// to pointers, indexing a literal, nested literals and a modifiable literal lvalue.
typedef struct { int x, y; } Pt;
typedef struct { Pt a, b; int tag; } Seg;

int manhattan(Pt p, Pt q) { return abs(p.x - q.x) + abs(p.y - q.y); }
int sum3(const int *v) { return v[0] + v[1] + v[2]; }

kernel void clit(global const int *in, global int *out)
{
    size_t i = get_global_id(0);
    int x = in[i];
    Pt p = (Pt){ x, x * 2 };
    Seg s = (Seg){ (Pt){ 0, x }, p, 7 };
    int *q = (int[2]){ 0 };
    q[1] = x;
    global int *o = out + i * 6;
    o[0] = manhattan(p, (Pt){ 1, -1 });
    o[1] = sum3((int[]){ x, 10, -x * 3 });
    o[2] = ((int[4]){ 5, 6, 7, 8 })[x & 3];
    o[3] = s.a.y + s.b.x * 10 + s.tag;
    o[4] = q[0] + q[1];
    o[5] = ((Pt){ x + 1, 0 }).x;
}
