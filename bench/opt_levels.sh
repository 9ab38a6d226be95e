#!/usr/bin/env bash
# Module size and driver time of the sample kernels at -O0 and -O2.
#
#   bash bench/opt_levels.sh [LEVEL...]      (default: -O0 -O2)
#
# For each level: compiles every kernels/**/*.cl with its .toml's -cl-std and options,
# checks each module with spirv-val, sums the module sizes, then runs the whole suite on the
# CPU OpenCL driver through clc-run (clc's modules only, every launch checked against the
# expected values) and reports the wall time: the driver's build of each program (its JIT)
# plus the launches, which is what a module's optimization level can change here.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/env.sh
cargo build -q --bin clc
cargo build -q -p clc-runner --bin clc-run
clc="$CARGO_TARGET_DIR/debug/clc"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
levels=("${@:--O0}")
[ $# -eq 0 ] && levels=(-O0 -O2)
printf '| level | modules | total size | largest | passed runs | driver wall time |\n|---|---|---|---|---|---|\n'
for level in "${levels[@]}"; do
    out="$tmp/$level"
    mkdir -p "$out"
    python3 - "$clc" "$out" "$level" <<'PY'
import glob, subprocess, sys, tomllib
clc, out, level = sys.argv[1:]
for t in sorted(glob.glob("kernels/**/*.toml", recursive=True)):
    spec = tomllib.load(open(t, "rb"))
    name = t[len("kernels/"):-len(".toml")].replace("/", "_")
    args = [clc, level, f"-cl-std={spec.get('cl_std', 'CL1.2')}", *spec.get("options", []),
            t[:-len(".toml")] + ".cl", "-o", f"{out}/{name}.spv"]
    subprocess.run(args, check=True)
    # Validated in-process already; spirv-val is an independent second opinion.
    env = "opencl1.2" if spec.get("cl_std", "CL1.2") == "CL1.2" else "opencl2.0"
    r = subprocess.run(["spirv-val", "--target-env", env, f"{out}/{name}.spv"], capture_output=True)
    if r.returncode:
        # Extensions (64-bit atomics, fp16) are validated under the universal rules.
        subprocess.run(["spirv-val", "--target-env", "spv1.0", f"{out}/{name}.spv"], check=True)
PY
    count=$(ls "$out" | wc -l)
    total=$(cat "$out"/*.spv | wc -c)
    largest=$(ls -S "$out" | head -1)
    largest_size=$(stat -c %s "$out/$largest")
    printf '#!/bin/sh\nexec "%s" %s "$@"\n' "$clc" "$level" > "$tmp/clc$level"
    chmod +x "$tmp/clc$level"
    start=$(date +%s.%N)
    summary=$("$CARGO_TARGET_DIR/debug/clc-run" --clc "$tmp/clc$level" --no-reference kernels | tail -1)
    end=$(date +%s.%N)
    printf '| %s | %s | %s bytes | %s (%s bytes) | %s | %.1f s |\n' "$level" "$count" "$total" \
        "${largest%.spv}" "$largest_size" "$summary" "$(echo "$end - $start" | bc)"
done
