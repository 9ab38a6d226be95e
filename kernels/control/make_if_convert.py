#!/usr/bin/env python3
"""Writes if_convert.toml: inputs and exact expected outputs of if_convert.cl. The floats
are multiples of 0.25 (sums exact in float32), with NaNs, infinities and ties."""
import math
import random
import struct

ITEMS = 8
rng = random.Random(1127)
specials = [float("nan"), float("inf"), float("-inf"), 0.0, -0.0]
x = [rng.choice(specials) if rng.random() < 0.2 else rng.randint(-40, 40) / 4 for _ in range(16 * ITEMS)]
v = [rng.randint(-30, 30) for _ in range(16 * ITEMS)]
# Ties: repeat earlier values in some rows.
for g in range(0, ITEMS, 2):
    x[g * 16 + 9] = x[g * 16 + 3]
    v[g * 16 + 12] = v[g * 16 + 5]


def f32_bits(f):
    return struct.unpack("<i", struct.pack("<f", f))[0]


def item(g):
    r, s = x[g * 16:g * 16 + 16], v[g * 16:g * 16 + 16]
    best, at = math.inf, -1
    for i, f in enumerate(r):
        if f < best:
            best, at = f, i
    hi, hat, acc = -2**31, -1, 0
    for i, y in enumerate(s):
        if y >= hi:
            hi, hat = y, i
        t = y * 3 + 1 if y > 10 else y - 7
        if t & 1:
            acc += t if t > 0 else -t
    any_nan, unordered, total = 0, 0, 0.0
    for f in r:
        if math.isnan(f):
            any_nan = 1
        if not (f <= 0.0):
            unordered += 1
        c = min(f, 8.0) if f > 1.0 else f
        if not math.isnan(c) and not math.isinf(c):
            total += c
    return [at, hi, hat, acc, any_nan, unordered, int(total * 4), f32_bits(best)]


def fmt(f):
    if math.isnan(f):
        return "nan"
    if math.isinf(f):
        return "inf" if f > 0 else "-inf"
    return repr(float(f))


def rows(values, per=16, show=str):
    return "\n".join("  " + ", ".join(show(a) for a in values[k:k + per]) + ","
                     for k in range(0, len(values), per))


out = [o for g in range(ITEMS) for o in item(g)]
print(f"""# If-conversion (see if_convert.cl). Written by make_if_convert.py: do not edit by hand.

[[run]]
kernel = "if_convert"
global = [{ITEMS}]

[[run.args]]
name = "x"
kind = "buffer"
type = "float"
data = [
{rows(x, show=fmt)}
]

[[run.args]]
name = "v"
kind = "buffer"
type = "int"
data = [
{rows(v)}
]

[[run.args]]
name = "out"
kind = "buffer"
type = "int"
len = {len(out)}
expect = [
{rows(out, 8)}
]
""", end="")
