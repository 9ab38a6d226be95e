// Reference line, not part of the timed comparison: cuBLAS SGEMM on the suite's sgemm_reg64
// inputs (4096^3, row-major C = A * B computed as column-major C^T = B^T * A^T), timed like
// bench.cu (warm-up, events around back-to-back calls, median of rounds). FP32 math mode
// (CUBLAS_DEFAULT_MATH: no TF32). Prints {"name":"sgemm","impl":"cublas",...}.
//
//   cublas-ref [--rounds R] [--round-index I]
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "suite.h"

#define CK(x)                                                                                   \
    do {                                                                                        \
        cudaError_t e_ = (x);                                                                   \
        if (e_ != cudaSuccess) {                                                                \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
            exit(2);                                                                            \
        }                                                                                       \
    } while (0)
#define CB(x)                                                                       \
    do {                                                                            \
        cublasStatus_t s_ = (x);                                                    \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                          \
            fprintf(stderr, "%s:%d: %s: status %d\n", __FILE__, __LINE__, #x, (int)s_); \
            exit(2);                                                                \
        }                                                                           \
    } while (0)

int main(int argc, char** argv)
{
    int rounds = kRounds, round_index = -1;
    for (int i = 1; i < argc; ++i) {
        if (!strcmp(argv[i], "--rounds") && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--round-index") && i + 1 < argc)
            round_index = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--bench") && i + 1 < argc)
            ++i;  // accepted for a uniform command line; there is one benchmark
        else {
            fprintf(stderr, "usage: %s [--rounds R] [--round-index I]\n", argv[0]);
            return 2;
        }
    }
    const BenchDef* d = nullptr;
    for (int b = 0; b < kNumBenches; ++b)
        if (!strcmp(kBenches[b].name, "sgemm_reg64"))
            d = &kBenches[b];
    if (!d) {
        fprintf(stderr, "suite has no sgemm_reg64\n");
        return 2;
    }
    const int M = (int)d->verify.num[V_M], N = (int)d->verify.num[V_N], K = (int)d->verify.num[V_K];
    std::vector<float> A((size_t)M * K), B((size_t)K * N);
    {
        std::vector<uint32_t> w((size_t)M * K);
        fill_host(d->bufs[d->verify.buf[V_A]], w);
        memcpy(A.data(), w.data(), w.size() * 4);
        w.resize((size_t)K * N);
        fill_host(d->bufs[d->verify.buf[V_B]], w);
        memcpy(B.data(), w.data(), w.size() * 4);
    }
    float *dA, *dB, *dC;
    CK(cudaMalloc(&dA, A.size() * 4));
    CK(cudaMalloc(&dB, B.size() * 4));
    CK(cudaMalloc(&dC, (size_t)M * N * 4));
    CK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dC, 0xFF, (size_t)M * N * 4));
    cublasHandle_t h;
    CB(cublasCreate(&h));
    const float one = 1.0f, zero = 0.0f;
    auto call = [&] { CB(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, dB, N, dA, K, &zero, dC, N)); };
    call();
    CK(cudaDeviceSynchronize());
    // check 64 elements: the inputs make every partial sum exact
    std::vector<float> C((size_t)M * N);
    CK(cudaMemcpy(C.data(), dC, C.size() * 4, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int s = 0; s < 64; ++s) {
        size_t j = ((size_t)s * kSampleStride) % C.size();
        size_t r = j / N, c = j % N;
        double want = 0;
        for (int k = 0; k < K; ++k)
            want += (double)A[r * K + k] * B[(size_t)k * N + c];
        if (fabs(C[j] - want) > 1e-3 * (1 + fabs(want))) {
            fprintf(stderr, "cublas: C[%zu] = %g, want %g\n", j, C[j], want);
            ok = false;
        }
    }
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    auto timed = [&](int n) {
        CK(cudaEventRecord(e0));
        for (int i = 0; i < n; ++i)
            call();
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        return (double)ms;
    };
    double warm = 0;
    while (warm < kWarmupMs)
        warm += timed(20);
    double per = timed(20) / 20;
    int n = std::max(20, (int)ceil(kMinSampleMs * 1.1 / per));
    std::vector<double> ms;
    for (int r = 0; r < rounds; ++r)
        ms.push_back(timed(n) / n);
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    double med = sorted.size() % 2 ? sorted[sorted.size() / 2]
                                   : 0.5 * (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]);
    printf("{\"name\":\"sgemm\",\"impl\":\"cublas\",\"ms\":%.6f,\"gflops\":%.2f,\"rounds\":[", med,
           2.0 * M * N * K / (med * 1e-3) / 1e9);
    for (size_t r = 0; r < ms.size(); ++r)
        printf("%s%.6f", r ? "," : "", ms[r]);
    printf("],\"iters\":%d,\"verified\":%s,\"round_index\":%d}\n", n, ok ? "true" : "false", round_index);
    return ok ? 0 : 1;
}
