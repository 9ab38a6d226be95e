#!/usr/bin/env python3
"""Writes kernels/images/sampler_modes.toml: reads through sampler arguments of every addressing
mode and filter (normalized and unnormalized coordinates) on a 2D R/FLOAT and a 3D RG/FLOAT image,
with expected values from a Python model of the OpenCL C spec's formulas (section "Image
addressing and filtering"): nearest i = floor(u), linear i0 = floor(u - 0.5), a = frac(u - 0.5),
repeat and mirrored-repeat as the spec writes them, border colour (0, 0, 0, 1) for R and RG.

    python3 kernels/images/make_sampler_modes.py

Every coordinate is a multiple of 1/8 texel (normalized ones divided by a power-of-two size), so
the weights and results are exact in float and the model needs no float32 emulation.
"""
import math, os

OUT = os.path.dirname(os.path.abspath(__file__))
W2, H2 = 8, 4
W3, H3, D3 = 4, 4, 2

IMG2 = [float((3 * x + 5 * y) % 11 - 4) for y in range(H2) for x in range(W2)]
# RG: two channels per texel, in memory order.
IMG3 = []
for z in range(D3):
    for y in range(H3):
        for x in range(W3):
            IMG3 += [float(x + 4 * y + 16 * z), float((x * y + z) % 7) - 3.0]


def texel2(i, j, k):
    return (IMG2[j * W2 + i], 0.0, 0.0, 1.0)


def texel3(i, j, k):
    b = 2 * ((k * H3 + j) * W3 + i)
    return (IMG3[b], IMG3[b + 1], 0.0, 1.0)


BORDER = (0.0, 0.0, 0.0, 1.0)  # CL_R and CL_RG


def mirror(s):
    sp = 2.0 * round_half_even(0.5 * s)
    return abs(s - sp)


def round_half_even(x):
    return float(round(x))  # Python's round() is round-half-even


def nearest_index(s, size, norm, mode):
    """The texel index, or None for the border colour."""
    if mode == "repeat":
        u = (s - math.floor(s)) * size
        i = math.floor(u)
        return i - size if i > size - 1 else i
    if mode == "mirrored_repeat":
        u = mirror(s) * size
        return min(math.floor(u), size - 1)
    u = s * size if norm else s
    i = math.floor(u)
    if mode == "clamp":
        return i if 0 <= i < size else None
    return min(max(i, 0), size - 1)  # clamp_to_edge


def linear_axis(s, size, norm, mode):
    """(i0, i1, a): indices (None = border) and the weight of i1."""
    if mode == "repeat":
        u = (s - math.floor(s)) * size
    elif mode == "mirrored_repeat":
        u = mirror(s) * size
    else:
        u = s * size if norm else s
    t = u - 0.5
    i0 = math.floor(t)
    a = t - i0
    i1 = i0 + 1
    if mode == "repeat":
        if i0 < 0:
            i0 += size
        if i1 > size - 1:
            i1 -= size
    elif mode == "mirrored_repeat":
        i0 = max(i0, 0)
        i1 = min(i1, size - 1)
    elif mode == "clamp":
        i0 = i0 if 0 <= i0 < size else None
        i1 = i1 if 0 <= i1 < size else None
    else:
        i0 = min(max(i0, 0), size - 1)
        i1 = min(max(i1, 0), size - 1)
    return i0, i1, a


def read(texel, sizes, coord, norm, mode, filt):
    n = len(sizes)
    if filt == "nearest":
        idx = [nearest_index(coord[d], sizes[d], norm, mode) for d in range(n)]
        if any(i is None for i in idx):
            return BORDER
        idx += [0] * (3 - n)
        return texel(*idx)
    axes = [linear_axis(coord[d], sizes[d], norm, mode) for d in range(n)]
    out = [0.0] * 4
    for corner in range(1 << n):
        pick = [(corner >> d) & 1 for d in range(n)]
        w = 1.0
        idx = []
        for d in range(n):
            i0, i1, a = axes[d]
            w *= a if pick[d] else 1.0 - a
            idx.append(i1 if pick[d] else i0)
        t = BORDER if any(i is None for i in idx) else texel(*(idx + [0] * (3 - n)))
        for c in range(4):
            out[c] += w * t[c]
    return tuple(out)


