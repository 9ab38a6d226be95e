// The C ABI of clc's optimizer shims, for `shim.rs`: `optimizer.cpp` (over an installed
// SPIRV-Tools' public `Optimizer`) and `vendored_optimizer.cpp` (over the vendored sources'
// `PassManager`) both define `clc_spv_optimize`.
#ifndef CLC_SPVTOOLS_OPTIMIZER_ABI_H_
#define CLC_SPVTOOLS_OPTIMIZER_ABI_H_

#include <spirv-tools/libspirv.h>

#include <cstddef>
#include <cstdint>

extern "C" {

typedef void (*clc_spv_message_fn)(void* ctx, const char* message);
typedef void (*clc_spv_words_fn)(void* ctx, const uint32_t* words, size_t count);

// Runs the passes named by `flags` (spirv-opt's, such as "--ssa-rewrite") over `words` with
// `options`, without validating them first (clc has). Each message of the optimizer goes to
// `message`; the optimized module goes to `result`, whose words live only during that call.
// Returns 0 on success, 1 if a flag names no pass, 2 if the optimizer failed (its messages
// say why).
int clc_spv_optimize(spv_target_env env, const char* const* flags, size_t flag_count,
                     const uint32_t* words, size_t word_count, spv_optimizer_options options,
                     clc_spv_message_fn message, void* message_ctx, clc_spv_words_fn result,
                     void* result_ctx);

}  // extern "C"

#endif  // CLC_SPVTOOLS_OPTIMIZER_ABI_H_
