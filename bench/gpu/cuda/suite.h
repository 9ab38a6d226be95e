// The suite's shapes (filled in by suite_gen.h, which tools/suite_h.py makes from
// suite.toml) and its deterministic fills, for bench.cu and cublas_ref.cu.
#pragma once
#include <algorithm>
#include <cstring>
#include <cstdint>
#include <thread>
#include <vector>

// ---- the suite's shapes (filled in by suite_gen.h) ----

enum Ty { TY_FLOAT, TY_UINT, TY_INT };
enum InitKind { INIT_ZERO, INIT_POISON, INIT_FILL, INIT_CSR_ROW_PTR, INIT_CSR_COLS };
struct FillDef {
    unsigned long long seed;
    long long min, max;
    double scale;
};
struct InitDef {
    InitKind kind;
    int ncomp;
    FillDef comp[4];
    unsigned long long rows, cols, per_row, vary, seed;  // CSR structures
};
struct BufferDef {
    const char* name;
    Ty ty;
    unsigned long long len;  // elements (32-bit words)
    InitDef init;
};
enum ArgKind { ARG_BUFFER, ARG_UINT, ARG_INT, ARG_FLOAT };
struct ArgDef {
    ArgKind kind;
    int buffer;
    unsigned u;
    int i;
    float f;
};
struct DispatchDef {
    const char* kernel;
    unsigned global[3], local[3];
    int nargs;
    ArgDef args[8];
};
// The buffer keys of [bench.verify], in this order (-1: absent), and its integer keys.
enum { V_SRC, V_DST, V_X, V_Y, V_A, V_B, V_C, V_POS, V_ACC, V_NBUF };
enum { V_SAMPLE, V_ROWS, V_COLS, V_M, V_N, V_K, V_CTR, V_K0, V_K1, V_MAX, V_NINT };
struct VerifyDef {
    const char* ref;
    int buf[V_NBUF];
    unsigned long long num[V_NINT];
    double tol, alpha, eps2;
    int noutputs;
    int outputs[4];
};
struct BenchDef {
    const char* name;
    const char* metric;
    double work;
    int iters;
    const char* std;  // the OpenCL C version of the source (informational here)
    int nbuf;
    BufferDef bufs[8];
    int ndisp;
    const DispatchDef* disp;
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

// Element i of a fill as a 32-bit word: min + x mod span; floats (float)((double)k / scale).
static inline uint32_t fill_word(const FillDef& f, Ty ty, uint64_t i)
{
    uint64_t span = (uint64_t)(f.max - f.min) + 1;  // 0 for the full 2^64 range (never here)
    long long k = f.min + (long long)(span ? splitmix_at(f.seed, i) % span : splitmix_at(f.seed, i));
    if (ty == TY_FLOAT) {
        float x = (float)((double)k / f.scale);
        uint32_t w;
        memcpy(&w, &x, 4);
        return w;
    }
    return (uint32_t)k;
}

static inline float fill_value(const FillDef& f, uint64_t i)
{
    uint32_t w = fill_word(f, TY_FLOAT, i);
    float x;
    memcpy(&x, &w, 4);
    return x;
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

// The initial contents of a filled buffer (host/src/data.rs `initial`).
static void fill_host(const BufferDef& b, std::vector<uint32_t>& h)
{
    const InitDef& d = b.init;
    if (d.kind == INIT_CSR_ROW_PTR) {
        // rows 2m and 2m + 1: per_row + e and per_row - e non-zeros, e = splitmix(seed, m) % (vary + 1)
        uint64_t at = 0;
        h[0] = 0;
        for (uint64_t m = 0; m < d.rows / 2; ++m) {
            uint64_t e = splitmix_at(d.seed, m) % (d.vary + 1);
            at += d.per_row + e;
            h[2 * m + 1] = (uint32_t)at;
            at += d.per_row - e;
            h[2 * m + 2] = (uint32_t)at;
        }
        return;
    }
    if (d.kind == INIT_CSR_COLS) {
        parallel_for(h.size(), [&](size_t lo, size_t hi) {
            for (size_t i = lo; i < hi; ++i)
                h[i] = (uint32_t)(splitmix_at(d.seed + 1, i) % d.cols);
        });
        return;
    }
    int c = d.ncomp;
    parallel_for(h.size(), [&](size_t lo, size_t hi) {
        for (size_t i = lo; i < hi; ++i)
            h[i] = fill_word(d.comp[i % c], b.ty, i / c);
    });
}

#include "suite_gen.h"
