#!/usr/bin/env python3
"""Writes strength_reduction.toml: inputs and the exact expected outputs of
strength_reduction.cl (32-bit int/uint and 64-bit long arithmetic modelled with masks)."""
import random

N, STRIDE, STEP, BIG, ITEMS = 20, 3, 2, 0x9E3779B1, 16
rng = random.Random(20261127)
a = [rng.randint(-100, 100) for _ in range(128)]


def s32(x):
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x >> 31 else x


def s64(x):
    x &= (1 << 64) - 1
    return x - (1 << 64) if x >> 63 else x


def clamp(x, lo, hi):
    return max(lo, min(x, hi))


def item(g):
    o = []
    o.append(s32(sum(a[f * STRIDE + g] for f in range(N))))
    acc, i = 0, N - 1
    while i >= 0:
        acc = s32(acc + a[i * 3 + 1] * (i + 1))
        i -= STEP
    o.append(acc)
    u = 0
    for i in range(8):
        u ^= ((i << 4) + g) & 0xFFFFFFFF
    o.append(s32(u))
    o.append(s32(sum(-i * STRIDE + g for i in range(10))))
    u, i = 0, 0xFFFFFFF0
    for _ in range(10):
        u = (u + i * 0x9E3779B1 + g) & 0xFFFFFFFF
        i = (i + 3) & 0xFFFFFFFF
    o.append(s32(u))
    acc, last = 0, 0
    for dy in range(-2, 3):
        yy = clamp(g // 4 + dy, 0, 3)
        for dx in range(-2, 3):
            last = (dy + 2) * 5 + dx + 2
            xx = clamp(g % 4 + dx, 0, 3)
            acc = s32(acc + a[yy * 4 + xx] * (last + 1))
    o += [acc, last]
    l = 0
    for i in range(N):
        l = s64(l + a[(i * 5 + g) % 64] * (i * BIG + g))
    o.append(s32(l ^ (l >> 32)))
    acc, i = 0, 0
    while i < N:
        i += 1
        acc += a[(i * 7 + g) & 63]
    o.append(s32(acc))
    acc, j = 0, N
    for i in range(N):
        acc += a[(i * 2 + j * 3) & 63] - j
        j -= 1
    o.append(s32(acc))
    acc, e, i = 0, 0, g
    while i < 40:
        e = i * STRIDE - 5
        acc += e
        i += STEP
    o += [s32(acc), s32(e)]
    return o


def rows(values, per=12):
    return "\n".join("  " + ", ".join(str(v) for v in values[k:k + per]) + ","
                     for k in range(0, len(values), per))


out = [v for g in range(ITEMS) for v in item(g)]
print(f"""# Loop strength reduction (see strength_reduction.cl). Written by
# make_strength_reduction.py: do not edit by hand.
reference_broken = "clang-22 writes the loop-exit test of case 8 (i++ before the body) as OpIAddCarry, which the runtime does not implement: clBuildProgram fails with 'Unimplemented opcode 149'"

[[run]]
kernel = "strength_reduction"
global = [{ITEMS}]

[[run.args]]
name = "a"
kind = "buffer"
type = "int"
data = [
{rows(a, 16)}
]

[[run.args]]
name = "out"
kind = "buffer"
type = "int"
len = {len(out)}
expect = [
{rows(out)}
]

[[run.args]]
name = "n"
kind = "scalar"
type = "int"
value = {N}

[[run.args]]
name = "stride"
kind = "scalar"
type = "int"
value = {STRIDE}

[[run.args]]
name = "step"
kind = "scalar"
type = "int"
value = {STEP}

[[run.args]]
name = "big"
kind = "scalar"
type = "uint"
value = {BIG}
""", end="")
