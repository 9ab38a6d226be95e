// European call and put prices (Black-Scholes), one option per work-item. The cumulative
// normal distribution is the Abramowitz-Stegun polynomial (26.2.17, |error| < 7.5e-8).
float cnd(float d)
{
    const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f,
                a4 = -1.821255978f, a5 = 1.330274429f;
    const float inv_sqrt_2pi = 0.39894228040143267794f;
    float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = inv_sqrt_2pi * exp(-0.5f * d * d) *
              (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
    return d > 0.0f ? 1.0f - c : c;
}

__kernel void black_scholes(__global const float* restrict price, __global const float* restrict strike,
                            __global const float* restrict years, __global float* restrict call,
                            __global float* restrict put, float r, float v)
{
    uint i = get_global_id(0);
    float s = price[i], x = strike[i], t = years[i];
    float sqt = sqrt(t);
    float d1 = (log(s / x) + (r + 0.5f * v * v) * t) / (v * sqt);
    float d2 = d1 - v * sqt;
    float xe = x * exp(-r * t);
    call[i] = s * cnd(d1) - xe * cnd(d2);
    put[i] = xe * cnd(-d2) - s * cnd(-d1);
}
