#!/usr/bin/env python3
"""Writes kernels/bench/*.toml: small-size correctness specs for bench/gpu/kernels/*.cl.

Inputs use the runner's seeded `fill` generator (reimplemented here to compute the expected
values); outputs carry `expect` lists computed here. Run from the repository root:
    python3 bench/gpu/tools/gen_specs.py
"""
import math
import os
import struct
from fractions import Fraction

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
OUT = os.path.join(ROOT, "kernels", "bench")
M64 = (1 << 64) - 1


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def fma32(a, b, c):
    """fma on float32 values, rounded once (exact rational arithmetic, then to f32 by hand)."""
    return round_f32(Fraction(a) * Fraction(b) + Fraction(c))


def round_f32(q):
    """Round a Fraction to the nearest float32 (ties to even), without double rounding."""
    if q == 0:
        return 0.0
    sign = -1.0 if q < 0 else 1.0
    q = abs(q)
    e = math.floor(math.log2(q.numerator) - math.log2(q.denominator))
    # make sure 2^e <= q < 2^(e+1)
    while Fraction(2) ** e > q:
        e -= 1
    while Fraction(2) ** (e + 1) <= q:
        e += 1
    e = max(e, -126)
    ulp = Fraction(2) ** (e - 23)
    m = q / ulp
    n = math.floor(m)
    r = m - n
    if r > Fraction(1, 2) or (r == Fraction(1, 2) and n % 2 == 1):
        n += 1
    return sign * float(n * ulp)


def fill(seed, lo, hi, scale, n):
    """The runner's `fill = { seed, min, max, scale }` for float buffers."""
    state = seed
    out = []
    span = hi - lo + 1
    for _ in range(n):
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        x = z ^ (z >> 31)
        out.append(f32((lo + x % span) / scale))
    return out


def fmt(vals, per_line=16):
    lines = []
    for i in range(0, len(vals), per_line):
        lines.append("  " + ", ".join(repr(float(v)) for v in vals[i:i + per_line]) + ",")
    return "[\n" + "\n".join(lines) + "\n]"


def run(kernel, glob, local):
    s = f'[[run]]\nkernel = "{kernel}"\nglobal = {list(glob)}\n'
    if local:
        s += f"local = {list(local)}\n"
    return s + "\n"


def buf_fill(name, n, seed, lo, hi, scale):
    return (f'[[run.args]]\nname = "{name}"\nkind = "buffer"\ntype = "float"\n'
            f"fill = {{ seed = {seed}, min = {lo}, max = {hi}, scale = {scale} }}\nlen = {n}\n\n")


def buf_data(name, vals):
    return f'[[run.args]]\nname = "{name}"\nkind = "buffer"\ntype = "float"\ndata = {fmt(vals)}\n\n'


def buf_out(name, vals, ulp=0):
    s = f'[[run.args]]\nname = "{name}"\nkind = "buffer"\ntype = "float"\nlen = {len(vals)}\n'
    if ulp:
        s += f"ulp = {ulp}\n"
    return s + f"expect = {fmt(vals)}\n\n"


def scalar(name, ty, v):
    return f'[[run.args]]\nname = "{name}"\nkind = "scalar"\ntype = "{ty}"\nvalue = {v}\n\n'


def ulp32(x):
    """The spacing of the float32 values in x's binade (x normal, or 0)."""
    x = abs(x)
    if x < 2.0 ** -126:
        return 2.0 ** -149
    return 2.0 ** (math.frexp(x)[1] - 24)


def ordered32(x):
    i = struct.unpack("<i", struct.pack("<f", x))[0]
    return -(i & 0x7FFFFFFF) if i < 0 else i


def nbody_bound(px, py, pz, pm, eps2, acc):
    """The largest distance, in float32 steps, from an expected component of acc to a result
    that nbody.cl can give with an rsqrt within 2 ulp (OpenCL, Vulkan) and every other
    operation as written (the fmas and subtractions are exact roundings, so rx, ry, rz and d2
    are the reference's). Per term t = r * m / d2^1.5: rsqrt' = rsqrt (1 + e), |e| <= 2^-22
    (2 ulp are at most 2 * 2^-23 of the value), and three roundings to s, so s' = s (1 + d)
    with |d| <= (1 + 2^-22)^3 (1 + 2^-24)^3 - 1. Each fma of the sum adds at most half a step
    of its result, whose magnitude is at most |exact partial sum| + the error so far. The
    exact sums are computed in double (relative error about n * 2^-53, covered by a margin)."""
    n = len(px)
    eps = (1 + 2.0 ** -22) ** 3 * (1 + 2.0 ** -24) ** 3 - 1
    worst = 0
    for i in range(n):
        for c, p in enumerate((px, py, pz)):
            v = e = 0.0
            for j in range(n):
                rx, ry, rz = f32(px[j] - px[i]), f32(py[j] - py[i]), f32(pz[j] - pz[i])
                # rz * rz + eps2 and the rest are exact in double here (multiples of 2^-30
                # below 2^6), so this is the kernel's fma chain.
                d2 = f32(rx * rx + f32(ry * ry + f32(rz * rz + eps2)))
                term = (rx, ry, rz)[c] * pm[j] / (d2 * math.sqrt(d2))
                v += term
                e += abs(term) * eps
                e += 0.5 * ulp32(abs(v) * (1 + 2.0 ** -40) + e)
            e *= 1 + 2.0 ** -20
            x = acc[4 * i + c]
            lo, hi = f32(v - e), f32(v + e)
            worst = max(worst, abs(ordered32(x) - ordered32(lo)), abs(ordered32(hi) - ordered32(x)))
    return worst


