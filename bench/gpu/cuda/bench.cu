// CUDA host for the GPU benchmark suite (bench/gpu/suite.toml, compiled in as suite_gen.h by
// tools/suite_h.py). For each selected benchmark: allocate with cudaMalloc, fill the inputs
// deterministically (the suite's fills), poison the outputs, run one iteration and verify it
// against a CPU reference, warm up with back-to-back iterations for >= warmup_ms, then time
// `rounds` samples of N back-to-back iterations each between two CUDA events (N >= the
// suite's iters, raised so that a sample lasts >= min_sample_ms), and print one JSON line.
//
//   cuda-bench [--bench a,b,...] [--rounds R] [--round-index I] [--list]
//
// --round-index only labels the output (a driver script runs one round per process to
// interleave CUDA and Vulkan rounds). Exit status: 0 if every selected benchmark verified.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "registry.h"

#include "suite.h"

std::vector<KernelEntry>& kernel_registry()
{
    static std::vector<KernelEntry> r;
    return r;
}

// ---- errors ----

static void check(cudaError_t e, const char* what, const char* file, int line)
{
    if (e != cudaSuccess) {
        fprintf(stderr, "%s:%d: %s: %s\n", file, line, what, cudaGetErrorString(e));
        exit(2);
    }
}
#define CK(x) check((x), #x, __FILE__, __LINE__)

// ---- helpers ----

