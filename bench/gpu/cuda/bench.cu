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
#include <map>
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


static float fw(uint32_t w)
{
    float x;
    memcpy(&x, &w, 4);
    return x;
}

// Philox4x32-10 of the counter (c0, c1, 0, 0) with the key (k0, k1) (philox.cl).
static void philox_ref(uint32_t c0, uint32_t c1, uint32_t k0, uint32_t k1, uint32_t out[4])
{
    uint32_t c[4] = {c0, c1, 0, 0};
    for (int r = 0; r < 10; ++r) {
        uint64_t p0 = 0xD2511F53ull * c[0], p1 = 0xCD9E8D57ull * c[2];
        uint32_t n[4] = {(uint32_t)(p1 >> 32) ^ c[1] ^ k0, (uint32_t)p1, (uint32_t)(p0 >> 32) ^ c[3] ^ k1, (uint32_t)p0};
        memcpy(c, n, sizeof c);
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    memcpy(out, c, sizeof c);
}

// Σ x (or Σ x y) and Σ |x| (Σ |x y|) in double, 16 chunks added in order.
static void sum_abs(const std::vector<uint32_t>& x, const std::vector<uint32_t>* y, double& sum, double& abs_sum)
{
    std::vector<double> part(16, 0.0), apart(16, 0.0);
    size_t chunk = (x.size() + 15) / 16;
    std::vector<std::thread> ts;
    for (int t = 0; t < 16; ++t)
        ts.emplace_back([&, t] {
            size_t lo = t * chunk, hi = std::min(x.size(), lo + chunk);
            double s = 0, as = 0;
            for (size_t i = lo; i < hi; ++i) {
                double v = (double)fw(x[i]) * (y ? (double)fw((*y)[i]) : 1.0);
                s += v;
                as += fabs(v);
            }
            part[t] = s;
            apart[t] = as;
        });
    for (auto& th : ts)
        th.join();
    sum = abs_sum = 0;
    for (int t = 0; t < 16; ++t) {
        sum += part[t];
        abs_sum += apart[t];
    }
}

static const uint64_t kDigestSample = 256;

// An output's digest for the JSON line (host/src/data.rs `digest`, README.md "Cross-check").
static std::string digest_json(const std::vector<uint32_t>& w, Ty ty)
{
    const unsigned nt = 16;
    size_t chunk = (w.size() + nt - 1) / nt;
    std::vector<uint64_t> h(nt, 0), is(nt, 0), nan(nt, 0);
    std::vector<double> s(nt, 0.0), a(nt, 0.0);
    std::vector<std::thread> ts;
    for (unsigned t = 0; t < nt; ++t)
        ts.emplace_back([&, t] {
            size_t lo = t * chunk, hi = std::min(w.size(), lo + chunk);
            uint64_t hh = 0, ii = 0, nn = 0;  // locals: no false sharing between the threads
            double ss = 0, aa = 0;
            for (size_t i = lo; i < hi; ++i) {
                hh += splitmix_at(w[i], i);
                if (ty == TY_FLOAT) {
                    float x = fw(w[i]);
                    if (std::isnan(x))
                        nn++;
                    else {
                        ss += x;
                        aa += fabs((double)x);
                    }
                } else
                    ii += w[i];
            }
            h[t] = hh;
            is[t] = ii;
            nan[t] = nn;
            s[t] = ss;
            a[t] = aa;
        });
    for (auto& th : ts)
        th.join();
    uint64_t H = 0, IS = 0, NAN_ = 0;
    double S = 0, A = 0;
    for (unsigned t = 0; t < nt; ++t) {
        H += h[t];
        IS += is[t];
        NAN_ += nan[t];
        S += s[t];
        A += a[t];
    }
    char buf[256];
    std::string out = "{\"type\":\"";
    out += ty == TY_FLOAT ? "float" : ty == TY_UINT ? "uint" : "int";
    snprintf(buf, sizeof buf, "\",\"len\":%zu,\"hash\":\"%016llx\",", w.size(), (unsigned long long)H);
    out += buf;
    if (ty == TY_FLOAT)
        snprintf(buf, sizeof buf, "\"sum\":%.17g,\"abs\":%.17g,", S, A);
    else
        snprintf(buf, sizeof buf, "\"sum\":%llu,\"abs\":0,", (unsigned long long)IS);
    out += buf;
    snprintf(buf, sizeof buf, "\"nan\":%llu,\"sample\":[", (unsigned long long)NAN_);
    out += buf;
    std::vector<uint64_t> idx = sample_indices(w.size(), kDigestSample);
    for (size_t k = 0; k < idx.size(); ++k) {
        snprintf(buf, sizeof buf, "%s%u", k ? "," : "", w[idx[k]]);
        out += buf;
    }
    out += "]}";
    return out;
}

struct Bench {
    const BenchDef& def;
    std::vector<uint32_t*> dev;
    std::vector<std::vector<uint32_t>> host;  // initial contents of filled buffers (empty otherwise)
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
            size_t bytes = b.len * sizeof(uint32_t);
            CK(cudaMalloc(&dev[i], bytes));
            if (b.init.kind == INIT_ZERO || b.init.kind == INIT_POISON) {
                CK(cudaMemset(dev[i], b.init.kind == INIT_POISON ? 0xFF : 0, bytes));
            } else {
                host[i].resize(b.len);
                fill_host(b, host[i]);
                CK(cudaMemcpy(dev[i], host[i].data(), bytes, cudaMemcpyHostToDevice));
            }
        }
        CK(cudaDeviceSynchronize());
    }
    // The contents of buffer i after the checked iteration (read once, then kept: the checks
    // and the digests all look at that iteration).
    std::map<int, std::vector<uint32_t>> read_;
    const std::vector<uint32_t>& readback(int i)
    {
        auto it = read_.find(i);
        if (it != read_.end())
            return it->second;
        std::vector<uint32_t>& h = read_[i];
        h.resize(def.bufs[i].len);
        CK(cudaMemcpy(h.data(), dev[i], h.size() * sizeof(uint32_t), cudaMemcpyDeviceToHost));
        return h;
    }

    ~Bench()
    {
        for (uint32_t* p : dev)
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
                int i;
                float f;
            } vals[8];
            void* ptrs[8];
            for (int a = 0; a < dp.nargs; ++a) {
                const ArgDef& ad = dp.args[a];
                if (ad.kind == ARG_BUFFER)
                    vals[a].p = dev[ad.buffer];
                else if (ad.kind == ARG_UINT)
                    vals[a].u = ad.u;
                else if (ad.kind == ARG_INT)
                    vals[a].i = ad.i;
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
        char buf[512];
        auto fail = [&](const char* what, uint64_t i, double got, double want) {
            if (ok) {
                snprintf(buf, sizeof buf, "%s at %llu: got %.9g, want %.9g", what, (unsigned long long)i, got, want);
                detail = buf;
            }
            ok = false;
        };
        auto note = [&](double err) {
            worst = std::max(worst, std::isnan(err) ? INFINITY : err);
            return err;
        };
        const unsigned long long sample = v.num[V_SAMPLE];
        std::string ref = v.ref;
        if (ref == "none") {
        } else if (ref == "copy") {
            const std::vector<uint32_t>& src = host[v.buf[V_SRC]];
            const std::vector<uint32_t>& out = readback(v.buf[V_DST]);
            for (uint64_t i : sample_indices(src.size(), sample))
                if (out[i] != src[i])
                    fail("copy", i, fw(out[i]), fw(src[i]));
        } else if (ref == "saxpy") {
            const std::vector<uint32_t>& x = host[v.buf[V_X]];
            const std::vector<uint32_t>& y0 = host[v.buf[V_Y]];
            float a = (float)v.alpha;
            const std::vector<uint32_t>& out = readback(v.buf[V_Y]);
            for (uint64_t i : sample_indices(x.size(), sample)) {
                float got = fw(out[i]);
                float want = fmaf(a, fw(x[i]), fw(y0[i]));
                double err = note(fabs((double)got - want) / std::max(fabs((double)want), 1e-30));
                if (!(err <= v.tol))
                    fail("saxpy", i, got, want);
            }
        } else if (ref == "sum" || ref == "dot") {
            double want, scale;
            if (ref == "sum")
                sum_abs(host[v.buf[V_SRC]], nullptr, want, scale);
            else
                sum_abs(host[v.buf[V_X]], &host[v.buf[V_Y]], want, scale);
            float got = fw(readback(v.buf[V_DST])[0]);
            double err = note(fabs((double)got - want) / scale);
            if (!(err <= v.tol))
                fail(v.ref, 0, got, want);
        } else if (ref == "transpose") {
            const std::vector<uint32_t>& src = host[v.buf[V_SRC]];
            uint64_t rows = v.num[V_ROWS], cols = v.num[V_COLS];
            const std::vector<uint32_t>& out = readback(v.buf[V_DST]);
            for (uint64_t j : sample_indices(rows * cols, sample)) {
                uint64_t c = j / rows, r = j % rows;
                if (out[j] != src[r * cols + c])
                    fail("transpose", j, fw(out[j]), fw(src[r * cols + c]));
            }
        } else if (ref == "sgemm") {
            const std::vector<uint32_t>& A = host[v.buf[V_A]];
            const std::vector<uint32_t>& B = host[v.buf[V_B]];
            uint64_t M = v.num[V_M], N = v.num[V_N], K = v.num[V_K];
            const std::vector<uint32_t>& out = readback(v.buf[V_C]);
            for (uint64_t j : sample_indices(M * N, sample)) {
                uint64_t r = j / N, c = j % N;
                double want = 0, scale = 0;
                for (uint64_t k = 0; k < K; ++k) {
                    double p = (double)fw(A[r * K + k]) * fw(B[k * N + c]);
                    want += p;
                    scale += fabs(p);
                }
                float got = fw(out[j]);
                double err = note(fabs((double)got - want) / std::max(scale, 1e-30));
                if (!(err <= v.tol))
                    fail("sgemm", j, got, want);
            }
        } else if (ref == "nbody") {
            const std::vector<uint32_t>& pw = host[v.buf[V_POS]];
            uint64_t n = v.num[V_N];
            double eps2 = (float)v.eps2;  // the kernel gets it as a float
            const std::vector<uint32_t>& out = readback(v.buf[V_ACC]);
            auto pos = [&](uint64_t i) { return (double)fw(pw[i]); };
            for (uint64_t i : sample_indices(n, sample)) {
                double a[3] = {0, 0, 0}, scale = 0;
                for (uint64_t j = 0; j < n; ++j) {
                    double r[3];
                    for (int c = 0; c < 3; ++c)
                        r[c] = pos(4 * j + c) - pos(4 * i + c);
                    double d2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + eps2;
                    double s = pos(4 * j + 3) / (d2 * sqrt(d2));
                    for (int c = 0; c < 3; ++c)
                        a[c] += r[c] * s;
                    scale += s * sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
                }
                for (int c = 0; c < 3; ++c) {
                    float got = fw(out[4 * i + c]);
                    double err = note(fabs((double)got - a[c]) / scale);
                    if (!(err <= v.tol))
                        fail("nbody", 4 * i + c, got, a[c]);
                }
                if (!(fw(out[4 * i + 3]) == 0.0f))
                    fail("nbody w", 4 * i + 3, fw(out[4 * i + 3]), 0.0);
            }
        } else if (ref == "exclusive_scan") {
            const std::vector<uint32_t>& src = host[v.buf[V_SRC]];
            const std::vector<uint32_t>& out = readback(v.buf[V_DST]);
            uint32_t acc = 0;
            for (size_t i = 0; i < src.size(); ++i) {
                if (out[i] != acc) {
                    fail("exclusive_scan", i, out[i], acc);
                    break;
                }
                acc += src[i];
            }
        } else if (ref == "histogram") {
            const std::vector<uint32_t>& src = host[v.buf[V_SRC]];
            const std::vector<uint32_t>& out = readback(v.buf[V_DST]);
            const unsigned nt = 16;
            std::vector<std::vector<uint64_t>> parts(nt, std::vector<uint64_t>(256, 0));
            parallel_for(src.size(), [&](size_t lo, size_t hi) {
                std::vector<uint64_t>& h = parts[lo / ((src.size() + nt - 1) / nt)];
                for (size_t i = lo; i < hi; ++i)
                    for (int s = 0; s < 32; s += 8)
                        h[(src[i] >> s) & 0xFF]++;
            });
            for (int b = 0; b < 256; ++b) {
                uint64_t want = 0;
                for (auto& h : parts)
                    want += h[b];
                if (out[b] != want)
                    fail("histogram", b, out[b], (double)want);
            }
        } else if (ref == "sorted") {
            const std::vector<uint32_t>& src = host[v.buf[V_SRC]];
            const std::vector<uint32_t>& out = readback(v.buf[V_DST]);
            for (size_t i = 1; i < out.size(); ++i)
                if (out[i - 1] > out[i]) {
                    fail("sorted", i, out[i], out[i - 1]);
                    break;
                }
            uint64_t s0 = 0, s1 = 0;
            uint32_t x0 = 0, x1 = 0;
            for (size_t i = 0; i < src.size(); ++i) {
                s0 += src[i];
                x0 ^= src[i];
                s1 += out[i];
                x1 ^= out[i];
            }
            if (s0 != s1 || x0 != x1)
                fail("sorted: the keys' sum differs from the input's", 0, (double)s1, (double)s0);
        } else if (ref == "philox") {
            const std::vector<uint32_t>& out = readback(v.buf[V_DST]);
            for (uint64_t i : sample_indices(out.size() / 4, sample)) {
                uint32_t want[4];
                philox_ref((uint32_t)i, (uint32_t)v.num[V_CTR], (uint32_t)v.num[V_K0], (uint32_t)v.num[V_K1], want);
                for (int c = 0; c < 4; ++c)
                    if (out[4 * i + c] != want[c])
                        fail("philox", 4 * i + c, out[4 * i + c], want[c]);
            }
        } else if (ref == "floyd") {
            const std::vector<uint32_t>& d0 = host[v.buf[V_SRC]];
            const std::vector<uint32_t>& d = readback(v.buf[V_DST]);
            uint64_t n = v.num[V_N];
            for (uint64_t s : sample_indices(n * n, sample)) {
                uint64_t i = s / n, j = s % n;
                uint32_t dij = d[i * n + j];
                if (dij > d0[i * n + j])
                    fail("floyd: longer than the edge", s, dij, d0[i * n + j]);
                for (uint64_t k = 0; k < n; ++k) {
                    uint64_t via = (uint64_t)d[i * n + k] + d[k * n + j];
                    if (dij > via)
                        fail("floyd: a shorter path", s, dij, (double)via);
                }
            }
        } else if (ref == "kmeans") {
            const std::vector<uint32_t>& feat = host[v.buf[V_A]];
            const std::vector<uint32_t>& cent = host[v.buf[V_B]];
            const std::vector<uint32_t>& out = readback(v.buf[V_C]);
            uint64_t np = v.num[V_M], nc = v.num[V_N], nf = v.num[V_K];
            for (uint64_t p : sample_indices(np, sample)) {
                uint32_t best = 0;
                float best_d = 3.402823466e+38f;
                for (uint64_t c = 0; c < nc; ++c) {
                    float dd = 0.0f;
                    for (uint64_t f = 0; f < nf; ++f) {
                        float t = fw(feat[f * np + p]) - fw(cent[c * nf + f]);
                        dd += t * t;
                    }
                    if (dd < best_d) {
                        best_d = dd;
                        best = (uint32_t)c;
                    }
                }
                if (out[p] != best)
                    fail("kmeans", p, out[p], best);
            }
        } else if (ref == "max") {
            const std::vector<uint32_t>& out = readback(v.buf[V_DST]);
            for (size_t i = 0; i < out.size(); ++i)
                if (out[i] > v.num[V_MAX]) {
                    fail("max", i, out[i], (double)v.num[V_MAX]);
                    break;
                }
        } else {
            fprintf(stderr, "unknown verify.ref %s\n", v.ref);
            exit(2);
        }
        // every float output: no NaN (the poison of an unwritten element)
        for (int o = 0; o < v.noutputs; ++o) {
            int bi = v.outputs[o];
            if (def.bufs[bi].ty != TY_FLOAT)
                continue;
            const std::vector<uint32_t>& out = readback(bi);
            uint64_t nans = 0, first = 0;
            for (size_t i = 0; i < out.size(); ++i)
                if (std::isnan(fw(out[i])) && nans++ == 0)
                    first = i;
            if (nans) {
                if (ok) {
                    snprintf(buf, sizeof buf, "%llu NaN(s) in `%s` (unwritten or poisoned), the first at %llu",
                             (unsigned long long)nans, def.bufs[bi].name, (unsigned long long)first);
                    detail = buf;
                }
                ok = false;
            }
        }
        return worst;
    }

    // The digests of the outputs, as the JSON object's members.
    std::string digests()
    {
        std::string s;
        for (int o = 0; o < def.verify.noutputs; ++o) {
            int bi = def.verify.outputs[o];
            if (o)
                s += ",";
            s += "\"";
            s += def.bufs[bi].name;
            s += "\":";
            s += digest_json(readback(bi), def.bufs[bi].ty);
        }
        return s;
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
        std::string digests = b.digests();
        char err_text[32] = "null";
        if (std::isfinite(err))
            snprintf(err_text, sizeof err_text, "%.3g", err);
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
        printf("],\"iters\":%d,\"warmup_ms\":%.1f,\"verified\":%s,\"max_err\":%s,\"short_sample\":%s,"
               "\"round_index\":%d,\"t_start\":%.3f,\"t_end\":%.3f,\"device\":\"%s\",\"outputs\":{%s}}\n",
               n, warm_ms, ok ? "true" : "false", err_text, short_sample ? "true" : "false", round_index, t0, t1,
               prop.name, digests.c_str());
        fflush(stdout);
    }
    return all_ok ? 0 : 1;
}
