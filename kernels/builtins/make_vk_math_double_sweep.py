#!/usr/bin/env python3
"""Writes vk_math_double_sweep.toml: inputs for vk_math_double_sweep.cl (64 per function:
special values, tiny and huge arguments, points near poles, zeros and the emulations'
reduction boundaries, and random ones) and the expected values, mpmath at 320 bits rounded
to nearest double (exact rational rounding, subnormals included); special values by C99
Annex F. Each output buffer holds the functions of one OpenCL double-precision ULP bound.

Run from anywhere: python3 kernels/builtins/make_vk_math_double_sweep.py
  --ulp0 FILE   also write a copy with every tolerance 0 (to measure errors)
  --measure LOG read the mismatches a run of that copy printed (CLC_RUNNER_MAX_LISTED=100000)
                and print the largest error in ulp per function"""
import math
import os
import random
import re
import sys
from fractions import Fraction

import mpmath as mp

mp.mp.prec = 320
N = 64
rng = random.Random(20240611)
INF, NAN = math.inf, math.nan

# Largest error in ulp per function measured on lavapipe (llvmpipe) with --measure.
MEASURED = {"log1p": 0, "exp2": 1, "exp10": 1, "expm1": 1, "log2": 0, "log10": 0, "sinh": 1, "cosh": 1, "asinh": 1, "acosh": 1, "asin": 1, "acos": 1, "sinpi": 0, "cospi": 1, "tan": 1, "atan": 0, "tanh": 1, "atanh": 1, "asinpi": 1, "acospi": 1, "atanpi": 1, "atan2": 1, "tanpi": 1, "atan2pi": 1, "erf": 1, "erfc": 2, "tgamma": 1, "rootn": 1, "lgamma": 1, "lgamma_r": 1}


def rn(v):
    """An mpf (or inf/nan) rounded to nearest even double."""
    if isinstance(v, float):
        return v
    if mp.isnan(v):
        return NAN
    if mp.isinf(v):
        return INF if v > 0 else -INF
    if v == 0:
        return 0.0
    sign, man, exp, _ = v._mpf_
    man = -man if sign else man
    top = exp + int(abs(man)).bit_length()
    if top > 1100:
        return INF if v > 0 else -INF
    if top < -1200:
        return 0.0 if v > 0 else -0.0
    x = Fraction(man) * Fraction(2) ** exp
    s = -1 if x < 0 else 1
    a = abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    while Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    q = max(e, -1022) - 52
    n = a / Fraction(2) ** q
    fl = n.numerator // n.denominator
    rem = n - fl
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2):
        fl += 1
    r = fl * Fraction(2) ** q
    if r >= Fraction(2) ** 1024:
        return s * INF
    return s * float(r)


def M(x):
    return mp.mpf(x)


def is_int(x):
    return math.isfinite(x) and x == math.floor(x)


def is_half(x):
    """Whether x is an integer plus one half (exactly)."""
    return math.isfinite(x) and (Fraction(x) + Fraction(1, 2)).denominator == 1


def loggamma(x):
    x = M(x)
    if x > 0:
        return mp.loggamma(x).real
    return mp.log(mp.pi / abs(mp.sinpi(x))) - mp.loggamma(1 - x).real


# Reference functions: x (and y) floats; return an mpf or a float for special values.
def r_exp2(x):
    return mp.power(2, M(x)) if math.isfinite(x) else (INF if x > 0 else 0.0) if not math.isnan(x) else NAN


def r_exp10(x):
    return mp.power(10, M(x)) if math.isfinite(x) else (INF if x > 0 else 0.0) if not math.isnan(x) else NAN


def r_expm1(x):
    if math.isnan(x):
        return NAN
    if math.isinf(x):
        return INF if x > 0 else -1.0
    if x == 0:
        return x
    return mp.expm1(M(x))


def r_log(fn):
    def r(x):
        if math.isnan(x) or x < 0:
            return NAN
        if x == 0:
            return -INF
        if math.isinf(x):
            return INF
        return fn(M(x))
    return r


def r_log1p(x):
    if math.isnan(x) or x < -1:
        return NAN
    if x == -1:
        return -INF
    if math.isinf(x):
        return INF
    if x == 0:
        return x
    return mp.log1p(M(x))


def r_tan(x):
    return mp.tan(M(x)) if math.isfinite(x) else NAN


