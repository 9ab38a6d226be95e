#!/usr/bin/env bash
# The compile-side benchmarks (BENCHMARKS.md, "Compile time and memory"), all in one run:
#
#   bash bench/compile/run.sh [OUT_DIR] [compile-bench options...]
#
# Builds clc (release: what `cargo install` gives users) and compile-bench twice: in the dev
# profile (the clc::Build figure a build script gets by default) and in release (the figure
# with `build-override` optimization). Unpacks the public corpus first (fuzz/corpus.py; needs
# its git mirrors). Leave the machine otherwise idle while it runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/env.sh
out=${1:-bench/results/compile-$(date -u +%Y-%m-%d)}
shift || true
python3 fuzz/corpus.py --materialise-only
cargo build --release -p clc -p compile-bench
cargo build -p compile-bench
clc="$CARGO_TARGET_DIR/release/clc"
"$CARGO_TARGET_DIR/release/compile-bench" --clc "$clc" --out "$out" "$@"
"$CARGO_TARGET_DIR/debug/compile-bench" build --clc "$clc" --out "$out/build-dev" "$@"
echo "results: $out/summary.md, $out/build-dev/summary.md"
