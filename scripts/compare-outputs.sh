#!/usr/bin/env bash
# Compares two clc binaries' output on a list of OpenCL C files: each file compiled for the
# OpenCL target and for vulkan1.2 (with -cl-std=CL2.0), comparing the module bytes, the
# diagnostics and the exit code. For changes meant to leave the output alone (TESTING.md).
#
#   bash scripts/compare-outputs.sh OLD_CLC NEW_CLC FILE_LIST
#
# Prints each configuration that differs, then the counts; exits 1 when any differs.
set -uo pipefail
old=$1 new=$2 list=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 d=0
while IFS= read -r f; do
    for t in "" "--target=vulkan1.2"; do
        n=$((n + 1))
        "$old" $t -cl-std=CL2.0 "$f" -o "$tmp/a.spv" >"$tmp/a.err" 2>&1
        ra=$?
        "$new" $t -cl-std=CL2.0 "$f" -o "$tmp/b.spv" >"$tmp/b.err" 2>&1
        rb=$?
        if [ "$ra" != "$rb" ] || ! cmp -s "$tmp/a.err" "$tmp/b.err" ||
            { [ "$ra" = 0 ] && ! cmp -s "$tmp/a.spv" "$tmp/b.spv"; }; then
            d=$((d + 1))
            echo "differs: ${t:-opencl} $f (exit $ra / $rb)"
        fi
        rm -f "$tmp/a.spv" "$tmp/b.spv"
    done
done <"$list"
echo "$n configurations, $d differ"
[ "$d" = 0 ]
