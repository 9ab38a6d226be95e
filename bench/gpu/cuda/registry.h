// Kernels register themselves by name, so that bench.cu can launch what suite.toml names.
#pragma once
#include <vector>

struct KernelEntry {
    const char* name;
    const void* fn;  // the __global__ function, for cudaLaunchKernel
};

std::vector<KernelEntry>& kernel_registry();

struct KernelRegistrar {
    KernelRegistrar(const char* name, const void* fn) { kernel_registry().push_back({name, fn}); }
};

#define REGISTER_KERNEL(k) static KernelRegistrar registrar_##k(#k, (const void*)&k)
