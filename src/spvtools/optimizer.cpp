// The one call clc makes into SPIRV-Tools' optimizer, behind the C ABI of optimizer_abi.h for `shim.rs`: the
// SPIRV-Tools of Debian bookworm (2023.1) offers its optimizer only as a C++ class.
// Built by build.rs with the feature `system-spirv-tools`.

#include "optimizer_abi.h"

#include <spirv-tools/optimizer.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" {

int clc_spv_optimize(spv_target_env env, const char* const* flags, size_t flag_count,
                     const uint32_t* words, size_t word_count, spv_optimizer_options options,
                     clc_spv_message_fn message, void* message_ctx, clc_spv_words_fn result,
                     void* result_ctx) {
  spvtools::Optimizer optimizer(env);
  optimizer.SetMessageConsumer([message, message_ctx](spv_message_level_t, const char*,
                                                      const spv_position_t&, const char* text) {
    message(message_ctx, text);
  });
  for (size_t i = 0; i < flag_count; ++i) {
    if (!optimizer.RegisterPassFromFlag(flags[i])) {
      return 1;
    }
  }
  std::vector<uint32_t> out;
  if (!optimizer.Run(words, word_count, &out, options)) {
    return 2;
  }
  result(result_ctx, out.data(), out.size());
  return 0;
}

}  // extern "C"
