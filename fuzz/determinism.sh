#!/bin/bash
# Reproducible output: compiles every file of kernels/ RUNS times (default 4) for each of
# OpenCL and vulkan1.3 at -O0 and -O2 and names each configuration whose outputs differ.
# usage: bash fuzz/determinism.sh CLC [RUNS]
tmp=$(mktemp -d); trap "rm -rf $tmp" EXIT
c=$1; runs=${2:-4}; n=0; bad=0
[ -x "$c" ] || { echo "usage: bash fuzz/determinism.sh CLC [RUNS]" >&2; exit 2; }
for f in $(dirname "$0")/../kernels/*/*.cl; do
  for t in "" "--target=vulkan1.3"; do
    for o in -O0 -O2; do
      $c $o $t -I$(dirname $f) $f -o $tmp/a.spv 2>/dev/null || continue
      n=$((n+1))
      for i in $(seq 2 $runs); do
        $c $o $t -I$(dirname $f) $f -o $tmp/b.spv 2>/dev/null
        if ! cmp -s $tmp/a.spv $tmp/b.spv; then bad=$((bad+1)); echo "NONDET $f $o $t"; break; fi
      done
    done
  done
done
echo "configs=$n nondeterministic=$bad"
[ "$bad" -eq 0 ]
