#!/usr/bin/env bash
# Runs the GPU benchmark suite ON the device machine (see README.md): unpacks the carried
# Vulkan loader .debs, builds the CUDA host with nvcc -O3 -arch=sm_90, logs clocks with
# nvidia-smi every 100 ms, and runs ROUNDS rounds, each one CUDA process and then, when a
# Vulkan host `gpu-bench` is in the carried folder, one Vulkan process, every process running
# the selected benchmarks once (one timed sample each). Then the cuBLAS reference line, then a
# summary. Everything lands in $OUT:
#   results.jsonl  every JSON line, in the order run     clocks.csv   nvidia-smi's log
#   summary.txt    tools/summarize.py's table             gpu.txt      device, driver, clocks
#   build.log      nvcc's output (registers, spills)      stderr.log   the hosts' stderr
#
# Run from the repository root of the copy on the device:
#   bash bench/gpu/run-device.sh        (or a carried copy: bash .bench-carry/gpu/run-device.sh)
# Environment: O0 (1: also the -O0 modules, see 4b), SASS (1: cuda-sass.txt.gz), ROUNDS (7), BENCHES (comma list; all), CARRY (folder holding gpu-bench and
# what it needs; .bench-carry), GL (folder of loader .debs; .gl), CUBLAS (1: also cuBLAS),
# SMALL (1: first every benchmark once at the small sizes on both hosts, cross-checked:
# small.jsonl, small-summary.txt).
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${OUT:-/tmp/gpu-bench-out}
ROUNDS=${ROUNDS:-7}
BENCHES=${BENCHES:-}
CARRY=${CARRY:-.bench-carry}
GL=${GL:-.gl}
CUBLAS=${CUBLAS:-1}
BUILD=/tmp/gpu-bench-build
mkdir -p "$OUT" "$BUILD"
T0=$(date +%s)
log() { echo "[run-device $(($(date +%s) - T0))s] $*"; }