def r_inv_trig(fn, pi=False):
    def r(x):
        if math.isnan(x) or abs(x) > 1:
            return NAN
        v = fn(M(x))
        return v / mp.pi if pi else v
    return r


def r_atan(pi=False):
    def r(x):
        if math.isnan(x):
            return NAN
        v = mp.atan(M(x)) if math.isfinite(x) else math.copysign(1, x) * mp.pi / 2
        return v / mp.pi if pi else v
    return r


def r_atan2(pi=False):
    def r(y, x):
        if math.isnan(x) or math.isnan(y):
            return NAN
        if math.isinf(x) or math.isinf(y) or x == 0 or y == 0:
            v = M(math.atan2(y, x))
            # The exact angle for the special cases (multiples of pi/4).
            k = round(math.atan2(y, x) / (math.pi / 4))
            v = k * mp.pi / 4
            if v == 0:
                return math.atan2(y, x) / (math.pi if pi else 1.0)
        else:
            v = mp.atan2(M(y), M(x))
        return v / mp.pi if pi else v
    return r


def r_hyp(fn, name):
    def r(x):
        if math.isnan(x):
            return NAN
        if math.isinf(x):
            return {"sinh": x, "cosh": INF, "tanh": math.copysign(1.0, x)}[name]
        if x == 0 and name != "cosh":
            return x
        return fn(M(x))
    return r


def r_asinh(x):
    if math.isnan(x) or math.isinf(x) or x == 0:
        return x
    return mp.asinh(M(x))


def r_acosh(x):
    if math.isnan(x) or x < 1:
        return NAN
    if math.isinf(x):
        return INF
    return mp.acosh(M(x))


def r_atanh(x):
    if math.isnan(x) or abs(x) > 1:
        return NAN
    if abs(x) == 1:
        return math.copysign(INF, x)
    if x == 0:
        return x
    return mp.atanh(M(x))


def r_pi(name):
    def r(x):
        if not math.isfinite(x):
            return NAN
        if name == "sinpi":
            if is_int(x):
                return math.copysign(0.0, x)
            return mp.sinpi(M(x))
        if name == "cospi":
            if is_half(x):
                return 0.0
            return mp.cospi(M(x))
        # tanpi: ±inf at n + 1/2 (+ for even n), signed zeros at integers.
        if is_half(x):
            n = math.floor(x)
            return INF if n % 2 == 0 else -INF
        if is_int(x):
            return math.copysign(0.0, x)
        return mp.sinpi(M(x)) / mp.cospi(M(x))
    return r


def r_erf(x):
    if math.isnan(x):
        return NAN
    if math.isinf(x):
        return math.copysign(1.0, x)
    if x == 0:
        return x
    return mp.erf(M(x))


def r_erfc(x):
    if math.isnan(x):
        return NAN
    if math.isinf(x):
        return 0.0 if x > 0 else 2.0
    return mp.erfc(M(x))


def r_tgamma(x):
    if math.isnan(x) or x == -INF or (x < 0 and is_int(x)):
        return NAN
    if x == INF:
        return INF
    if x == 0:
        return math.copysign(INF, x)
    if x > 200:
        return INF
    if x < -400:
        return 0.0  # underflows (the sign is not checked: tolerances are in ulp)
    return mp.gamma(M(x))


def r_lgamma(x):
    if math.isnan(x):
        return NAN
    if math.isinf(x) or (x <= 0 and is_int(x)):
        return INF
    return loggamma(x)


def r_rootn(x, n):
    if math.isnan(x) or n == 0 or (x < 0 and n % 2 == 0):
        return NAN
    if x == 0:
        if n > 0:
            return x if n % 2 else 0.0
        return math.copysign(INF, x) if n % 2 else INF
    if math.isinf(x):
        if n > 0:
            return x
        return math.copysign(0.0, x) if n % 2 else 0.0
    v = mp.root(abs(M(x)), n) if n > 0 else 1 / mp.root(abs(M(x)), -n)
    return -v if x < 0 else v


# Inputs.
COMMON = [0.0, -0.0, INF, -INF, NAN, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300,
          -1e-300, 1e-20, -1e-20, 1e-8, -1e-8, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0]


def loguni(lo, hi, sign=True):
    v = 2.0 ** rng.uniform(lo, hi)
    return -v if sign and rng.random() < 0.5 else v