HEAD = "# Generated by bench/gpu/tools/gen_specs.py: small-size checks of the GPU benchmark kernel\n"


def write(name, text):
    with open(os.path.join(OUT, name + ".toml"), "w") as f:
        f.write(text.rstrip() + "\n")


def main():
    os.makedirs(OUT, exist_ok=True)

    # copy.cl
    a = fill(1, -1000, 1000, 8, 256)
    t = HEAD + '# (bench/gpu/kernels/copy.cl).\nsource = "../../bench/gpu/kernels/copy.cl"\n\n'
    t += "# float4: 64 work-items in groups of 16\n" + run("copy_float4", [64], [16])
    t += buf_fill("in", 256, 1, -1000, 1000, 8) + buf_out("out", a)
    t += "# float: 256 work-items in groups of 64\n" + run("copy_float", [256], [64])
    t += buf_fill("in", 256, 1, -1000, 1000, 8) + buf_out("out", a)
    write("copy", t)

    # saxpy.cl
    x = fill(2, -1000, 1000, 8, 256)
    y = fill(3, -1000, 1000, 8, 256)
    alpha = 1.5
    t = HEAD + '# (bench/gpu/kernels/saxpy.cl).\nsource = "../../bench/gpu/kernels/saxpy.cl"\n\n'
    t += run("saxpy", [256], [64]) + scalar("a", "float", alpha)
    t += buf_fill("x", 256, 2, -1000, 1000, 8)
    t += (f'[[run.args]]\nname = "y"\nkind = "buffer"\ntype = "float"\n'
          f"fill = {{ seed = 3, min = -1000, max = 1000, scale = 8 }}\nlen = 256\n"
          f"expect = {fmt([fma32(alpha, xi, yi) for xi, yi in zip(x, y)])}\n\n")
    write("saxpy", t)

    # reduce.cl: multiples of 1/8 below 2^7 in magnitude, so every partial sum is exact and
    # the expected values do not depend on the order of the additions.
    t = HEAD + '# (bench/gpu/kernels/reduce.cl).\nsource = "../../bench/gpu/kernels/reduce.cl"\n\n'
    # pass-1 shape: 2 groups of 256 over 1024 float4 (each work-item reads 2)
    v = fill(4, -1000, 1000, 8, 4096)
    gsz = 512
    sums = []
    for g in range(2):
        s = Fraction(0)
        for item in range(g * 256, g * 256 + 256):
            for i in range(item, 1024, gsz):
                s += sum(Fraction(q) for q in v[4 * i:4 * i + 4])
        sums.append(float(s))
    t += "# pass-1 shape: 2 groups of 256 over 1024 float4 (2 per work-item)\n"
    t += run("reduce_sum", [512], [256]) + buf_fill("in", 4096, 4, -1000, 1000, 8)
    t += buf_out("out", sums) + scalar("n4", "uint", 1024)
    # pass-2 shape: one group over 300 float4 (work-items 0..43 read 2, the rest 1)
    v = fill(5, -1000, 1000, 8, 1200)
    t += "# pass-2 shape: one group of 256 over 300 float4 (not a multiple of the group)\n"
    t += run("reduce_sum", [256], [256]) + buf_fill("in", 1200, 5, -1000, 1000, 8)
    t += buf_out("out", [float(sum(Fraction(q) for q in v))]) + scalar("n4", "uint", 300)
    write("reduce", t)

    # transpose.cl: 32 rows x 64 columns (not square: swapped sizes would show)
    cols, rows = 64, 32
    v = fill(6, -1000, 1000, 8, cols * rows)
    outv = [v[r * cols + c] for c in range(cols) for r in range(rows)]
    t = HEAD + '# (bench/gpu/kernels/transpose.cl).\nsource = "../../bench/gpu/kernels/transpose.cl"\n\n'
    t += "# in: 32 rows x 64 columns; 2 x 1 groups of 32x32\n"
    t += run("transpose", [cols, rows], [32, 32]) + buf_fill("in", cols * rows, 6, -1000, 1000, 8)
    t += buf_out("out", outv) + scalar("cols", "uint", cols) + scalar("rows", "uint", rows)
    write("transpose", t)

    # sgemm.cl: small integers / 4, so every dot product is exact in float.
    def gemm(A, B, M, N, K):
        return [float(sum(Fraction(A[r * K + k]) * Fraction(B[k * N + c]) for k in range(K)))
                for r in range(M) for c in range(N)]

    t = HEAD + '# (bench/gpu/kernels/sgemm.cl).\nsource = "../../bench/gpu/kernels/sgemm.cl"\n\n'
    M, N, K = 32, 48, 64
    A = fill(7, -16, 16, 4, M * K)
    B = fill(8, -16, 16, 4, K * N)
    t += f"# sgemm_tile16: M={M} N={N} K={K}, 3 x 2 groups of 16x16\n"
    t += run("sgemm_tile16", [N, M], [16, 16])
    t += buf_fill("A", M * K, 7, -16, 16, 4) + buf_fill("B", K * N, 8, -16, 16, 4)
    t += buf_out("C", gemm(A, B, M, N, K))
    t += scalar("M", "uint", M) + scalar("N", "uint", N) + scalar("K", "uint", K)
    M, N, K = 128, 64, 32
    A = fill(9, -16, 16, 4, M * K)
    B = fill(10, -16, 16, 4, K * N)
    t += f"# sgemm_reg64: M={M} N={N} K={K}: 1 x 2 groups of 16x16, each a 64x64 block of C\n"
    t += run("sgemm_reg64", [N // 4, M // 4], [16, 16])
    t += buf_fill("A", M * K, 9, -16, 16, 4) + buf_fill("B", K * N, 10, -16, 16, 4)
    t += buf_out("C", gemm(A, B, M, N, K))
    t += scalar("M", "uint", M) + scalar("N", "uint", N) + scalar("K", "uint", K)
    write("sgemm", t)

    # nbody.cl: 512 bodies (2 groups, 2 tiles). The expected values follow the kernel's
    # float32 arithmetic step by step with a correctly rounded rsqrt. A device's rsqrt may be
    # 2 ulp off (OpenCL's rsqrt, Vulkan's InverseSqrt), which moves each term r*s by up to
    # about 21 * 2^-24 of itself, and every fma of the sum may round differently, so a
    # component's error is bounded by sum_j |term_j| * 21 * 2^-24 plus the roundings along the
    # way (nbody_bound). With 512 bodies in a cube that bound is huge, measured in ulp of the
    # result, where a component is a small sum of large terms: the first version of this spec
    # had acc[402] = 0.0267 from terms summing 198 in magnitude (a 7,400-fold cancellation),
    # bounded only to 155,501 ulp. It landed 256 ulp away with Intel's CPU runtime on an
    # AVX-512 CPU, 2,084 on an AVX2 one (whose rsqrt, like lavapipe's InverseSqrt there, is
    # within 1.45 ulp on all 262,144 operands: a different rounding, not a bug), and 900 with
    # NVIDIA's InverseSqrt.
    # So the last body is a heavy one outside the cube (mass 2^17 at (2.5, 3, 3.5)): its pull
    # dominates every other body's acceleration, and its own is a sum of terms of one sign.
    # No component then cancels much, and `ulp` is the largest bound over all components.
    n = 512
    eps2 = f32(0.01)
    px = fill(11, -1024, 1024, 1024, n)
    py = fill(12, -1024, 1024, 1024, n)
    pz = fill(13, -1024, 1024, 1024, n)
    pm = fill(14, 64, 128, 128, n)
    px[-1], py[-1], pz[-1], pm[-1] = 2.5, 3.0, 3.5, 131072.0
    pos = []
    for i in range(n):
        pos += [px[i], py[i], pz[i], pm[i]]
    acc = []
    for i in range(n):
        ax = ay = az = 0.0
        for j in range(n):
            rx = f32(px[j] - px[i])
            ry = f32(py[j] - py[i])
            rz = f32(pz[j] - pz[i])
            d2 = fma32(rx, rx, fma32(ry, ry, fma32(rz, rz, eps2)))
            inv = f32(1.0 / math.sqrt(d2))
            s = f32(pm[j] * f32(f32(inv * inv) * inv))
            ax = fma32(rx, s, ax)
            ay = fma32(ry, s, ay)
            az = fma32(rz, s, az)
        acc += [ax, ay, az, 0.0]
    ulp = nbody_bound(px, py, pz, pm, eps2, acc)
    t = HEAD + '# (bench/gpu/kernels/nbody.cl).\nsource = "../../bench/gpu/kernels/nbody.cl"\n\n'
    t += ("# 511 bodies in [-1,1]^3 with masses in [0.5,1] and one of mass 2^17 at (2.5, 3, 3.5):\n"
          "# 2 groups, 2 tiles of 256. ulp: the largest error a 2-ulp rsqrt can cause in a\n"
          "# component (see gen_specs.py, nbody_bound).\n")
    t += run("nbody", [n], [256]) + buf_data("pos", pos) + buf_out("acc", acc, ulp=ulp)
    t += scalar("n", "uint", n) + scalar("eps2", "float", repr(eps2))
    write("nbody", t)


if __name__ == "__main__":
    main()
