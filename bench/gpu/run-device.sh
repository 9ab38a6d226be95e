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
# Environment: ROUNDS (7), BENCHES (comma list; all), CARRY (folder holding gpu-bench and
# what it needs; .bench-carry), GL (folder of loader .debs; .gl), CUBLAS (1: also cuBLAS).
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

# 2. Build the CUDA host.
log "building"
python3 "$HERE/tools/suite_h.py" "$HERE/suite.toml" >"$BUILD/suite_gen.h" || { log "suite_h.py failed"; exit 1; }
C="$HERE/cuda"
nvcc -O3 -arch=sm_90 -std=c++17 -Xptxas -v -I"$BUILD" -I"$C" -o "$BUILD/cuda-bench" \
    "$C/bench.cu" "$C/copy.cu" "$C/saxpy.cu" "$C/reduce.cu" "$C/transpose.cu" "$C/sgemm.cu" "$C/nbody.cu" \
    >"$OUT/build.log" 2>&1 || { cat "$OUT/build.log"; log "nvcc failed"; exit 1; }
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

# 4. Interleaved rounds.
FAIL=0
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
sleep 0.3
kill $SMI 2>/dev/null
wait $SMI 2>/dev/null

# 5. Summary.
python3 "$HERE/tools/summarize.py" "$OUT/results.jsonl" "$OUT/clocks.csv" >"$OUT/summary.txt" 2>&1
grep -v '^\[' "$OUT/stderr.log" | tail -20
cat "$OUT/summary.txt"
log "done (failures: $FAIL)"
exit $FAIL