def fill(xs, gen, n=N):
    xs = list(xs)[:n]
    while len(xs) < n:
        xs.append(gen())
    return xs


def sym(vs):
    return [s * v for v in vs for s in (1, -1)]


def uni(a, b):
    return lambda: rng.uniform(a, b)


def mix(*gens):
    return lambda: rng.choice(gens)()


BIG = [1e300, -1e300, 1.7976931348623157e308]
inputs = {
    "exp2": COMMON + BIG + [-1074.0, -1074.5, -1022.3, -1075.1, 1023.99, 1024.0, -1e4, 1e4, 0.1,
                            3.0, 10.5, -10.5, 52.25, 700.7, -1023.5],
    "exp10": COMMON + BIG + [-323.3, -307.5, -324.0, 308.25, 308.26, 309.0, 3.0, 22.0, -5.0,
                             0.30102999566398120, -0.1],
    "expm1": COMMON + BIG + [-0.3466, 0.3466, 0.35, -0.35, 0.25, -0.25, 0.693, -0.693, 5.0,
                             -5.0, 20.0, 36.0, 37.5, -37.0, -40.0, -64.0, -100.0, 709.7,
                             709.79, 710.0, 1e-5, 1.0397, -1.0397],
    "log2": COMMON + BIG + [1 + 2**-52, 1 - 2**-53, 0.999, 1.001, 4.0, 1024.0, 10.0, 1e22,
                            1e-310, 0.75, 1.5, 0.7071067811865476, 1.4142135623730951],
    "log1p": COMMON + BIG + [-1 + 2**-53, -0.999, -0.29, 0.41, 1e-17, -1e-17, 1e-310,
                             2.0**53, -1.5, 0.4142135623730951, -0.2928932188134524, 1e16],
    "tan": COMMON + BIG + [1.5707963267948966, 0.7853981633974483, 1e6, 1e22, 2.356194490192345,
                           710.0, 2.0**30, -2.0**20 + 0.5, 3.141592653589793, 1e-9,
                           1048575.9, 1048576.1, 6.283185307179586, 4.71238898038469],
    "asin": COMMON + sym([0.9999999, 1e-10, 0.7071067811865476, 1 + 2**-52, 0.9999999999999999,
                          0.001, 0.25, 0.75]),
    "atan": COMMON + BIG + sym([0.2679491924311227, 0.0625, 0.1875, 1e10, 0.999, 1.001, 7.9,
                                8.1, 16.0, 1e16, 3.0, 0.4375, 0.5625]),
    "sinh": COMMON + sym([0.99999, 1.00001, 10.0, 22.0, 100.0, 700.0, 709.78, 710.4, 710.5,
                          711.0, 0.1]),
    "tanh": COMMON + BIG + sym([0.55, 1e-7, 0.1, 10.0, 19.0, 22.0, 23.0, 0.17, 0.3]),
    "asinh": COMMON + BIG + sym([2.0**28, 2.0**28 + 2.0**-24, 1e10, 3.0, 0.25, 0.75]),
    "acosh": COMMON + BIG + [1 + 2**-52, 1.0000001, 1.5, 10.0, 2.0**28, 2.0**28 + 1, 1e10,
                             0.999, 1.001, 1.25, 100.5],
    "atanh": COMMON + sym([0.9999999999, 1.0000001, 1e-10, 0.25, 0.75, 0.4999, 0.999]),
    "pi": COMMON + BIG + sym([0.25, 1.5, 0.75, 2.0**52, 2.0**52 + 1, 2.0**53, 0.4999999999999999,
                              0.5000000000000001, 1e15 + 0.5, 1e15 + 0.25, 4503599627370495.5,
                              2.5, 1.25, 0.125]),
    "erf": COMMON + sym([1.5, 3.0, 5.0, 6.0, 5.9, 10.0, 26.5, 27.0, 27.3, 28.0, 30.0, 0.4999,
                         2.9999, 4.9999, 0.25, 1e-10, 0.9999, 1.0001]),
    "tgamma": COMMON + [1.5, 3.0, 10.0, 20.5, 100.25, 170.5, 171.6, 171.7, 172.0, -1.5, -2.5,
                        -100.5, -170.5, -171.5, -180.3, -190.5, -200.5, -1e300, 1e300,
                        0.999999, 1.000001, 2.000001, 1.9999999, -0.9999999, -1.0000001,
                        1e-17, -1e-17, 12.0, 11.99, 0.49, 0.51],
    "lgamma": COMMON + [1.5, 2.5, 3.0, 0.9999, 1.0001, 1.9999, 2.0001, 1 + 2**-30, 2 - 2**-30,
                        10.0, 100.0, 1e10, 1e20, 1e300, 1.7976931348623157e308, -1.5, -10.5,
                        -100.5, -1e10 - 0.5, -3.0, 0.49, 0.51, 2.49, 2.51, 12.0, 11.99,
                        2.0**40, 2.0**40 + 0.5, -0.1, -0.9],
}


