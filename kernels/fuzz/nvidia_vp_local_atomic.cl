// NVIDIA driver 580.159.04 (H100, H200): in a module that declares the VariablePointers
// capability, an atomic on __local memory is lost: later loads, atomic or not, see the
// value from before it. The same module without the capability runs right; lavapipe and
// Intel's runtime run it right. Found by clc-smith on the H200 (seed 100011: 40 of the 47
// random kernels that failed there had a __local atomic and variable pointers). Reduced by
// hand. clc declared the capability for the stepped `p` below; it now keeps `p` as an
// index into `scratch` (src/back/spv/local_index.rs) and declares none.
kernel void nvidia_vp_local_atomic(global uint *out, local uint *scratch)
{
    local uint counter;
    local uint *p = scratch + get_local_id(0);
    *p = get_local_id(0);
    if (get_local_id(0) == 0)
        counter = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_max(&counter, 2724241693u);
    atomic_inc(&counter);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = counter + *p - get_local_id(0);
}
