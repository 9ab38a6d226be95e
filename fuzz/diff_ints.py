#!/usr/bin/env python3
"""Differential random testing of integer expression lowering: generates kernels of random
expressions over every integer type (promotions, usual arithmetic conversions, signed
division and remainder, masked shifts, comparisons, ternaries, casts, vectors of int), runs
clc's module on the CPU driver with the same random inputs as clc-run's two references
(clang-22's module, and the source built by the runtime's own compiler), and requires clc to
agree with at least one of them; a reference that disagrees with clc and the other reference
is listed as a note. Expressions avoid undefined behaviour: signed + - * are computed in
unsigned types, divisions are guarded.

    python3 fuzz/diff_ints.py [KERNELS] [SEED] [--float]   (after `cargo build --workspace --bins`)

With --float the expressions are float + - *, rounding functions (floor, rint…),
fmin/fmax/copysign, comparisons and conversions, compared bit for bit (division and sqrt are
left out: OpenCL allows them 2.5 and 3 ulp, and the driver may compute them differently for
the two modules).
"""
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/clc-target"))
TYPES = ["char", "uchar", "short", "ushort", "int", "uint", "long", "ulong"]
UNSIGNED = {"char": "uchar", "short": "ushort", "int": "uint", "long": "ulong"}


def gen(rng, depth):
    if depth == 0 or rng.random() < 0.2:
        r = rng.random()
        if r < 0.6:
            t = rng.choice(TYPES)
            return f"(({t})v{rng.randrange(4)})"
        return str(rng.choice([0, 1, 2, 3, 7, 31, 32, 63, 64, 127, 128, 255, 65535, -1, -2, -128, 2147483647]))
    a, b = gen(rng, depth - 1), gen(rng, depth - 1)
    k = rng.randrange(11)
    if k == 0:
        t = rng.choice(TYPES)
        op = rng.choice("+-*")
        u = UNSIGNED.get(t, t)
        return f"(({t})(({u}){a} {op} ({u}){b}))"
    if k == 1:
        return f"({a} {rng.choice(['&', '|', '^'])} {b})"
    if k == 2:
        return f"({a} {rng.choice(['<<', '>>'])} {b})"
    if k == 3:
        t = rng.choice(["int", "long", "uint", "ulong"])
        op = rng.choice(["/", "%"])
        return f"(({t}){b} != 0 && !(({t}){b} == ({t})-1) ? ({t}){a} {op} ({t}){b} : ({t}){a})"
    if k == 4:
        return f"({a} {rng.choice(['<', '<=', '>', '>=', '==', '!='])} {b})"
    if k == 5:
        return f"({gen(rng, depth - 1)} ? {a} : {b})"
    if k == 6:
        return f"(({rng.choice(TYPES)}){a})"
    if k == 7:
        return f"(~{a})"
    if k == 8:
        return f"(!{a})"
    if k == 9:
        return f"({a} && {b})"
    return f"({a} || {b})"


# Only operations both modules must round identically: division and sqrt may be off by
# up to 2.5 and 3 ulp in OpenCL, and the driver vectorizes the two modules differently.
FLOAT_FNS = ["fabs", "floor", "ceil", "trunc", "round", "rint"]


def gen_float(rng, depth):
    if depth == 0 or rng.random() < 0.2:
        r = rng.random()
        if r < 0.5:
            return f"f{rng.randrange(4)}"
        if r < 0.7:
            return f"((float)v{rng.randrange(4)})"
        return rng.choice(["0.5f", "-1.25f", "3.0f", "1e-3f", "1e20f", "-0.0f", "2.0f"])
    a, b = gen_float(rng, depth - 1), gen_float(rng, depth - 1)
    k = rng.randrange(7)
    if k <= 1:
        return f"({a} {rng.choice('+-*')} {b})"
    if k == 2:
        return f"{rng.choice(FLOAT_FNS)}({a})"
    if k == 3:
        return f"{rng.choice(['fmin', 'fmax', 'copysign'])}({a}, {b})"
    if k == 4:
        return f"(({a}) {rng.choice(['<', '>=', '==', '!='])} ({b}) ? {a} : {b})"
    if k == 5:
        return f"((float)(int)clamp({a}, -1e9f, 1e9f))"
    return f"(-({a}))"


SWIZZLES = ["xyzw", "wzyx", "xxyy", "s3210", "zwxy", "yyyy", "s0123"]


