// One integration step: move, bounce off the floor (y = 0) with damping, and count bounces
// per work-group in local memory.
#include "particle.h"

__attribute__((reqd_work_group_size(8, 1, 1)))
kernel void step(global particle *ps, float dt, local int *bounced, global int *group_bounces)
{
    size_t i = get_global_id(0), l = get_local_id(0);
    particle p = ps[i];
    p.vel.y -= 9.75f * dt;
    p.pos += p.vel * dt;
    int b = 0;
    if (p.pos.y < 0.0f) {
        p.pos.y = -p.pos.y;
        p.vel.y = -p.vel.y * DAMPING;
        p.bounces += 1;
        b = 1;
    }
    ps[i] = p;
    bounced[l] = b;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        int s = 0;
        for (int k = 0; k < 8; k++)
            s += bounced[k];
        group_bounces[get_group_id(0)] = s;
    }
}
