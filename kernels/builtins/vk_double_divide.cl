// Division of doubles: by a buffer value, by constants (which a driver may turn into a
// multiplication by the reciprocal), and on double2. vk_double_divide.toml says what is
// tested.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

kernel void divide(global const double *x, global const double *y, global double *q)
{
    size_t i = get_global_id(0);
    q[i] = x[i] / y[i];
}

kernel void divide_by_constants(global const double *x, global double *q0, global double *q1,
                                global double *q2, global double *q3)
{
    size_t i = get_global_id(0);
    q0[i] = x[i] / 3.0;
    q1[i] = x[i] / 10.0;
    q2[i] = x[i] / 1e-300;
    q3[i] = x[i] / 7e300;
}

kernel void divide2(global const double *x, global const double *y, global double *q)
{
    size_t i = get_global_id(0);
    vstore2(vload2(i, x) / vload2(i, y), i, q);
}