# 1. Vulkan loader (the machine starts without one); harmless when only CUDA runs.
if ls "$GL"/*.deb >/dev/null 2>&1; then
    for f in "$GL"/*.deb; do dpkg -x "$f" /; done
    ldconfig
fi
export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json

{
    nvidia-smi
    nvidia-smi -q -d CLOCK,PERFORMANCE,POWER
    nvcc --version
    uname -a
} >"$OUT/gpu.txt" 2>&1

# 2. Build the CUDA host: every .cu compiled in parallel, then linked (and, with SMALL=1, a
#    second host at the suite's small sizes, sharing the kernels).
log "building"
python3 "$HERE/tools/suite_h.py" "$HERE/suite.toml" >"$BUILD/suite_gen.h" || { log "suite_h.py failed"; exit 1; }
C="$HERE/cuda"
NVCC=(nvcc -O3 -arch=sm_90 -std=c++17 -Xptxas -v -I"$BUILD" -I"$C")
OBJS=()
: >"$OUT/build.log"
for f in "$C"/*.cu; do
    b=$(basename "$f" .cu)
    [ "$b" = cublas_ref ] && continue
    OBJS+=("$BUILD/$b.o")
    ("${NVCC[@]}" -c "$f" -o "$BUILD/$b.o" >"$BUILD/$b.log" 2>&1 || echo "FAILED $b" >>"$BUILD/$b.log") &
done
wait
cat "$BUILD"/*.log >>"$OUT/build.log"
grep -q FAILED "$OUT/build.log" && { cat "$OUT/build.log"; log "nvcc failed"; exit 1; }
nvcc -arch=sm_90 -o "$BUILD/cuda-bench" "${OBJS[@]}" >>"$OUT/build.log" 2>&1 || { log "link failed"; exit 1; }
if [ "${SMALL:-0}" = 1 ]; then
    mkdir -p "$BUILD/small"
    python3 "$HERE/tools/suite_h.py" --small "$HERE/suite.toml" >"$BUILD/small/suite_gen.h"
    nvcc -O3 -arch=sm_90 -std=c++17 -I"$BUILD/small" -I"$C" -c "$C/bench.cu" -o "$BUILD/small/bench.o" >>"$OUT/build.log" 2>&1 &&
        nvcc -arch=sm_90 -o "$BUILD/cuda-bench-small" "$BUILD/small/bench.o" $(printf '%s\n' "${OBJS[@]}" | grep -v '/bench.o$') \
            >>"$OUT/build.log" 2>&1 || { log "small build failed"; exit 1; }
fi
HAVE_CUBLAS=0
if [ "$CUBLAS" = 1 ]; then
    if nvcc -O3 -arch=sm_90 -std=c++17 -I"$BUILD" -I"$C" -o "$BUILD/cublas-ref" "$C/cublas_ref.cu" -lcublas \
        >>"$OUT/build.log" 2>&1; then
        HAVE_CUBLAS=1
    else
        log "cublas-ref did not build (see build.log); no cuBLAS line"
    fi
fi
log "built"

VK=""
if [ -x "$CARRY/gpu-bench" ]; then
    VK="$CARRY/gpu-bench"
    command -v vulkaninfo >/dev/null && vulkaninfo --summary >>"$OUT/gpu.txt" 2>&1
    log "Vulkan host: $VK"
else
    log "no $CARRY/gpu-bench: CUDA only"
fi

SEL=()
[ -n "$BENCHES" ] && SEL=(--bench "$BENCHES")

# 3. Clock log, every 100 ms, for the whole run.
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw --format=csv -lms 100 >"$OUT/clocks.csv" 2>&1 &
SMI=$!
trap 'kill $SMI 2>/dev/null' EXIT

FAIL=0
# 3b. SMALL=1: every benchmark once at the small sizes on both hosts, cross-checked.
if [ "${SMALL:-0}" = 1 ]; then
    log "small sizes"
    "$BUILD/cuda-bench-small" ${SEL[@]+"${SEL[@]}"} --rounds 1 --round-index 0 >"$OUT/small.jsonl" 2>>"$OUT/stderr.log" || FAIL=1
    [ -n "$VK" ] && { BENCH_CARRY="$CARRY" "$VK" --suite "$HERE/suite.toml" --small ${SEL[@]+"${SEL[@]}"} --rounds 1 \
        --round-index 0 >>"$OUT/small.jsonl" 2>>"$OUT/stderr.log" || FAIL=1; }
    python3 "$HERE/tools/summarize.py" --suite "$HERE/suite.toml" "$OUT/small.jsonl" >"$OUT/small-summary.txt" 2>&1 || FAIL=1
    grep -E "FAIL|geometric" "$OUT/small-summary.txt"
fi

# 4. Interleaved rounds.
for r in $(seq 1 "$ROUNDS"); do
    log "round $r: cuda"
    "$BUILD/cuda-bench" ${SEL[@]+"${SEL[@]}"} --rounds 1 --round-index "$r" >>"$OUT/results.jsonl" 2>>"$OUT/stderr.log" || FAIL=1
    if [ -n "$VK" ]; then
        log "round $r: vulkan"
        BENCH_CARRY="$CARRY" "$VK" --suite "$HERE/suite.toml" ${SEL[@]+"${SEL[@]}"} --rounds 1 --round-index "$r" \
            >>"$OUT/results.jsonl" 2>>"$OUT/stderr.log" || FAIL=1
    fi
done
if [ "$HAVE_CUBLAS" = 1 ]; then
    log "cublas"
    "$BUILD/cublas-ref" --rounds "$ROUNDS" >>"$OUT/results.jsonl" 2>>"$OUT/stderr.log" || log "cublas-ref failed"
fi
# 4b. O0=1: the Vulkan host once more with the modules compiled without spirv-opt
#     ($CARRY/spv-O0), 3 samples in one process: vulkan-O0.jsonl.
if [ "${O0:-0}" = 1 ] && [ -n "$VK" ] && [ -d "$CARRY/spv-O0" ]; then
    log "vulkan -O0"
    "$VK" --suite "$HERE/suite.toml" --spv-dir "$CARRY/spv-O0" ${SEL[@]+"${SEL[@]}"} --rounds 3 --round-index 0 \
        >"$OUT/vulkan-O0.jsonl" 2>>"$OUT/stderr.log" || log "vulkan -O0 failed"
fi
sleep 0.3
kill $SMI 2>/dev/null
wait $SMI 2>/dev/null

# 5. Summary.
python3 "$HERE/tools/summarize.py" --suite "$HERE/suite.toml" "$OUT/results.jsonl" "$OUT/clocks.csv" \
    >"$OUT/summary.txt" 2>&1 || { log "summary: a check or cross-check failed"; FAIL=1; }
# SASS=1: the CUDA kernels' machine code (cuda-sass.txt.gz).
[ "${SASS:-0}" = 1 ] && cuobjdump -sass "$BUILD/cuda-bench" | gzip >"$OUT/cuda-sass.txt.gz"
grep -v '^\[' "$OUT/stderr.log" | tail -20
cat "$OUT/summary.txt"
log "done (failures: $FAIL)"
exit $FAIL
