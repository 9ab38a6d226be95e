#!/usr/bin/env python3
"""Writes half_arith.toml, half_convert.toml and half_vectors.toml: inputs for the .cl files
of the same names and their expected results, computed with exact rational arithmetic
(fractions) and an IEEE binary16 rounding written here (nearest even, toward zero, toward
+inf, toward -inf; gradual underflow; overflow as IEEE 754 says for each mode). Half values
are written as their bit patterns (ushort) or widened to float/double (exact).
Run from anywhere: python3 kernels/types/make_half.py"""
import math
import os
import random
import struct
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
INF, NAN = math.inf, math.nan
HMAX = 65504.0
REQUIRES = 'requires = ["cl_khr_fp16"]'


def rnd(v, mode="rte", p=11, emin=-14, emax=15):
    """v (float or Fraction) rounded to binary16 (or another format) in `mode`; a float.
    Zeros, infinities and NaN pass through; a result that rounds to 0 keeps v's sign."""
    if isinstance(v, float):
        if v != v or math.isinf(v) or v == 0:
            return v
        v = Fraction(v)
    neg = v < 0
    a = -v if neg else v
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    q = max(e, emin) - (p - 1)
    n = a / Fraction(2) ** q
    fl = n.numerator // n.denominator
    rem = n - fl
    if mode == "rte":
        up = rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1)
    elif mode == "rtz":
        up = False
    elif mode == "rtp":
        up = rem > 0 and not neg
    elif mode == "rtn":
        up = rem > 0 and neg
    else:
        raise ValueError(mode)
    r = (fl + up) * Fraction(2) ** q
    top = (2 - Fraction(2) ** (1 - p)) * Fraction(2) ** emax
    if r > top:
        to_inf = mode == "rte" or (mode == "rtp" and not neg) or (mode == "rtn" and neg)
        r = INF if to_inf else float(top)
    r = float(r)
    return -r if neg else r


def h(bits):
    """The value of a half bit pattern."""
    return struct.unpack("<e", struct.pack("<H", bits))[0]


def hbits(x):
    """The bit pattern of a half value (x must be one); NaN as 0x7e00."""
    if x != x:
        return 0x7E00
    assert rnd(x) == x or math.isinf(x), x
    return struct.unpack("<H", struct.pack("<e", x))[0]


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def sign(x):
    return math.copysign(1.0, x) < 0


def add(x, y):
    return rnd(x + y)       # exact in double for two halfs (signed zeros as IEEE says)


def mul(x, y):
    if x != x or y != y:
        return NAN
    if math.isinf(x) or math.isinf(y):
        return NAN if x == 0 or y == 0 else x * y
    return rnd(x * y)       # exact in double; an underflow to 0 keeps the product's sign


def div(x, y):
    s = sign(x) != sign(y)
    if x != x or y != y or (x == 0 and y == 0) or (math.isinf(x) and math.isinf(y)):
        return NAN
    if math.isinf(x) or y == 0:
        return -INF if s else INF
    if math.isinf(y) or x == 0:
        return -0.0 if s else 0.0
    return rnd(Fraction(x) / Fraction(y))


def fmt(v):
    if v != v:
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(float(v))


def toml_list(vals, per_line=8, f=fmt):
    lines = []
    for i in range(0, len(vals), per_line):
        lines.append("  " + ", ".join(f(v) for v in vals[i:i + per_line]) + ",")
    return "[\n" + "\n".join(lines) + "\n]"


def arg(name, ty, data=None, expect=None, length=None, kind="buffer", f=fmt, extra=""):
    s = f'[[run.args]]\nname = "{name}"\nkind = "{kind}"\ntype = "{ty}"\n'
    if data is not None:
        s += f"data = {toml_list(data, f=f)}\n"
    if length is not None:
        s += f"len = {length}\n"
    if expect is not None:
        s += f"expect = {toml_list(expect, f=f)}\n"
    return s + extra + "\n"


def ints(v):
    return str(v)


def hexs(v):
    return f"0x{v:04x}"


