// The suite's shapes (filled in by suite_gen.h, which tools/suite_h.py makes from
// suite.toml) and its deterministic fills, for bench.cu and cublas_ref.cu.
#pragma once
#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

// ---- the suite's shapes (filled in by suite_gen.h) ----

enum InitKind { INIT_ZERO, INIT_POISON, INIT_FILL };
struct FillDef {
    unsigned long long seed;
    long long min, max;
    double scale;
};
struct InitDef {
    InitKind kind;
    int ncomp;
    FillDef comp[4];
};
struct BufferDef {
    const char* name;
    unsigned long long len;  // floats
    InitDef init;
};
enum ArgKind { ARG_BUFFER, ARG_UINT, ARG_FLOAT };
struct ArgDef {
    ArgKind kind;
    int buffer;
    unsigned u;
    float f;
};
struct DispatchDef {
    const char* kernel;
    unsigned global[3], local[3];
    int nargs;
    ArgDef args[8];
};
struct VerifyDef {
    const char* ref;
    int buf[3];  // roles in the order tools/suite_h.py lists them per ref
    unsigned long long m, n, k, sample;
    double tol, alpha, eps2;
};
struct BenchDef {
    const char* name;
    const char* metric;
    double work;
    int iters;
    int nbuf;
    BufferDef bufs[4];
    int ndisp;
    DispatchDef disp[2];
    VerifyDef verify;
};


// ---- deterministic fills (the runner's splitmix64 fill, element i = output i+1) ----

static inline uint64_t splitmix_at(uint64_t seed, uint64_t i)
{
    uint64_t z = seed + (i + 1) * 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline float fill_value(const FillDef& f, uint64_t i)
{
    uint64_t span = (uint64_t)(f.max - f.min) + 1;
    long long k = f.min + (long long)(splitmix_at(f.seed, i) % span);
    return (float)((double)k / f.scale);
}

template <class F>
static void parallel_for(size_t n, F body)
{
    unsigned nt = std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
    if (n < (1u << 16))
        nt = 1;
    std::vector<std::thread> ts;
    size_t chunk = (n + nt - 1) / nt;
    for (unsigned t = 0; t < nt; ++t) {
        size_t lo = t * chunk, hi = std::min(n, lo + chunk);
        if (lo >= hi)
            break;
        ts.emplace_back([=] { body(lo, hi); });
    }
    for (auto& th : ts)
        th.join();
}

static void fill_host(const InitDef& d, std::vector<float>& h)
{
    int c = d.ncomp;
    parallel_for(h.size(), [&](size_t lo, size_t hi) {
        for (size_t i = lo; i < hi; ++i)
            h[i] = fill_value(d.comp[i % c], i / c);
    });
}

#include "suite_gen.h"
