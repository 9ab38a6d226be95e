// The one call clc makes into SPIRV-Tools' optimizer, for the vendored build: the same C ABI
// as optimizer.cpp (which serves an installed SPIRV-Tools through its public `Optimizer`),
// but built on the optimizer's internals, so that only the six passes clc runs, and what they
// use, are compiled and linked. `spvtools::Optimizer` names every pass SPIRV-Tools has
// (`RegisterPassFromFlag`), which would pull all of them into the build.
// Built by build.rs with the feature `vendored-spirv-tools`.

#include "optimizer_abi.h"

#include "source/opt/block_merge_pass.h"
#include "source/opt/build_module.h"
#include "source/opt/ccp_pass.h"
#include "source/opt/dead_branch_elim_pass.h"
#include "source/opt/eliminate_dead_constant_pass.h"
#include "source/opt/ir_context.h"
#include "source/opt/pass_manager.h"
#include "source/opt/redundancy_elimination.h"
#include "source/opt/ssa_rewrite_pass.h"
#include "source/spirv_optimizer_options.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace {

// The pass a spirv-opt flag names, among those clc runs; null for any other flag.
std::unique_ptr<spvtools::opt::Pass> pass_for_flag(const char* flag) {
  using namespace spvtools::opt;
  if (std::strcmp(flag, "--ssa-rewrite") == 0) return std::make_unique<SSARewritePass>();
  if (std::strcmp(flag, "--ccp") == 0) return std::make_unique<CCPPass>();
  if (std::strcmp(flag, "--eliminate-dead-branches") == 0)
    return std::make_unique<DeadBranchElimPass>();
  if (std::strcmp(flag, "--merge-blocks") == 0) return std::make_unique<BlockMergePass>();
  if (std::strcmp(flag, "--redundancy-elimination") == 0)
    return std::make_unique<RedundancyEliminationPass>();
  if (std::strcmp(flag, "--eliminate-dead-const") == 0)
    return std::make_unique<EliminateDeadConstantPass>();
  return nullptr;
}

}  // namespace

extern "C" {

// optimizer_abi.h says what it does; a flag naming a pass clc does not run returns 1.
int clc_spv_optimize(spv_target_env env, const char* const* flags, size_t flag_count,
                     const uint32_t* words, size_t word_count, spv_optimizer_options options,
                     clc_spv_message_fn message, void* message_ctx, clc_spv_words_fn result,
                     void* result_ctx) {
  spvtools::MessageConsumer consumer = [message, message_ctx](spv_message_level_t, const char*,
                                                              const spv_position_t&,
                                                              const char* text) {
    message(message_ctx, text);
  };
  spvtools::opt::PassManager manager;
  manager.SetMessageConsumer(consumer);
  for (size_t i = 0; i < flag_count; ++i) {
    std::unique_ptr<spvtools::opt::Pass> pass = pass_for_flag(flags[i]);
    if (!pass) return 1;
    manager.AddPass(std::move(pass));
  }
  std::unique_ptr<spvtools::opt::IRContext> context =
      spvtools::BuildModule(env, consumer, words, word_count);
  if (!context) return 2;
  context->set_max_id_bound(options->max_id_bound_);
  context->set_preserve_bindings(options->preserve_bindings_);
  context->set_preserve_spec_constants(options->preserve_spec_constants_);
  manager.SetValidatorOptions(&options->val_options_);
  manager.SetTargetEnv(env);
  if (manager.Run(context.get()) == spvtools::opt::Pass::Status::Failure) return 2;
  std::vector<uint32_t> out;
  context->module()->ToBinary(&out, /* skip_nop = */ true);
  result(result_ctx, out.data(), out.size());
  return 0;
}

}  // extern "C"