SPECIAL = [0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x3C00, 0xBC00, 0x3555, 0x7BFF,
           0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x4200, 0x2E66]


def random_half(rng, lo=-24, hi=15):
    """A random finite half with a random exponent in [lo, hi] (subnormals included)."""
    e = rng.randint(lo, hi)
    m = rng.randint(1024, 2047)
    v = rnd(Fraction(m, 1024) * Fraction(2) ** e)
    return -v if rng.random() < 0.5 else v


def arith(rng):
    pairs = [(a, b) for a in SPECIAL for b in SPECIAL]
    for _ in range(224):
        x = random_half(rng)
        y = random_half(rng, -12, 12) if rng.random() < 0.5 else x * rng.choice([1, -1])
        if rng.random() < 0.3:   # near cancellation and exponent gaps
            y = rnd(Fraction(y) * Fraction(rng.randint(1, 4096), 2048))
        pairs.append((hbits(x), hbits(y)))
    # ties of the addition: 2048 + 1 and 2048 + 3 are halfway between halfs
    pairs += [(0x6800, 0x3C00), (0x6800, 0x4200), (0x7BFF, 0x5000), (0x7BFF, 0x4F00),
              (0x0001, 0x3800), (0x0400, 0x3800), (0x8001, 0x3800), (0x3C01, 0x3BFF)]
    pairs += [(hbits(random_half(rng)), hbits(random_half(rng))) for _ in range(24)]
    a = [p[0] for p in pairs]
    b = [p[1] for p in pairs]
    out, cmp = [], []
    tenth = rnd(Fraction(1, 10))
    for ab, bb in pairs:
        x, y = h(ab), h(bb)
        sel = y if x < y else x
        out += [add(x, y), add(x, -y), mul(x, y), div(x, y), sel,
                -(x if x > y else y), mul(x, tenth), add(x, 1.0)]
        nan = x != x
        bits = [x < y, x <= y, x > y, x >= y, x == y, x != y, nan, math.isinf(x), sign(x),
                not nan and not math.isinf(x), not nan and abs(x) >= 2.0 ** -14 and not math.isinf(x),
                nan or y != y, x < y or x > y, x == 0]
        cmp.append(sum(int(bool(t)) << k for k, t in enumerate(bits)))
    n = len(pairs)
    s = "# Generated by make_half.py: do not edit.\n"
    s += "# ulp = 0: every result is the correctly rounded half, bit for bit.\n"
    s += REQUIRES + "\n\n"
    s += f'[[run]]\nkernel = "arith"\nglobal = [{n}]\n\n'
    s += arg("a", "ushort", data=a, f=hexs)
    s += arg("b", "ushort", data=b, f=hexs)
    s += arg("out", "float", length=8 * n, expect=out)
    s += arg("cmp", "int", length=n, expect=cmp, f=ints)
    return s


def int_round(x, mode):
    """x (a float) rounded to an integer in `mode` (an int)."""
    fr = Fraction(x)
    fl = math.floor(fr)
    rem = fr - fl
    if mode == "rtz":
        return math.trunc(fr)
    if mode == "rtn":
        return fl
    if mode == "rtp":
        return math.ceil(fr)
    return fl + (rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1))


def sat(x, mode, lo, hi):
    if x != x:
        return 0
    if math.isinf(x):
        return hi if x > 0 else lo
    return min(max(int_round(x, mode), lo), hi)


