#!/usr/bin/env bash
# The whole test suite: set the machine up, then every test of every workspace crate
# (unit tests, address-space rule tests, CLI tests, and the sample kernels run on the
# CPU OpenCL driver and compared with clang-22's SPIR-V).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
. scripts/env.sh
exec cargo test --workspace "$@"
