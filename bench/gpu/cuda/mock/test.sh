#!/usr/bin/env bash
# Host-logic test of cuda/bench.cu without a GPU or nvcc: g++ builds bench.cu against a CPU
# mock of the CUDA runtime (cuda_runtime.h here) with plain CPU stand-ins for the kernels
# (mock_kernels.cpp), on the suite's `small` sizes (tools/suite_h.py --small). Checks fills,
# argument marshalling, dispatch loops, verification, digests, timing loop and JSON, and
# that tools/summarize.py reads the lines; says nothing about the CUDA kernels.
# With VULKAN_JSONL=FILE (gpu-bench --small lines), also cross-checks the mock's outputs
# against Vulkan's with summarize.py --suite (the mock impl is relabelled "cuda").
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
W=$(mktemp -d)
python3 "$HERE/../../tools/suite_h.py" --small "$HERE/../../suite.toml" >"$W/suite_gen.h"
g++ -O2 -std=c++17 -x c++ -I"$HERE" -I"$W" -I"$HERE/.." -o "$W/mock-bench" "$HERE/../bench.cu" -x none "$HERE/mock_kernels.cpp" -lpthread
"$W/mock-bench" --rounds 3 --round-index 0 >"$W/r.jsonl"
cut -c1-200 "$W/r.jsonl"
python3 "$HERE/../../tools/summarize.py" "$W/r.jsonl"
n=$(grep -c '"verified":true' "$W/r.jsonl")
total=$("$W/mock-bench" --list | wc -l)
echo "verified: $n of $total"
[ "$n" = "$total" ] || { echo "FAIL: not every benchmark verified"; exit 1; }
if [ -n "${VULKAN_JSONL:-}" ]; then
    cat "$W/r.jsonl" "$VULKAN_JSONL" >"$W/both.jsonl"
    python3 "$HERE/../../tools/summarize.py" --suite "$HERE/../../suite.toml" "$W/both.jsonl"
fi
# an unwritten element must fail verification (and the exit status)
if MOCK_BREAK=1 "$W/mock-bench" --bench copy_float --rounds 1 >/dev/null 2>"$W/err"; then
    echo "FAIL: an unwritten element passed verification"; exit 1
fi
grep -q "VERIFY FAILED" "$W/err" && echo "ok: poison caught: $(grep VERIFY "$W/err")"
rm -rf "$W"
