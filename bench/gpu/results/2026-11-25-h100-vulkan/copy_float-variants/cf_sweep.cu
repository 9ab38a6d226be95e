// copy_float (as bench/gpu/cuda/copy.cu) at block sizes 128..1024: 2^28 floats, a warm-up of
// ~500 ms, then 5 samples of 300 launches between events; median ms per launch.
#include <cstdio>
#include <algorithm>
#include <vector>
__global__ void copy_float(const float* __restrict__ in, float* __restrict__ out)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = in[i];
}
int main()
{
    const size_t n = 1u << 28;
    float *a, *b;
    if (cudaMalloc(&a, n * 4) || cudaMalloc(&b, n * 4)) { printf("alloc failed\n"); return 1; }
    cudaMemset(a, 0x3c, n * 4);
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0); cudaEventCreate(&e1);
    for (int bs : {128, 256, 512, 1024}) {
        for (int i = 0; i < 600; ++i) copy_float<<<n / bs, bs>>>(a, b);
        std::vector<float> ms;
        for (int r = 0; r < 5; ++r) {
            cudaEventRecord(e0);
            for (int i = 0; i < 300; ++i) copy_float<<<n / bs, bs>>>(a, b);
            cudaEventRecord(e1); cudaEventSynchronize(e1);
            float t; cudaEventElapsedTime(&t, e0, e1); ms.push_back(t / 300);
        }
        std::sort(ms.begin(), ms.end());
        printf("{\"name\":\"cuda_copy_float_b%d\",\"ms\":%.6f,\"gbps\":%.1f,\"err\":\"%s\"}\n", bs, ms[2],
               2.0 * n * 4 / (ms[2] * 1e-3) / 1e9, cudaGetErrorString(cudaGetLastError()));
    }
    return 0;
}
