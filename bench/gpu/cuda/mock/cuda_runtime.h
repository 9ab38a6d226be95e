// CPU mock of the few CUDA runtime calls bench.cu uses (host-logic test only).
#pragma once
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <cstddef>
typedef int cudaError_t;
enum { cudaSuccess = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2, cudaStreamNonBlocking = 1 };
struct dim3 { unsigned x, y, z; dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {} };
typedef void* cudaStream_t;
typedef double* cudaEvent_t;
struct cudaDeviceProp { char name[256]; int multiProcessorCount; };
typedef void (*MockKernel)(dim3, dim3, void**);
inline cudaError_t cudaSetDevice(int) { return 0; }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int) { strcpy(p->name, "mock"); p->multiProcessorCount = 1; return 0; }
inline cudaError_t cudaDriverGetVersion(int* v) { *v = 0; return 0; }
inline cudaError_t cudaRuntimeGetVersion(int* v) { *v = 0; return 0; }
inline const char* cudaGetErrorString(cudaError_t) { return "mock error"; }
inline cudaError_t cudaGetLastError() { return 0; }
inline cudaError_t cudaDeviceSynchronize() { return 0; }
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return 0; }
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, int) { *s = nullptr; return 0; }
inline cudaError_t cudaStreamDestroy(cudaStream_t) { return 0; }
template <class T> cudaError_t cudaMalloc(T** p, size_t n) { *p = (T*)malloc(n); return *p ? 0 : 2; }
inline cudaError_t cudaFree(void* p) { free(p); return 0; }
inline cudaError_t cudaMemcpy(void* d, const void* s, size_t n, int) { memcpy(d, s, n); return 0; }
inline cudaError_t cudaMemset(void* d, int v, size_t n) { memset(d, v, n); return 0; }
inline double mock_now() { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); }
inline cudaError_t cudaEventCreate(cudaEvent_t* e) { *e = new double(0); return 0; }
inline cudaError_t cudaEventDestroy(cudaEvent_t e) { delete e; return 0; }
inline cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t = nullptr) { *e = mock_now(); return 0; }
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return 0; }
inline cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t a, cudaEvent_t b) { *ms = (float)(*b - *a); return 0; }
inline cudaError_t cudaLaunchKernel(const void* f, dim3 g, dim3 b, void** args, size_t, cudaStream_t) { ((MockKernel)f)(g, b, args); return 0; }
