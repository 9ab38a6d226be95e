#!/usr/bin/env bash
# Runs the CPU benchmark suite (bench/cpu/suite.toml): clc's SPIR-V beside clang-22's on
# Intel's CPU OpenCL runtime, from any directory.
#
#   bash bench/cpu/run.sh [--release] [cpu-bench options]
#
# --release benchmarks the release build of clc (default: the debug build, the one
# scripts/run-samples.sh builds). The rest goes to cpu-bench: --tiny, --rounds N, --builds N,
# --only NAME,..., --json FILE, --markdown FILE, --keep-modules DIR (src/main.rs).
# The runtime is taken from $CLC_OCL_PREFIX (default /opt/clc/intel-ocl, where
# scripts/setup.sh installs it).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
prefix=${CLC_OCL_PREFIX:-/opt/clc/intel-ocl}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/clc-target}

profile=debug
clc_flags=()
if [ "${1:-}" = --release ]; then
    profile=release
    clc_flags=(--release)
    shift
fi

if [ ! -d "$prefix/vendors" ] || [ ! -d "$prefix/lib" ]; then
    echo "run.sh: no Intel CPU OpenCL runtime under $prefix (scripts/setup.sh installs it; CLC_OCL_PREFIX points elsewhere)" >&2
    exit 1
fi
if ! command -v clang-22 >/dev/null; then
    echo "run.sh: clang-22 not found; it is the reference compiler (scripts/setup.sh installs it)" >&2
    exit 1
fi

cd "$root"
cargo build "${clc_flags[@]}" --bin clc
# The host fills and checks hundreds of MB per run: always an optimized build.
cargo build --release -p cpu-bench

export OCL_ICD_VENDORS="$prefix/vendors"
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
rev=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
if ! git diff --quiet HEAD 2>/dev/null; then
    rev="$rev-dirty"
fi
exec "$CARGO_TARGET_DIR/release/cpu-bench" --clc "$CARGO_TARGET_DIR/$profile/clc" --clc-rev "$rev" "$@"