def gen_vec(rng, depth):
    """An int4 expression."""
    if depth == 0 or rng.random() < 0.2:
        r = rng.random()
        if r < 0.4:
            return f"w{rng.randrange(2)}"
        if r < 0.6:
            return f"w{rng.randrange(2)}.{rng.choice(SWIZZLES)}"
        if r < 0.8:
            return f"(int4)(v{rng.randrange(4)})"
        return f"(int4)({', '.join(str(rng.randrange(-9, 9)) for _ in range(4))})"
    a, b = gen_vec(rng, depth - 1), gen_vec(rng, depth - 1)
    k = rng.randrange(9)
    if k == 0:
        return f"as_int4(as_uint4({a}) {rng.choice('+-*')} as_uint4({b}))"
    if k == 1:
        return f"({a} {rng.choice(['&', '|', '^', '<<', '>>'])} {b})"
    if k == 2:
        return f"({a} {rng.choice(['<', '>=', '==', '!='])} {b})"
    if k == 3:
        return f"({gen_vec(rng, depth - 1)} ? {a} : {b})"
    if k == 4:
        return f"(({a}).{rng.choice(SWIZZLES)})"
    if k == 5:
        return f"(int4)(({a}).xy, ({b}).zw)"
    if k == 6:
        fn = rng.choice(["min", "max", "abs_diff", "add_sat", "hadd", "rotate", "mul_hi"])
        return f"as_int4(abs_diff({a}, {b}))" if fn == "abs_diff" else f"{fn}({a}, {b})"
    if k == 7:
        # Signed-to-unsigned only: clang-22 saturates signed-to-signed conversions as if the
        # source were unsigned (convert_short4_sat(-2000000000) gives 32767), a clang bug.
        return f"convert_int4(convert_ushort4_sat({a}))"
    return f"(-({a}) + (~{b}))"


def kernel(rng, n_exprs):
    body = []
    for i in range(n_exprs):
        if VECTORS:
            body.append(f"    vstore4({gen_vec(rng, rng.randrange(2, 5))}, {n_exprs} * i + {i}, ov);")
        elif FLOATS:
            # Bits of the float result, so NaN payloads and signed zeros are compared too.
            body.append(f"    o[{n_exprs} * i + {i}] = as_uint({gen_float(rng, rng.randrange(2, 5))});")
        else:
            body.append(f"    o[{n_exprs} * i + {i}] = (ulong)({gen(rng, rng.randrange(2, 6))});")
    return (
        "// Generated by fuzz/diff_ints.py: random integer expressions.\n"
        # clang contracts a * b + c into fma by default (OpenCL allows it); clc does not.
        "#pragma OPENCL FP_CONTRACT OFF\n"
        "kernel void f(global const long *in, global ulong *o, global int *ov)\n{\n"
        "    size_t i = get_global_id(0);\n"
        "    long v0 = in[4 * i], v1 = in[4 * i + 1], v2 = in[4 * i + 2], v3 = in[4 * i + 3];\n"
        "    float f0 = (float)v0 / 65536.0f, f1 = (float)v1 / 1024.0f, f2 = (float)v2, f3 = (float)v3 * 0.375f;\n"
        "    int4 w0 = convert_int4(vload4(i, in)), w1 = (int4)((int)v2, (int)v3, (int)(v0 >> 32), (int)(v1 >> 40));\n"
        + "\n".join(body) + "\n}\n"
    )


def spec(n_exprs, seed):
    return f"""[[run]]
kernel = "f"
global = [16]
[[run.args]]
name = "in"
kind = "buffer"
type = "long"
fill = {{ seed = {seed}, min = -3000000000, max = 3000000000 }}
len = 64
[[run.args]]
name = "o"
kind = "buffer"
type = "ulong"
len = {16 * n_exprs}
output = true
[[run.args]]
name = "ov"
kind = "buffer"
type = "int"
len = {64 * n_exprs}
output = true
"""


FLOATS = "--float" in sys.argv
VECTORS = "--vector" in sys.argv


def main():
    args = [a for a in sys.argv[1:] if a not in ("--float", "--vector")]
    count = int(args[0]) if len(args) > 0 else 20
    seed = int(args[1]) if len(args) > 1 else 1
    rng = random.Random(seed)
    out = os.path.join(ROOT, "fuzz", "out", "vectors" if VECTORS else "floats" if FLOATS else "ints")
    os.makedirs(out, exist_ok=True)
    for k in range(count):
        n = 12
        with open(os.path.join(out, f"k{k}.cl"), "w") as f:
            f.write(kernel(rng, n))
        with open(os.path.join(out, f"k{k}.toml"), "w") as f:
            f.write(spec(n, seed * 1000 + k))
    r = subprocess.run([os.path.join(TARGET, "debug", "clc-run"), "--clc", os.path.join(TARGET, "debug", "clc"), out],
                       capture_output=True, text=True)
    lines = r.stdout.splitlines()
    failed = [l for l in lines if l.startswith("FAIL")]
    for l in failed:
        print(l[:200])
    # A note follows its run's line: name the kernel with it.
    launch = ""
    for l in lines:
        if not l.startswith(" "):
            launch = l.split(":")[0]
        elif l.strip().startswith("note:"):
            print(f"{launch}: {l.strip()[:200]}")
    print(r.stdout.strip().splitlines()[-1] if r.stdout.strip() else r.stderr[-2000:])
    return 1 if failed or r.returncode else 0


if __name__ == "__main__":
    sys.exit(main())
