#!/usr/bin/env bash
# Host-logic test of cuda/bench.cu without a GPU or nvcc: g++ builds bench.cu against a CPU
# mock of the CUDA runtime (cuda_runtime.h here) with plain CPU stand-ins for the kernels
# (mock_kernels.cpp), on a shrunken copy of the suite (shrink.py). Checks fills, argument
# marshalling, verification, timing loop and JSON; says nothing about the CUDA kernels.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
W=$(mktemp -d)
python3 "$HERE/shrink.py" "$HERE/../../suite.toml" >"$W/small.toml"
python3 "$HERE/../../tools/suite_h.py" "$W/small.toml" >"$W/suite_gen.h"
g++ -O2 -std=c++17 -x c++ -I"$HERE" -I"$W" -I"$HERE/.." -o "$W/mock-bench" "$HERE/../bench.cu" -x none "$HERE/mock_kernels.cpp" -lpthread
"$W/mock-bench" --rounds 3 --round-index 0 | tee "$W/r.jsonl"
python3 "$HERE/../../tools/summarize.py" "$W/r.jsonl"
# an unwritten element must fail verification (and the exit status)
if MOCK_BREAK=1 "$W/mock-bench" --bench copy_float --rounds 1 >/dev/null 2>"$W/err"; then
    echo "FAIL: an unwritten element passed verification"; exit 1
fi
grep -q "VERIFY FAILED" "$W/err" && echo "ok: poison caught: $(cat "$W/err" | grep VERIFY)"
rm -rf "$W"
