#!/usr/bin/env python3
"""Writes rounding.toml: inputs for rounding.cl and the bits that exact rational rounding
gives for each explicit rounding mode (run from anywhere: python3 kernels/builtins/make_rounding.py).

Covers what the Vulkan target computes without FPRoundingMode: integer -> float and
double -> float conversions with _rte/_rtz/_rtp/_rtn, and float/double -> half stores
(vstore_half_r). Inputs are boundaries (INT_MIN, 2^24 + 1 ties, LONG_MAX, ULONG_MAX, FLT_MAX
and the halfway points around it, half's largest value, its subnormals) and random values
with many significant bits; results that would be float subnormals are avoided (OpenCL
lets a device flush them)."""
import math
import os
import random
import struct
from fractions import Fraction

rng = random.Random(2026)
N = 64
MODES = ["rte", "rtz", "rtp", "rtn"]


def rnd(x, p, emin, emax, mode):
    """x (a Fraction, or +-inf) rounded to a binary format with p significand bits."""
    if isinstance(x, float) and math.isinf(x):
        return x
    if x == 0:
        return 0.0
    s = -1 if x < 0 else 1
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    q = max(e, emin) - (p - 1)
    ulp = Fraction(2) ** q
    n = a / ulp
    fl = n.numerator // n.denominator
    rem = n - fl
    if mode == "rte":
        up = rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1)
    elif mode == "rtz":
        up = False
    elif mode == "rtp":
        up = rem > 0 and s > 0
    else:
        up = rem > 0 and s < 0
    r = (fl + up) * ulp
    big = Fraction(2) ** (emax + 1)
    if r >= big:
        away = mode == "rte" or (mode == "rtp" and s > 0) or (mode == "rtn" and s < 0)
        top = big - Fraction(2) ** (emax + 1 - p)
        return s * math.inf if away else (s * float(top) if p > 11 else (s, top))
    return s * float(r) if p > 11 else (s, r)


def f32_bits(v):
    return struct.unpack("<I", struct.pack("<f", v))[0]


def half_bits(x, mode):
    if isinstance(x, float) and math.isnan(x):
        return None
    neg = x < 0 or (x == 0 and math.copysign(1.0, x) < 0)
    r = rnd(x if isinstance(x, float) and math.isinf(x) else Fraction(x), 11, -14, 15, mode)
    sign = 0x8000 if neg else 0
    if isinstance(r, float):
        if math.isinf(r):
            return sign | 0x7C00
        if r == 0:
            return sign
        r = (1 if r > 0 else -1, Fraction(abs(r)))
    _, a = r
    if a < Fraction(2) ** -14:
        return sign | int(a / Fraction(2) ** -24)
    e = 0
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    while Fraction(2) ** e > a:
        e -= 1
    m = int((a / Fraction(2) ** e - 1) * 1024)
    return sign | ((e + 15) << 10) | m


def to_float_bits(x, mode):
    r = rnd(Fraction(x), 24, -126, 127, mode)
    return f32_bits(r)


def many_bits(lo, hi):
    return rng.randrange(lo, hi)


ints = [-(2**31), 2**31 - 1, 16777217, -16777217, 16777219, 33554435, -33554433, 0, 1, -1,
        2**30 + 65, -(2**30) - 63]
ints += [many_bits(-(2**31), 2**31) for _ in range(N - len(ints))]
uints = [2**32 - 1, 2**31 + 129, 16777217, 0, 4294967168, 4294967169]
uints += [many_bits(0, 2**32) for _ in range(N - len(uints))]
longs = [-(2**63), 2**63 - 1, 2**53 + 1, -(2**53) - 1, 2**40 + 2**16 + 1, 0, -1]
longs += [many_bits(-(2**63), 2**63) >> rng.randrange(0, 40) for _ in range(N - len(longs))]
ulongs = [2**64 - 1, 2**63, 2**63 + 2**39, 2**63 + 2**40 - 1, 0, 1]
ulongs += [many_bits(0, 2**64) >> rng.randrange(0, 40) for _ in range(N - len(ulongs))]
FMAX = float(Fraction(2) ** 128 - Fraction(2) ** 104)
doubles = [FMAX, -FMAX, FMAX * (1 + 2**-25), float(Fraction(2) ** 128 - Fraction(2) ** 103),
           float(Fraction(2) ** 128 - Fraction(2) ** 103) * (1 + 2**-52), 1e300, -1e300, 0.0, -0.0,
           1.0 + 2**-24, 1.0 + 2**-24 + 2**-52, -(1.0 + 2**-24), 2.0**-126, 2.0**-126 * (1 + 2**-30),
           math.inf, -math.inf]