def convert(rng):
    s = "# Generated by make_half.py: do not edit.\n"
    s += "# ulp = 0: every half result is the correctly rounded one, bit for bit (NaN as 0x7e00).\n"
    s += 'requires = ["cl_khr_fp16", "cl_khr_fp64"]\n\n'
    # to_half
    fs = [0.0, -0.0, NAN, INF, -INF, 65504.0, 65519.99609375, 65520.0, -65520.0, 1e-8, 2.0 ** -24,
          2.0 ** -25, 3 * 2.0 ** -26, -(2.0 ** -25) * 1.5, 2.0 ** -14 - 2.0 ** -30, 1.0 + 2.0 ** -11,
          1.0 + 2.0 ** -11 + 2.0 ** -23, 1.0 - 2.0 ** -12, -(1.0 + 3 * 2.0 ** -11), 0.1, 1e6, -3e38,
          2049.0, 2051.0, 4097.0]
    while len(fs) < 96:
        e = rng.randint(-30, 17)
        fs.append(f32(rng.uniform(-1, 1) * 2.0 ** e))
    ds = [0.0, -0.0, NAN, -INF, 65519.999999999, 65520.0, 1.0 + 2.0 ** -11 + 2.0 ** -40,
          1.0 + 2.0 ** -11 - 2.0 ** -40, -(2.0 ** -25 + 2.0 ** -60), 2.0 ** -25, 1e-300, 1e300,
          (1 + 2.0 ** -11) * 2.0 ** -14 + 2.0 ** -50, 0.1, -0.3333333333333333, 2049.0000001]
    while len(ds) < len(fs):
        ds.append(rng.uniform(-1, 1) * 2.0 ** rng.randint(-30, 17))
    ns = [0, 1, -1, 2049, 2051, -2051, 4097, 65504, 65519, 65520, -65520, 65535, 100000,
          2 ** 31 - 1, -2 ** 31, 12345]
    while len(ns) < len(fs):
        ns.append(rng.randint(-2 ** (rng.randint(1, 31)), 2 ** 20))
    out = []
    for x, y, k in zip(fs, ds, ns):
        fx, fy, fk = (Fraction(v) if v == v and not math.isinf(v) and v != 0 else v for v in (x, y, float(k)))
        out += [hbits(rnd(fx, m)) for m in ("rte", "rte", "rtz", "rtp", "rtn", "rte")]
        out += [hbits(rnd(fy, m)) for m in ("rte", "rtz", "rtp", "rtn")]
        out += [hbits(rnd(fk, m)) for m in ("rte", "rtz", "rtp", "rte")]
        out += [hbits(rnd(fy)), hbits(rnd(-fy))]
    n = len(fs)
    s += f'[[run]]\nkernel = "to_half"\nglobal = [{n}]\n\n'
    s += arg("f", "float", data=fs)
    s += arg("d", "double", data=ds, f=lambda v: fmt(v) if v != v or math.isinf(v) else repr(v))
    s += arg("n", "int", data=ns, f=ints)
    s += arg("out", "ushort", length=16 * n, expect=out, f=hexs)
    # from_half
    hb = SPECIAL + [hbits(rnd(v)) for v in (2.5, -2.5, 3.5, 0.5, -0.5, 1.5, -1.5, 40000.0, -40000.0,
                                       255.5, 256.0, -128.5, 127.5, 32767.0, 32768.0, -33000.0,
                                       0.999, -0.999, 65504.0, -65504.0)]
    while len(hb) < 64:
        hb.append(hbits(random_half(rng, -3, 15)))
    fo, do, no = [], [], []
    for b in hb:
        x = h(b)
        fo += [x, x]
        do.append(x)
        sq = mul(x, x)
        no += [int_round(x, "rtz") if not (x != x or math.isinf(x)) else 0,
               sat(x, "rtz", -2 ** 31, 2 ** 31 - 1), sat(x, "rte", -2 ** 31, 2 ** 31 - 1),
               sat(x, "rtp", -2 ** 31, 2 ** 31 - 1), sat(x, "rtn", -2 ** 31, 2 ** 31 - 1),
               sat(x, "rtz", -2 ** 15, 2 ** 15 - 1), sat(x, "rtz", 0, 255), sat(x, "rte", -128, 127),
               sat(x, "rtn", 0, 65535),
               min(sat(sq, "rtz", -2 ** 63, 2 ** 63 - 1) >> 16, 2 ** 31 - 1)]
    n = len(hb)
    s += f'[[run]]\nkernel = "from_half"\nglobal = [{n}]\n\n'
    s += arg("hb", "ushort", data=hb, f=hexs)
    s += arg("f", "float", length=2 * n, expect=fo)
    s += arg("d", "double", length=n, expect=do)
    s += arg("n", "int", length=10 * n, expect=no, f=ints)
    # load_store (no NaN: the copies are compared bit for bit)
    lf = [v for v in fs if v == v][:48]
    lh = [b for b in hb if b != 0x7E00][:48]
    st, ld = [], []
    for x, b in zip(lf, lh):
        fx = Fraction(x) if x != 0 and not math.isinf(x) else x
        st += [hbits(rnd(fx, "rte")), hbits(rnd(fx, "rtz")), hbits(rnd(fx, "rtp")), b]
        ld += [h(b), h(b)]
    n = len(lf)
    s += f'[[run]]\nkernel = "load_store"\nglobal = [{n}]\n\n'
    s += arg("f", "float", data=lf)
    s += arg("hb", "ushort", data=lh, f=hexs)
    s += arg("st", "ushort", length=4 * n, expect=st, f=hexs)
    s += arg("ld", "float", length=2 * n, expect=ld)
    return s