static double now_s()
{
    return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static const void* find_kernel(const char* name)
{
    for (auto& e : kernel_registry())
        if (strcmp(e.name, name) == 0)
            return e.fn;
    fprintf(stderr, "no CUDA kernel named %s\n", name);
    exit(2);
}

static std::vector<uint64_t> sample_indices(uint64_t len, uint64_t count)
{
    std::vector<uint64_t> v;
    for (uint64_t k = 0; k < count; ++k)
        v.push_back((k * (uint64_t)kSampleStride) % len);  // k < 2^32: no overflow
    v.push_back(len - 1);
    return v;
}


static bool same_bits(float a, float b) { return memcmp(&a, &b, 4) == 0; }

struct Bench {
    const BenchDef& def;
    std::vector<float*> dev;
    std::vector<std::vector<float>> host;  // initial contents of filled buffers (empty otherwise)
    std::vector<const void*> fns;
    cudaStream_t stream;

    explicit Bench(const BenchDef& d) : def(d)
    {
        CK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
        for (int i = 0; i < d.ndisp; ++i)
            fns.push_back(find_kernel(d.disp[i].kernel));
        dev.resize(d.nbuf);
        host.resize(d.nbuf);
        for (int i = 0; i < d.nbuf; ++i) {
            const BufferDef& b = d.bufs[i];
            size_t bytes = b.len * sizeof(float);
            CK(cudaMalloc(&dev[i], bytes));
            if (b.init.kind == INIT_FILL) {
                host[i].resize(b.len);
                fill_host(b.init, host[i]);
                CK(cudaMemcpy(dev[i], host[i].data(), bytes, cudaMemcpyHostToDevice));
            } else {
                CK(cudaMemset(dev[i], b.init.kind == INIT_POISON ? 0xFF : 0, bytes));
            }
        }
        CK(cudaDeviceSynchronize());
    }
    std::vector<float> readback(int i)
    {
        std::vector<float> h(def.bufs[i].len);
        CK(cudaMemcpy(h.data(), dev[i], h.size() * sizeof(float), cudaMemcpyDeviceToHost));
        return h;
    }

    ~Bench()
    {
        for (float* p : dev)
            cudaFree(p);
        cudaStreamDestroy(stream);
    }

    void launch_iteration(bool check_each)
    {
        for (int di = 0; di < def.ndisp; ++di) {
            const DispatchDef& dp = def.disp[di];
            union Val {
                void* p;
                unsigned u;
                float f;
            } vals[8];
            void* ptrs[8];
            for (int a = 0; a < dp.nargs; ++a) {
                const ArgDef& ad = dp.args[a];
                if (ad.kind == ARG_BUFFER)
                    vals[a].p = dev[ad.buffer];
                else if (ad.kind == ARG_UINT)
                    vals[a].u = ad.u;
                else
                    vals[a].f = ad.f;
                ptrs[a] = &vals[a];
            }
            dim3 grid(dp.global[0] / dp.local[0], dp.global[1] / dp.local[1], dp.global[2] / dp.local[2]);
            dim3 block(dp.local[0], dp.local[1], dp.local[2]);
            CK(cudaLaunchKernel(fns[di], grid, block, ptrs, 0, stream));
            if (check_each)
                CK(cudaGetLastError());
        }
    }

    // Times `n` back-to-back iterations between two events; returns milliseconds in all.
    double timed(int n)
    {
        cudaEvent_t e0, e1;
        CK(cudaEventCreate(&e0));
        CK(cudaEventCreate(&e1));
        CK(cudaEventRecord(e0, stream));
        for (int i = 0; i < n; ++i)
            launch_iteration(false);
        CK(cudaEventRecord(e1, stream));
        CK(cudaEventSynchronize(e1));
        CK(cudaGetLastError());
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        CK(cudaEventDestroy(e0));
        CK(cudaEventDestroy(e1));
        return ms;
    }

    // ---- verification of the first iteration; returns the error measure, sets ok ----
    double verify(bool& ok, std::string& detail)
    {
        const VerifyDef& v = def.verify;
        ok = true;
        double worst = 0;
        char buf[256];
        auto fail = [&](const char* what, uint64_t i, double got, double want) {
            if (ok) {
                snprintf(buf, sizeof buf, "%s at %llu: got %.9g, want %.9g", what, (unsigned long long)i, got, want);
                detail = buf;
            }
            ok = false;
        };
        std::string ref = v.ref;
        if (ref == "copy") {
            const std::vector<float>& src = host[v.buf[0]];
            std::vector<float> out = readback(v.buf[1]);
            for (uint64_t i : sample_indices(src.size(), v.sample)) {
                float got = out[i];
                if (!same_bits(got, src[i]))
                    fail("copy", i, got, src[i]);
            }
        } else if (ref == "saxpy") {
            const std::vector<float>& x = host[v.buf[0]];
            const std::vector<float>& y0 = host[v.buf[1]];
            float a = (float)v.alpha;
            std::vector<float> out = readback(v.buf[1]);
            for (uint64_t i : sample_indices(x.size(), v.sample)) {
                float got = out[i];
                float want = fmaf(a, x[i], y0[i]);
                double err = fabs((double)got - want) / std::max(fabs((double)want), 1e-30);
                worst = std::max(worst, std::isnan(err) ? INFINITY : err);
                if (!(err <= v.tol))
                    fail("saxpy", i, got, want);
            }
        } else if (ref == "sum") {
            const std::vector<float>& src = host[v.buf[0]];
            std::vector<double> part(16, 0.0), apart(16, 0.0);
            size_t chunk = (src.size() + 15) / 16;
            std::vector<std::thread> ts;
            for (int t = 0; t < 16; ++t)
                ts.emplace_back([&, t] {
                    size_t lo = t * chunk, hi = std::min(src.size(), lo + chunk);
                    double s = 0, as = 0;
                    for (size_t i = lo; i < hi; ++i) {
                        s += src[i];
                        as += fabs(src[i]);
                    }
                    part[t] = s;
                    apart[t] = as;
                });
            for (auto& th : ts)
                th.join();
            double want = 0, scale = 0;
            for (int t = 0; t < 16; ++t) {
                want += part[t];
                scale += apart[t];
            }
            float got = readback(v.buf[1])[0];
            worst = fabs((double)got - want) / scale;
            if (!(worst <= v.tol))
                fail("sum", 0, got, want);
        } else if (ref == "transpose") {
            const std::vector<float>& src = host[v.buf[0]];
            uint64_t rows = v.m, cols = v.n;
            std::vector<float> out = readback(v.buf[1]);
            for (uint64_t j : sample_indices(rows * cols, v.sample)) {
                uint64_t c = j / rows, r = j % rows;
                float got = out[j];
                if (!same_bits(got, src[r * cols + c]))
                    fail("transpose", j, got, src[r * cols + c]);
            }
        } else if (ref == "sgemm") {
            const std::vector<float>& A = host[v.buf[0]];
            const std::vector<float>& B = host[v.buf[1]];
            uint64_t M = v.m, N = v.n, K = v.k;
            std::vector<float> out = readback(v.buf[2]);
            for (uint64_t j : sample_indices(M * N, v.sample)) {
                uint64_t r = j / N, c = j % N;
                double want = 0, scale = 0;
                for (uint64_t k = 0; k < K; ++k) {
                    double p = (double)A[r * K + k] * B[k * N + c];
                    want += p;
                    scale += fabs(p);
                }
                float got = out[j];
                double err = fabs((double)got - want) / std::max(scale, 1e-30);
                worst = std::max(worst, std::isnan(err) ? INFINITY : err);
                if (!(err <= v.tol))
                    fail("sgemm", j, got, want);
            }
        } else if (ref == "nbody") {
            const std::vector<float>& pos = host[v.buf[0]];
            uint64_t n = v.n;
            double eps2 = (float)v.eps2;  // the kernel gets it as a float
            std::vector<float> out = readback(v.buf[1]);
            for (uint64_t i : sample_indices(n, v.sample)) {
                double a[3] = {0, 0, 0}, scale = 0;
                for (uint64_t j = 0; j < n; ++j) {
                    double r[3];
                    for (int c = 0; c < 3; ++c)
                        r[c] = (double)pos[4 * j + c] - pos[4 * i + c];
                    double d2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + eps2;
                    double s = pos[4 * j + 3] / (d2 * sqrt(d2));
                    for (int c = 0; c < 3; ++c)
                        a[c] += r[c] * s;
                    scale += s * sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
                }
                const float* got = &out[4 * i];
                for (int c = 0; c < 3; ++c) {
                    double err = fabs((double)got[c] - a[c]) / scale;
                    worst = std::max(worst, std::isnan(err) ? INFINITY : err);
                    if (!(err <= v.tol))
                        fail("nbody", 4 * i + c, got[c], a[c]);
                }
                if (!(got[3] == 0.0f))
                    fail("nbody w", 4 * i + 3, got[3], 0.0);
            }
        } else {
            fprintf(stderr, "unknown verify.ref %s\n", v.ref);
            exit(2);
        }
        return worst;
    }
};

static std::vector<std::string> split(const std::string& s)
{
    std::vector<std::string> out;
    size_t p = 0;
    while (p <= s.size()) {
        size_t q = s.find(',', p);
        if (q == std::string::npos)
            q = s.size();
        if (q > p)
            out.push_back(s.substr(p, q - p));
        p = q + 1;
    }
    return out;
}

int main(int argc, char** argv)
{
    std::vector<std::string> names;
    int rounds = kRounds, round_index = -1;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--bench" && i + 1 < argc)
            names = split(argv[++i]);
        else if (a == "--rounds" && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (a == "--round-index" && i + 1 < argc)
            round_index = atoi(argv[++i]);
        else if (a == "--list") {
            for (int b = 0; b < kNumBenches; ++b)
                printf("%s\n", kBenches[b].name);
            return 0;
        } else {
            fprintf(stderr, "usage: %s [--bench a,b,...] [--rounds R] [--round-index I] [--list]\n", argv[0]);
            return 2;
        }
    }
    if (rounds < 1) {
        fprintf(stderr, "--rounds must be >= 1\n");
        return 2;
    }
    std::vector<const BenchDef*> sel;
    if (names.empty())
        for (int b = 0; b < kNumBenches; ++b)
            sel.push_back(&kBenches[b]);
    for (auto& n : names) {
        const BenchDef* found = nullptr;
        for (int b = 0; b < kNumBenches; ++b)
            if (n == kBenches[b].name)
                found = &kBenches[b];
        if (!found) {
            fprintf(stderr, "no benchmark %s (--list)\n", n.c_str());
            return 2;
        }
        sel.push_back(found);
    }

    CK(cudaSetDevice(0));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    int drv = 0, rt = 0;
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rt));
    fprintf(stderr, "device: %s, %d SMs, driver API %d, runtime %d\n", prop.name, prop.multiProcessorCount, drv, rt);

    bool all_ok = true;
    for (const BenchDef* d : sel) {
        Bench b(*d);
        // 1. one iteration on the initial contents, checked.
        b.launch_iteration(true);
        CK(cudaStreamSynchronize(b.stream));
        CK(cudaGetLastError());
        bool ok;
        std::string detail;
        double err = b.verify(ok, detail);
        if (!ok) {
            all_ok = false;
            fprintf(stderr, "%s: VERIFY FAILED: %s\n", d->name, detail.c_str());
        }
        // 2. warm-up: batches of back-to-back iterations until >= kWarmupMs on the GPU.
        double warm_ms = 0;
        int warm_iters = 0, batch = std::max(1, d->iters / 4);
        while (warm_ms < kWarmupMs) {
            warm_ms += b.timed(batch);
            warm_iters += batch;
        }
        // 3. iterations per sample: the suite's, or more so that a sample lasts kMinSampleMs,
        //    judged by the second half of the warm-up (clocks are up by then).
        double per_iter = b.timed(batch) / batch;
        int n = std::max(d->iters, (int)ceil(kMinSampleMs * 1.1 / per_iter));
        // 4. rounds.
        std::vector<double> ms;
        bool short_sample = false;
        double t0 = now_s();
        for (int r = 0; r < rounds; ++r) {
            double total = b.timed(n);
            if (total < kMinSampleMs)
                short_sample = true;
            ms.push_back(total / n);
        }
        double t1 = now_s();
        double med = median(ms);
        double rate = d->work / (med * 1e-3) / 1e9;
        printf("{\"name\":\"%s\",\"impl\":\"cuda\",\"ms\":%.6f,\"%s\":%.2f,\"rounds\":[", d->name, med, d->metric, rate);
        for (size_t r = 0; r < ms.size(); ++r)
            printf("%s%.6f", r ? "," : "", ms[r]);
        printf("],\"iters\":%d,\"warmup_ms\":%.1f,\"verified\":%s,\"max_err\":%.3g,\"short_sample\":%s,"
               "\"round_index\":%d,\"t_start\":%.3f,\"t_end\":%.3f,\"device\":\"%s\"}\n",
               n, warm_ms, ok ? "true" : "false", err, short_sample ? "true" : "false", round_index, t0, t1,
               prop.name);
        fflush(stdout);
    }
    return all_ok ? 0 : 1;
}