while len(doubles) < N:
    doubles.append(rng.uniform(-1, 1) * 2.0 ** rng.randrange(-120, 127))
floats = [0.0, -0.0, 65504.0, 65519.0, 65520.0, -65520.0, 65536.0, 1e10, -1e10, math.inf,
          -math.inf, 2.0**-24, 2.0**-25, 3 * 2.0**-26, 2.0**-25 * 1.5, -2.0**-25, 2.0**-14,
          2.0**-14 - 2.0**-24, 2.0**-30, -2.0**-30, 1.0 + 2**-11, 1.0 + 3 * 2**-11, 1.0 + 2**-11 + 2**-20]
while len(floats) < N:
    floats.append(struct.unpack("<f", struct.pack("<f", rng.uniform(-1, 1) * 2.0 ** rng.randrange(-26, 17)))[0])
hdoubles = [2.0**-24 * (1 + 2**-40), 2.0**-25 * (1 + 2**-40), 65519.99999999, 1.0 + 2**-11 + 2**-45,
            -(1.0 + 2**-11 + 2**-45), 1e-300, -1e-300]
while len(hdoubles) < N:
    hdoubles.append(rng.uniform(-1, 1) * 2.0 ** rng.randrange(-26, 17))


def expect(xs, fn):
    return [fn(x, m) for x in xs for m in MODES]


def w64(x):
    return x - 2**64 if x >= 2**63 else x


def fmt(xs):
    out = []
    for x in xs:
        if isinstance(x, float):
            out.append("inf" if x == math.inf else "-inf" if x == -math.inf else repr(x))
        elif x >= 2**63:
            out.append(f'"{x:#x}"')
        else:
            out.append(str(x))
    lines = ["  " + ", ".join(out[i : i + 8]) + "," for i in range(0, len(out), 8)]
    return "[\n" + "\n".join(lines) + "\n]"


def buf(name, ty, data=None, expect=None):
    s = f'[[run.args]]\nname = "{name}"\nkind = "buffer"\ntype = "{ty}"\n'
    if data is not None:
        return s + f"data = {fmt(data)}\n"
    return s + f"len = {len(expect)}\nexpect = {fmt(expect)}\n"


t = """# Explicit rounding modes (64 work-items). Generated by make_rounding.py: exact rational
# rounding of every input under _rte, _rtz, _rtp and _rtn; results are compared as bits
# (float results as uint, halfs as ushort). Output k*4+m holds input k under mode m.

reference_broken = "clang-22 declares the Float16 capability for half pointers; the runtime has no cl_khr_fp16"

[[run]]
kernel = "rounding"
global = [64]

"""
t += buf("i", "int", data=ints) + "\n" + buf("u", "uint", data=uints) + "\n"
t += buf("l", "long", data=longs) + "\n" + buf("ul", "ulong", data=ulongs) + "\n"
t += buf("d", "double", data=doubles) + "\n" + buf("f", "float", data=floats) + "\n"
t += buf("hd", "double", data=hdoubles) + "\n"
t += buf("oi", "uint", expect=expect(ints, to_float_bits)) + "\n"
t += buf("ou", "uint", expect=expect(uints, to_float_bits)) + "\n"
t += buf("ol", "uint", expect=expect(longs, to_float_bits)) + "\n"
t += buf("oul", "uint", expect=expect(ulongs, to_float_bits)) + "\n"
dd = [x for x in doubles]
t += buf("od", "uint", expect=[
    to_float_bits(x, m) if not math.isinf(x) and x != 0 else f32_bits(x) for x in dd for m in MODES
]) + "\n"
t += buf("hf", "ushort", expect=expect(floats, half_bits)) + "\n"
t += buf("hh", "ushort", expect=expect(hdoubles, half_bits))
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "rounding.toml"), "w") as f:
    f.write(t)