def vectors(rng):
    n = 16
    a = [Fraction(rng.randint(-64, 64), 8) for _ in range(16 * n)]
    a = [float(v) for v in a]
    k = 0.375
    k4 = [1.5, -2.0, 0.25, 3.0]
    out, fout, so = [], [], []
    for i in range(n):
        v = a[16 * i:16 * i + 16]
        lo, hi = v[:8], v[8:]
        s8 = [add(mul(lo[j], hi[j]), k) for j in range(8)]
        q = [mul(s8[2 * j + 1], k4[j]) for j in range(4)]
        r2 = [add(q[3], -q[1]), add(q[0], -q[2])]
        t3 = [add(a[3 * i + 1 + j], k) for j in range(3)]
        w = a[16 * i + 12:16 * i + 16]
        o = v[::-1] + s8 + q + r2 + t3 + [0.0] * 3
        o += [mul(w[2], 2.0), mul(w[0], 2.0), mul(w[1], 2.0), mul(w[3], 2.0)]
        dot = 1.5 * 1 + -2 * 0.5 + 0.25 * 0.25 + 3 * 0.125
        o += [v[15], k4[3] if dot > k else k4[2], v[14], v[11]]
        out += [hbits(x) for x in o]
        fout.append(add(a[16 * ((i + 1) % 16)], a[16 * ((i + 15) % 16) + 1]))
        hh, h2, h4 = v[2], v[3:5], v[5:9]
        b = struct.pack("<Hbb", hbits(hh), i, -1) + struct.pack("<HH", *map(hbits, h2))
        b += struct.pack("<ff", add(hh, h2[1]), k) + struct.pack("<4H", *map(hbits, h4))
        so += list(b)
    s = "# Generated by make_half.py: do not edit.\n"
    s += REQUIRES + "\n\n"
    s += f'[[run]]\nkernel = "vec"\nglobal = [{n}]\nlocal = [16]\n\n'
    s += arg("a", "ushort", data=[hbits(x) for x in a], f=hexs)
    s += f'[[run.args]]\nname = "k"\nkind = "scalar"\ntype = "ushort"\nvalue = {hexs(hbits(k))}\n\n'
    s += ('[[run.args]]\nname = "k4"\nkind = "scalar"\ntype = "ushort"\nvalue = ['
          + ", ".join(hexs(hbits(x)) for x in k4) + "]\n\n")
    s += arg("out", "ushort", length=44 * n, expect=out, f=hexs)
    s += arg("fout", "float", length=n, expect=fout)
    s += arg("so", "uchar", length=24 * n, expect=so, f=ints)
    s += arg("sz", "int", length=4, expect=[24, 8, 32, 8], f=ints)
    s += '[[run.args]]\nname = "scratch"\nkind = "local"\ntype = "ushort"\nlen = 16\n'
    return s


def main():
    rng = random.Random(1616)
    for name, text in (("half_arith", arith(rng)), ("half_convert", convert(rng)),
                       ("half_vectors", vectors(rng))):
        with open(os.path.join(HERE, name + ".toml"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