def not_near_neg_zero(gen):
    # lgamma has no bound; away from its zeros on the negative axis it stays accurate.
    def g():
        while True:
            x = gen()
            if x > 0 or abs(float(loggamma(x))) > 0.1 and not is_int(x):
                return x
    return g


gens = {
    "exp2": mix(uni(-1100, 1100), uni(-1, 1)),
    "exp10": mix(uni(-330, 310), uni(-1, 1)),
    "expm1": mix(uni(-2, 2), uni(-40, 710), lambda: loguni(-60, -1)),
    "log2": mix(lambda: loguni(-1074, 1024, False), uni(0.9, 1.1)),
    "log1p": mix(uni(-1, 1), lambda: loguni(-60, 1000, False)),
    "tan": mix(uni(-10, 10), lambda: loguni(-30, 1000)),
    "asin": uni(-1, 1),
    "atan": lambda: loguni(-60, 60),
    "sinh": mix(uni(-30, 30), uni(-712, 712), uni(-1.2, 1.2)),
    "tanh": mix(uni(-5, 5), uni(-1, 1)),
    "asinh": lambda: loguni(-40, 100),
    "acosh": mix(lambda: 1 + loguni(-50, 10, False), lambda: loguni(0, 1000, False)),
    "atanh": uni(-1, 1),
    "pi": mix(uni(-4, 4), uni(-1e6, 1e6), lambda: loguni(-40, 60)),
    "erf": mix(uni(-6, 6), uni(0, 27.5), uni(-1, 1)),
    "tgamma": mix(uni(-20, 30), uni(0, 3), uni(-3, 0), uni(30, 171)),
    "lgamma": mix(uni(0, 20), not_near_neg_zero(uni(-10, 0)), lambda: loguni(-40, 100, False)),
}
X = {k: fill(v, gens[k]) for k, v in inputs.items()}


def pairs_atan2():
    s = [(0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0), (0.0, 1.0), (-0.0, -1.0),
         (1.0, 0.0), (-1.0, -0.0), (INF, INF), (INF, -INF), (-INF, INF), (-INF, -INF),
         (INF, 1.0), (1.0, INF), (1.0, -INF), (-1.0, -INF), (NAN, 1.0), (1.0, NAN),
         (1e300, 1e-300), (1e-300, 1e300), (5e-324, 1.0), (1.0, 5e-324), (1e308, 1e308),
         (-1e-308, -1e-308), (3.0, -4.0), (-3.0, 4.0), (1e-310, -1e-310), (1.0, 8.0),
         (1.0, -8.0), (2.0**600, 2.0**601), (2.0**-600, 2.0**-601), (1.0, 1.0 + 2**-52)]
    while len(s) < N:
        s.append((loguni(-40, 40), loguni(-40, 40)))
    return s


def pairs_rootn():
    s = [(8.0, 3), (-8.0, 3), (-8.0, 2), (0.0, 3), (-0.0, 3), (0.0, -3), (-0.0, -3), (0.0, 2),
         (0.0, -2), (2.0, 0), (INF, 3), (-INF, 3), (INF, -2), (-INF, -3), (2.0, 1), (2.0, -1),
         (1e300, 7), (1e-300, 5), (5e-324, 2), (1.7976931348623157e308, 2), (3.0, 1000000),
         (3.0, -2147483647), (NAN, 3), (1.0, 5), (-1.0, 7), (1024.0, 10), (1e-310, -3),
         (27.0, -3), (0.001, 3), (-1e-300, 3)]
    while len(s) < N:
        n = rng.choice([k for k in range(-40, 41) if k != 0])
        x = loguni(-300, 300, False)
        if n % 2 and rng.random() < 0.4:
            x = -x
        s.append((x, n))
    return s


