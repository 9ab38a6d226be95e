#!/usr/bin/env python3
"""Mutation fuzzing of the clc CLI: every mutated kernel must compile (exit 0) or be rejected
with diagnostics (exit 1); an internal error (70), a crash or a hang is a bug, and the input
is kept as fuzz/out/crashN.cl.

    python3 fuzz/mutate.py [ITERATIONS] [SEED]     (after `cargo build`; uses $CARGO_TARGET_DIR)
"""
import glob
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/clc-target"))
CLC = os.path.join(TARGET, "debug", "clc")
SNIPPETS = ["{", "}", "(", ")", ";", ".x", "*", "&", "[0]", "goto L;", "L:", "switch(1){", '"',
            "(float4)(1)", ".s01", "__local ", "__constant ", "static ", "-"]
SWAPS = [("int", "long"), ("float", "double"), ("global", "local"), ("+", "-"),
         ("float", "float4"), ("int", "uchar"), ("<", "<=")]


def mutate(src, rng):
    for _ in range(rng.randrange(1, 4)):
        op = rng.randrange(5)
        lines = src.split("\n")
        if op == 0 and len(lines) > 2:
            del lines[rng.randrange(len(lines))]
            src = "\n".join(lines)
        elif op == 1 and src:
            i = rng.randrange(len(src))
            src = src[:i] + src[i + rng.randrange(1, 20):]
        elif op == 2:
            lines.insert(rng.randrange(len(lines)), lines[rng.randrange(len(lines))])
            src = "\n".join(lines)
        elif op == 3 and src:
            i = rng.randrange(len(src))
            src = src[:i] + rng.choice(SNIPPETS) + src[i:]
        else:
            for a, b in SWAPS:
                if rng.random() < 0.2:
                    src = src.replace(a, b, 1)
    return src


def main():
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
    files = sorted(glob.glob(os.path.join(ROOT, "kernels/*/*.cl")) + glob.glob(os.path.join(ROOT, "tests/as/*.cl")))
    out = os.path.join(ROOT, "fuzz", "out")
    os.makedirs(out, exist_ok=True)
    work = os.path.join(out, "m.cl")
    bugs = 0
    for _ in range(iterations):
        with open(rng.choice(files)) as f:
            src = mutate(f.read(), rng)
        with open(work, "w") as f:
            f.write(src)
        for std in ("CL1.2", "CL2.0"):
            try:
                r = subprocess.run([CLC, f"-cl-std={std}", work, "-o", os.path.join(out, "m.spv")],
                                   capture_output=True, text=True, timeout=60)
                code, err = r.returncode, r.stderr
            except subprocess.TimeoutExpired:
                code, err = "timeout", ""
            if code not in (0, 1):
                bugs += 1
                with open(os.path.join(out, f"crash{bugs}.cl"), "w") as f:
                    f.write(src)
                print(f"crash{bugs}.cl ({std}): exit {code}\n{err[-400:]}")
    print(f"{iterations * 2 - bugs} passed, {bugs} failed")
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