# Points in texels of the 2D image (x, y) and of the 3D image (x, y, z): inside, on texel
# centres and edges, and outside on every side.
POINTS = [
    (0.5, 0.5, 0.5), (1.0, 1.0, 1.0), (2.25, 1.75, 0.375), (3.625, 2.125, 1.625),
    (7.75, 3.5, 1.875), (0.125, 0.25, 0.125), (8.5, 1.0, 2.5), (-1.25, 2.5, -0.75),
    (4.0, 4.0, 2.0), (6.875, -0.375, 0.25), (-3.25, 1.5, 3.25), (12.75, 5.25, -1.5),
    (17.5, -2.0, 1.0), (5.5, 2.5, 0.875), (-9.375, 9.625, 5.125), (3.0, 0.0, 0.0),
]

SAMPLERS = [
    (False, "clamp_to_edge", "nearest"), (False, "clamp", "nearest"),
    (False, "clamp_to_edge", "linear"), (False, "clamp", "linear"),
    (True, "clamp_to_edge", "nearest"), (True, "clamp", "linear"),
    (True, "repeat", "nearest"), (True, "repeat", "linear"),
    (True, "mirrored_repeat", "nearest"), (True, "mirrored_repeat", "linear"),
]


def fmt(v):
    return repr(float(v))


def arr(vals, per=16):
    vals = [fmt(v) for v in vals]
    return "[\n" + "\n".join("  " + ", ".join(vals[i:i + per]) + "," for i in range(0, len(vals), per)) + "\n]"


def main():
    text = "".join("# " + l + "\n" for l in """\
Every addressing mode with nearest and linear filtering, unnormalized and normalized coordinates,
through a sampler argument passed to helper functions, on an 8x4 R/FLOAT and a 4x4x2 RG/FLOAT image
(border colour (0, 0, 0, 1)). coords holds (x, y, z, 0) per point: texels for unnormalized
samplers; for normalized ones (x / 8, y / 4, z / 2) for both reads.
Expected values: kernels/images/make_sampler_modes.py, a Python model of the spec's formulas; all
weights are multiples of 1/8, so results are exact.""".split("\n"))
    for norm, mode, filt in SAMPLERS:
        coords, out = [], []
        for (x, y, z) in POINTS:
            if norm:
                # One float4 serves both reads: x and y normalized by the 2D image's size.
                c2, c3 = (x / W2, y / H2), (x / W2, y / H2, z / D3)
                coords += [x / W2, y / H2, z / D3, 0.0]
            else:
                c2, c3 = (x, y), (x, y, z)
                coords += [x, y, z, 0.0]
            out += list(read(texel2, (W2, H2), c2, norm, mode, filt))
            out += list(read(texel3, (W3, H3, D3), c3, norm, mode, filt))
        text += '\n[[run]]\nkernel = "sampler_modes"\nglobal = [%d]\n' % len(POINTS)
        text += ('\n[[run.args]]\nname = "img2"\nkind = "image"\nimage = "2d"\nwidth = %d\nheight = %d\n'
                 'channel_order = "R"\nchannel_type = "FLOAT"\ndata = %s\n' % (W2, H2, arr(IMG2)))
        text += ('\n[[run.args]]\nname = "img3"\nkind = "image"\nimage = "3d"\nwidth = %d\nheight = %d\n'
                 'depth = %d\nchannel_order = "RG"\nchannel_type = "FLOAT"\ndata = %s\n' % (W3, H3, D3, arr(IMG3)))
        text += ('\n[[run.args]]\nname = "s"\nkind = "sampler"\nnormalized = %s\naddressing = "%s"\n'
                 'filter = "%s"\n' % ("true" if norm else "false", mode, filt))
        text += '\n[[run.args]]\nname = "coords"\nkind = "buffer"\ntype = "float"\ndata = %s\n' % arr(coords)
        text += ('\n[[run.args]]\nname = "out"\nkind = "buffer"\ntype = "float"\nlen = %d\nexpect = %s\n'
                 % (len(out), arr(out)))
    open(os.path.join(OUT, "sampler_modes.toml"), "w").write(text)
    print("wrote sampler_modes.toml")


main()