A2 = pairs_atan2()
RN = pairs_rootn()
lg_r = [x for x in X["lgamma"] if math.isfinite(x) and not (x <= 0 and is_int(x))]
lg_r = fill(lg_r, gens["lgamma"])


# lavapipe (Mesa 22.3's llvmpipe) computes GLSL.std.450 RoundEven and Trunc on doubles with
# its float-only fallback whenever a vector of doubles has no native rounding instruction:
# 8 doubles (512 bits, its default 8 lanes) on a CPU without AVX-512F. The fallback returns
# x unchanged when |x| > 2**24 (right for floats, not for doubles) and rounds x + 0.49999997
# toward zero (ties go down). sinpi/cospi/tanpi reduce with RoundEven(x / 2) and lgamma,
# lgamma_r and tgamma test for poles with Trunc(x): an input is affected when x / 2 is not an
# integer and 2**24 < |x| < 2**53 (the gamma functions: on the negative axis only). Those
# inputs are checked by vk_math_double_sweep_big.toml (which lavapipe skipped until stop 26,
# when clc stopped using those instructions for doubles); here they are replaced by draws
# from the same distributions (another seed, so that every other input stays as it was).
def lp_rounding(x):
    return math.isfinite(x) and 2.0**24 < abs(x) < 2.0**53 and not is_int(x / 2)


rng = random.Random(20261127)  # the generators (gens) draw from this from now on


def redraw(xs, gen, neg_only):
    hit = lambda x: lp_rounding(x) and (x < 0 or not neg_only)
    moved = [x for x in xs if hit(x)]
    out = []
    for x in xs:
        while hit(x):
            x = gen()
        out.append(x)
    return out, moved


X["pi"], BIG_PI = redraw(X["pi"], gens["pi"], False)
X["lgamma"], BIG_LG = redraw(X["lgamma"], gens["lgamma"], True)
lg_r, BIG_LGR = redraw(lg_r, gens["lgamma"], True)
X["tgamma"], BIG_TG = redraw(X["tgamma"], gens["tgamma"], True)

# vk_math_double_sweep_big: the moved inputs, more of that range, NB of each.
NB = 16


def band(lo, hi, neg):
    def g():
        while True:
            x = loguni(lo, hi, not neg)
            x = -x if neg else x
            if lp_rounding(x):
                return x
    return g


PX = fill(BIG_PI + [2.0**25 + 0.5, -(2.0**25 + 1), 2.0**52 + 3, 2.0**40 + 0.25,
                    -(2.0**33 + 0.75)], band(24.5, 52.9, False), NB)
GX = fill(list(dict.fromkeys(BIG_LG + BIG_LGR + BIG_TG))
          + [-(2.0**24 + 0.5), -(2.0**25 + 0.25), -(2.0**40 + 0.5), -4503599627370495.5,
             -123456789.375], band(24.2, 52.9, True), NB)
assert len(PX) == NB and len(GX) == NB and all(map(lp_rounding, PX + GX))

