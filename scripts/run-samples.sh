#!/usr/bin/env bash
# The main job: set the machine up, build clc, compile every sample kernel in kernels/ to
# SPIR-V (validated in-process), run it on Intel's CPU OpenCL driver, and print what it
# computed and whether it matched the expected values and clang-22's own SPIR-V.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
cargo build --workspace --bins
exec "$CARGO_TARGET_DIR/debug/clc-run" --clc "$CARGO_TARGET_DIR/debug/clc" "${@:-kernels}"
