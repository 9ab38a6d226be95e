#!/usr/bin/env bash
# The main job: set the machine up, build clc, compile every sample kernel in kernels/ to
# SPIR-V (validated in-process), run it on Intel's CPU OpenCL driver, and print what it
# computed and whether it matched the expected values and clang-22's own SPIR-V. Then the
# same kernels through the Vulkan target on lavapipe (or the device $CLC_VK_DEVICE names),
# listing by name, with the reason, each kernel the Vulkan target does not take yet.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
cargo build --workspace --bins
run="$CARGO_TARGET_DIR/debug/clc-run"
clc="$CARGO_TARGET_DIR/debug/clc"
status=0
echo "== OpenCL target, Intel CPU runtime"
"$run" --clc "$clc" "${@:-kernels}" || status=1
echo "== Vulkan target (--target=vulkan1.2), ${CLC_VK_DEVICE:-llvmpipe}"
CLC_VK_DEVICE=${CLC_VK_DEVICE:-llvmpipe} "$run" --vulkan --clc "$clc" "${@:-kernels}" || status=1
exit $status