# (function, output buffer, C call, inputs, reference). X: xs slot; Y: ys slot; NN: ns slot.
F = [
    ("log1p", "u2", "log1p(X)", X["log1p"], r_log1p),
    ("exp2", "u3", "exp2(X)", X["exp2"], r_exp2),
    ("exp10", "u3", "exp10(X)", X["exp10"], r_exp10),
    ("expm1", "u3", "expm1(X)", X["expm1"], r_expm1),
    ("log2", "u3", "log2(X)", X["log2"], r_log(lambda v: mp.log(v, 2))),
    ("log10", "u3", "log10(X)", X["log2"], r_log(mp.log10)),
    ("sinh", "u4", "sinh(X)", X["sinh"], r_hyp(mp.sinh, "sinh")),
    ("cosh", "u4", "cosh(X)", X["sinh"], r_hyp(mp.cosh, "cosh")),
    ("asinh", "u4", "asinh(X)", X["asinh"], r_asinh),
    ("acosh", "u4", "acosh(X)", X["acosh"], r_acosh),
    ("asin", "u4", "asin(X)", X["asin"], r_inv_trig(mp.asin)),
    ("acos", "u4", "acos(X)", X["asin"], r_inv_trig(mp.acos)),
    ("sinpi", "u4", "sinpi(X)", X["pi"], r_pi("sinpi")),
    ("cospi", "u4", "cospi(X)", X["pi"], r_pi("cospi")),
    ("tan", "u5", "tan(X)", X["tan"], r_tan),
    ("atan", "u5", "atan(X)", X["atan"], r_atan()),
    ("tanh", "u5", "tanh(X)", X["tanh"], r_hyp(mp.tanh, "tanh")),
    ("atanh", "u5", "atanh(X)", X["atanh"], r_atanh),
    ("asinpi", "u5", "asinpi(X)", X["asin"], r_inv_trig(mp.asin, True)),
    ("acospi", "u5", "acospi(X)", X["asin"], r_inv_trig(mp.acos, True)),
    ("atanpi", "u5", "atanpi(X)", X["atan"], r_atan(True)),
    ("atan2", "u6", "atan2(X, Y)", A2, r_atan2()),
    ("tanpi", "u6", "tanpi(X)", X["pi"], r_pi("tanpi")),
    ("atan2pi", "u6", "atan2pi(X, Y)", A2, r_atan2(True)),
    ("erf", "u16", "erf(X)", X["erf"], r_erf),
    ("erfc", "u16", "erfc(X)", X["erf"], r_erfc),
    ("tgamma", "u16", "tgamma(X)", X["tgamma"], r_tgamma),
    ("rootn", "u16", "rootn(X, NN)", RN, r_rootn),
    ("lgamma", "ulg", "lgamma(X)", X["lgamma"], r_lgamma),
    ("lgamma_r", "ulg", "LGAMMA_R(X)", lg_r, r_lgamma),
]
BOUND = {"u2": 2, "u3": 3, "u4": 4, "u5": 5, "u6": 6, "u16": 16, "ulg": 16}
BUFS = list(BOUND)

xs, ys, ns = [], [], []
expect = {b: [] for b in BUFS}
where = {b: [] for b in BUFS}  # function name per output element
for name, b, call, ins, ref in F:
    for v in ins:
        if name in ("atan2", "atan2pi"):
            y, x = v
            xs.append(y), ys.append(x), ns.append(0)
            e = ref(y, x)
        elif name == "rootn":
            x, n = v
            xs.append(x), ys.append(0.0), ns.append(n)
            e = ref(x, n)
        else:
            xs.append(v), ys.append(0.0), ns.append(0)
            e = ref(v)
        expect[b].append(rn(e) if not isinstance(e, float) else e)
        where[b].append(name)
signs = []
for x in lg_r:
    signs.append(1 if x > 0 or mp.sinpi(M(x)) > 0 else -1)


def fmt(vals):
    out = []
    for x in vals:
        if isinstance(x, float):
            out.append("nan" if math.isnan(x) else "inf" if x == INF else "-inf" if x == -INF
                       else repr(x))
        else:
            out.append(str(x))
    return "[\n" + "\n".join("  " + ", ".join(out[i:i + 6]) + "," for i in range(0, len(out), 6)) + "\n]"


def buf(name, ty, data=None, expect=None, ulp=None):
    s = f'[[run.args]]\nname = "{name}"\nkind = "buffer"\ntype = "{ty}"\n'
    if data is not None:
        return s + f"data = {fmt(data)}\n"
    s += f"len = {len(expect)}\nexpect = {fmt(expect)}\n"
    if ulp is not None:
        s += f"ulp = {ulp}\n"
    return s


def header():
    lines = ["# The double-precision math builtins that the Vulkan target emulates in",
             "# src/back/spv/vkmath/dmath.rs (and transc.rs: tan, sinpi, cospi, tanpi), 64 inputs",
             "# per function. Generated by make_vk_math_double_sweep.py: mpmath at 320 bits rounded",
             "# to nearest double, special values by C99 Annex F. Output buffer uN holds the",
             "# functions of OpenCL's N-ulp double bound; ulg (lgamma, no bound in OpenCL) uses 16",
             "# and inputs away from lgamma's zeros on the negative axis; sg: lgamma_r's signs.",
             "# The second run calls the same functions on double4 (vload4/vstore4). Arguments",
             "# whose reduction needs exact double RoundEven/Trunc above 2^24 (which lavapipe gets",
             "# wrong on CPUs without AVX-512F) are tested by vk_math_double_sweep_big instead."]
    if MEASURED:
        lines.append("# Largest error measured on lavapipe, in ulp:")
        items = [f"{k} {v}" for k, v in MEASURED.items()]
        for i in range(0, len(items), 8):
            lines.append("#   " + ", ".join(items[i:i + 8]))
    return "\n".join(lines) + "\n"


def toml(ulp0):
    t = header() + "\n"
    if ulp0:
        here = os.path.dirname(os.path.abspath(__file__))
        t += f'source = "{os.path.join(here, "vk_math_double_sweep.cl")}"\n\n'
    for kernel, g in (("vk_math_double_sweep", N), ("vk_math_double_sweep4", N // 4)):
        t += f'[[run]]\nkernel = "{kernel}"\nglobal = [{g}]\n\n'
        t += buf("xs", "double", data=xs) + "\n"
        t += buf("ys", "double", data=ys) + "\n"
        t += buf("ns", "int", data=ns) + "\n"
        for b in BUFS:
            t += buf(b, "double", expect=expect[b], ulp=0 if ulp0 else BOUND[b]) + "\n"
        t += buf("sg", "int", expect=signs) + "\n"
    return t.rstrip() + "\n"


def kernel():
    funcs = " \\\n".join(f"    O({b}, {call})" for name, b, call, ins, ref in F)
    params = ("global const double *xs, global const double *ys, global const int *ns, "
              + ", ".join(f"global double *{b}" for b in BUFS) + ", global int *sg")
    ks = ", ".join(f"{b}_k = 0" for b in BUFS)
    return f"""// Generated by make_vk_math_double_sweep.py: the double-precision math builtins the Vulkan
// target emulates, function k of input i reading xs/ys/ns[k * N + i] and writing its output
// buffer (one per ULP bound); expected values and tolerances in vk_math_double_sweep.toml.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define N {N}

#define FUNCS \\
{funcs}

double lgr(double x, global int *sign) {{
    int s;
    double r = lgamma_r(x, &s);
    *sign = s;
    return r;
}}

double4 lgr4(double4 x, global int *sign) {{
    int4 s;
    double4 r = lgamma_r(x, &s);
    vstore4(s, 0, sign);
    return r;
}}

kernel void vk_math_double_sweep({params}) {{
    int i = (int)get_global_id(0);
    int k = 0, {ks};
#define X xs[k * N + i]
#define Y ys[k * N + i]
#define NN ns[k * N + i]
#define LGAMMA_R(x) lgr(x, sg + i)
#define O(b, e) {{ b[(b##_k++) * N + i] = (e); k++; }}
    FUNCS
}}

#undef X
#undef Y
#undef NN
#undef LGAMMA_R
#undef O

kernel void vk_math_double_sweep4({params}) {{
    int i = (int)get_global_id(0);
    int k = 0, {ks};
#define X vload4(i, xs + k * N)
#define Y vload4(i, ys + k * N)
#define NN vload4(i, ns + k * N)
#define LGAMMA_R(x) lgr4(x, sg + 4 * i)
#define O(b, e) {{ vstore4((e), i, b + (b##_k++) * N); k++; }}
    FUNCS
}}
"""


def big():
    """vk_math_double_sweep_big.{cl,toml}."""
    u4 = [r_pi("sinpi")(x) for x in PX] + [r_pi("cospi")(x) for x in PX]
    u6 = [r_pi("tanpi")(x) for x in PX]
    ulg = [r_lgamma(x) for x in GX] * 2
    u16 = [math.copysign(0.0, float(mp.sinpi(M(x)))) for x in GX]  # tgamma underflows
    sg = [1 if mp.sinpi(M(x)) > 0 else -1 for x in GX]
    rnd = lambda vs: [rn(e) if not isinstance(e, float) else e for e in vs]
    t = ("# sinpi, cospi, tanpi, lgamma, lgamma_r and tgamma in double on the arguments of\n"
         "# vk_math_double_sweep that need exact double rounding above 2^24 (see\n"
         "# make_vk_math_double_sweep.py, lp_rounding), and more of them. Generated by\n"
         "# make_vk_math_double_sweep.py: mpmath at 320 bits rounded to nearest double.\n"
         "# lavapipe: llvmpipe rounds doubles with a float-only fallback when its vectors of 8\n"
         "# doubles (512 bits) have no rounding instruction, i.e. without AVX-512F. Since stop\n"
         "# 26 the Vulkan target rounds doubles from the bits (vkmath/exact.rs trunc_d, rint_d),\n"
         "# so every run here passes on lavapipe too.\n\n")
    for kernel, g in (("vk_math_double_sweep_big", NB), ("vk_math_double_sweep_big4", NB // 4)):
        t += f'[[run]]\nkernel = "{kernel}"\nglobal = [{g}]\n\n'
        t += buf("px", "double", data=PX) + "\n"
        t += buf("gx", "double", data=GX) + "\n"
        t += buf("u4", "double", expect=rnd(u4), ulp=4) + "\n"
        t += buf("u6", "double", expect=rnd(u6), ulp=6) + "\n"
        t += buf("ulg", "double", expect=rnd(ulg), ulp=16) + "\n"
        t += buf("u16", "double", expect=u16, ulp=16) + "\n"
        t += buf("sg", "int", expect=sg) + "\n"
    cl = f"""// Generated by make_vk_math_double_sweep.py: the double-precision functions that reduce
// their argument with RoundEven or Trunc, on arguments where that rounding is needed above
// 2^24; expected values in vk_math_double_sweep_big.toml.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define N {NB}

kernel void vk_math_double_sweep_big(global const double *px, global const double *gx, global double *u4, global double *u6, global double *ulg, global double *u16, global int *sg) {{
    int i = (int)get_global_id(0);
    int s;
    u4[i] = sinpi(px[i]);
    u4[N + i] = cospi(px[i]);
    u6[i] = tanpi(px[i]);
    ulg[i] = lgamma(gx[i]);
    ulg[N + i] = lgamma_r(gx[i], &s);
    sg[i] = s;
    u16[i] = tgamma(gx[i]);
}}

kernel void vk_math_double_sweep_big4(global const double *px, global const double *gx, global double *u4, global double *u6, global double *ulg, global double *u16, global int *sg) {{
    int i = (int)get_global_id(0);
    int4 s;
    double4 x = vload4(i, px), y = vload4(i, gx);
    vstore4(sinpi(x), i, u4);
    vstore4(cospi(x), i, u4 + N);
    vstore4(tanpi(x), i, u6);
    vstore4(lgamma(y), i, ulg);
    vstore4(lgamma_r(y, &s), i, ulg + N);
    vstore4(s, i, sg);
    vstore4(tgamma(y), i, u16);
}}
"""
    return t.rstrip() + "\n", cl


def ordered(x):
    import struct
    i = struct.unpack("<q", struct.pack("<d", x))[0]
    return -(i & 0x7FFFFFFFFFFFFFFF) if i < 0 else i


def measure(log):
    worst = {}
    pat = re.compile(r"`(\w+)`\[(\d+)\]: \w+ ([^ ,]+)(?: \([^)]*\))?, \w+ ([^ ,]+)")
    for line in open(log):
        m = pat.search(line)
        if not m or m.group(1) not in where:
            continue
        b, i = m.group(1), int(m.group(2))
        got, exp = float(m.group(3)), float(m.group(4))
        name = where[b][i]
        if math.isnan(got) or math.isnan(exp):
            d = 0 if math.isnan(got) and math.isnan(exp) else 10**30
        else:
            d = abs(ordered(got) - ordered(exp))
        if d > worst.get(name, (0, None))[0]:
            worst[name] = (d, xs[i + sum(len(f[3]) for f in F[:[f[0] for f in F].index(name)])
                              - sum(1 for j in range(i) if where[b][j] != name)])
    for name, *_ in F:
        print(name, *worst.get(name, (0, None)))


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    if "--measure" in sys.argv:
        measure(sys.argv[sys.argv.index("--measure") + 1])
        sys.exit(0)
    with open(os.path.join(here, "vk_math_double_sweep.toml"), "w") as fh:
        fh.write(toml(False))
    with open(os.path.join(here, "vk_math_double_sweep.cl"), "w") as fh:
        fh.write(kernel())
    t, cl = big()
    with open(os.path.join(here, "vk_math_double_sweep_big.toml"), "w") as fh:
        fh.write(t)
    with open(os.path.join(here, "vk_math_double_sweep_big.cl"), "w") as fh:
        fh.write(cl)
    if "--ulp0" in sys.argv:
        with open(sys.argv[sys.argv.index("--ulp0") + 1], "w") as fh:
            fh.write(toml(True))
