#!/usr/bin/env python3
"""Writes kernels/images/*.toml: inputs and expected values from an independent Python model of
OpenCL image reads and writes (nearest/linear filtering, addressing modes, border colours,
channel conversions and saturation), following the OpenCL C spec's image chapters.

    python3 kernels/images/make_specs.py [name...]     # default: all specs

Needs numpy (float32 emulation, float16 bit patterns). The .cl files are written by hand.
"""
import math, os, random, sys, textwrap
import numpy as np

OUT = os.path.dirname(os.path.abspath(__file__))
f32 = np.float32

def fmt(v):
    if isinstance(v, (float, np.floating)):
        x = float(v)
        if math.isnan(x): return "nan"
        if math.isinf(x): return "inf" if x > 0 else "-inf"
        r = repr(x)
        return r
    if isinstance(v, str): return v
    return str(int(v))

def arr(vals, per=16, indent="  "):
    vals = [fmt(v) for v in vals]
    if len(vals) <= per:
        return "[" + ", ".join(vals) + "]"
    lines = [indent + ", ".join(vals[i:i+per]) + "," for i in range(0, len(vals), per)]
    return "[\n" + "\n".join(lines) + "\n]"

def arg(name, kind, **kw):
    s = f'\n[[run.args]]\nname = "{name}"\nkind = "{kind}"\n'
    for k, v in kw.items():
        if isinstance(v, bool): s += f"{k} = {'true' if v else 'false'}\n"
        elif isinstance(v, str) and not v.startswith("[") and not v.startswith("{"): s += f'{k} = "{v}"\n'
        elif isinstance(v, list): s += f"{k} = {arr(v)}\n"
        else: s += f"{k} = {v}\n"
    return s

def run(kernel, glob, args, local=None):
    s = f'\n[[run]]\nkernel = "{kernel}"\nglobal = {list(glob)}\n'
    if local: s += f"local = {list(local)}\n"
    return s + "".join(args)

CONST_SAMPLER_BROKEN = ("clang-22 uses one OpConstantSampler in the kernel and in its "
    "__clang_ocl_kern_imp_ copy; the runtime's SPIR-V reader cannot share a constant sampler "
    "between functions: clBuildProgram fails with 'Never resolved value found in function'")
TWIN_NOTE = """
clang-22's module does not build (see reference_broken); the expected values were confirmed on
the runtime with kernels/images/clang_twin.py (clang-22's module minus the unused
__clang_ocl_kern_imp_ copies)."""

def write(name, header, body, cl_std=None, broken=None, twin_note=True):
    if broken and twin_note:
        header = header.rstrip() + TWIN_NOTE
    header = textwrap.fill(" ".join(header.split()), width=98)
    text = "".join("# " + l + "\n" for l in header.split("\n"))
    if cl_std: text += f'cl_std = "{cl_std}"\n'
    text += 'pending = "images"\n'
    if broken: text += f'reference_broken = "{broken}"\n'
    text += body
    open(f"{OUT}/{name}.toml", "w").write(text)

# ---- the model ----
def unorm8(k): return k / 255.0
def unorm16(k): return k / 65535.0

class Img:
    """pixels[(x, y, z)] = tuple of 4 read values (r, g, b, a) after format conversion."""
    def __init__(self, w, h, d, px, border):
        self.w, self.h, self.d, self.px, self.border = w, h, d, px, border
    def get(self, i, j=0, k=0):
        if 0 <= i < self.w and 0 <= j < self.h and 0 <= k < self.d:
            return self.px[(i, j, k)]
        return self.border

def rgba_from(order, ch):
    """ch: the stored channels in memory order, converted; returns (r, g, b, a)."""
    if order == "R": return (ch[0], 0, 0, 1)
    if order == "RG": return (ch[0], ch[1], 0, 1)
    if order == "RGBA": return tuple(ch)
    if order == "BGRA": return (ch[2], ch[1], ch[0], ch[3])
    raise ValueError(order)

def border_of(order):
    return (0, 0, 0, 0) if order in ("RGBA", "BGRA") else (0, 0, 0, 1)

def make(order, w, h, d, raw, conv=lambda v: v):
    n = {"R": 1, "RG": 2, "RGBA": 4, "BGRA": 4}[order]
    px = {}
    idx = 0
    for z in range(d):
        for y in range(h):
            for x in range(w):
                px[(x, y, z)] = rgba_from(order, [conv(v) for v in raw[idx:idx + n]])
                idx += n
    assert idx == len(raw)
    return Img(w, h, d, px, border_of(order))

def addr_nearest_unnorm(c, size, mode):
    i = math.floor(c)
    if mode == "clamp_to_edge": return min(max(i, 0), size - 1)
    if mode == "clamp": return min(max(i, -1), size)  # -1 / size: border
    return i

def repeat_nearest(s, size):
    s = f32(s)
    u = f32(s - f32(math.floor(s))) * f32(size)
    i = math.floor(u)
    return i - size if i > size - 1 else i

def flat(vs): return [c for v in vs for c in v]

# ---------------------------------------------------------------- read_sampler_arg
def g_read_sampler_arg():
    W, H = 4, 3
    rgba = [(37 * i + 11) % 256 for i in range(W * H * 4)]
    rgba[0:4] = [0, 255, 128, 64]
    bgra = [(53 * i + 200) % 256 for i in range(W * H * 4)]
    bgra[-4:] = [255, 0, 1, 254]
    A = make("RGBA", W, H, 1, rgba, unorm8)
    B = make("BGRA", W, H, 1, bgra, unorm8)
    body = ""
    for mode in ("clamp_to_edge", "clamp"):
        out = []
        for y in range(H + 2):
            for x in range(W + 2):
                i = addr_nearest_unnorm(x - 1, W, mode)
                j = addr_nearest_unnorm(y - 1, H, mode)
                out += list(A.get(i, j)) + list(B.get(i, j))
        body += run("read_sampler_arg", [W + 2, H + 2], [
            arg("rgba", "image", image="2d", width=W, height=H, channel_order="RGBA",
                channel_type="UNORM_INT8", data=rgba),
            arg("bgra", "image", image="2d", width=W, height=H, channel_order="BGRA",
                channel_type="UNORM_INT8", data=bgra),
            arg("s", "sampler", normalized=False, addressing=mode, filter="nearest"),
            arg("out", "buffer", type="float", len=len(out), expect=out, ulp=2),
        ])
    write("read_sampler_arg", """
read_imagef with a sampler argument and int2 coordinates on a 4x3 RGBA/UNORM_INT8 image and a
4x3 BGRA/UNORM_INT8 one (memory order b, g, r, a; read back as r, g, b, a). The 6x5 launch reads
coordinates -1..4 x -1..3: with clamp_to_edge the edge pixels repeat, with clamp the border
colour (0, 0, 0, 0) of RGBA/BGRA appears. Expected values: a Python model (k / 255 per channel);
ulp = 2 because the spec allows 1.5 ulp for UNORM_INT8 -> float (the runtime gives e.g.
0.20000002 for 51).""", body)

# ---------------------------------------------------------------- const_sampler
def g_const_sampler():
    W, H = 4, 4
    raw = []
    for y in range(H):
        for x in range(W):
            raw += [x + 10 * y, -(x * y) - 0.5]
    I = make("RG", W, H, 1, raw)
    coords = [(0.5, 0.5), (1.25, 2.75), (3.9, 0.1), (-0.5, 1.5), (4.5, -2.25), (9.7, 5.3),
              (-6.2, -0.6), (2.0, 3.0), (1.999, 3.001), (-0.1, 7.9), (15.3, -9.6), (0.75, 3.25)]
    out = []
    for cx, cy in coords:
        cx, cy = f32(cx), f32(cy)
        e = I.get(addr_nearest_unnorm(cx, W, "clamp_to_edge"), addr_nearest_unnorm(cy, H, "clamp_to_edge"))
        r = I.get(repeat_nearest(f32(cx / f32(W)), W), repeat_nearest(f32(cy / f32(H)), H))
        out += list(e) + list(r)
    body = run("const_sampler", [len(coords)], [
        arg("img", "image", image="2d", width=W, height=H, channel_order="RG", channel_type="FLOAT", data=raw),
        arg("coords", "buffer", type="float", data=[f32(c) for c in flat(coords)]),
        arg("out", "buffer", type="float", len=len(out), expect=out),
    ])
    write("const_sampler", """
Constant samplers read with float2 coordinates from a 4x4 RG/FLOAT image (r = x + 10y,
g = -xy - 0.5; reads give (r, g, 0, 1)): the program-scope unnormalized clamp-to-edge nearest
sampler takes floor() of each coordinate clamped to the image, the function-scope normalized
repeat sampler wraps coordinates / size. Coordinates include texel centres, integers, and points
outside the image on every side. Expected values: a Python model of the spec's nearest /
repeat formulas (in float32 where rounding could matter); exact.""", body, broken=CONST_SAMPLER_BROKEN)

# ---------------------------------------------------------------- linear_filter
def bilinear(I, u, v, mode):
    W, H = I.w, I.h
    def axis(s, size):
        if mode == "mirrored_repeat":
            sp = 2.0 * round(0.5 * s)  # ties cannot matter: the mirror is symmetric
            s = abs(s - sp)
        t = s * size - 0.5
        i0 = math.floor(t); a = t - i0; i1 = i0 + 1
        if mode in ("clamp_to_edge", "mirrored_repeat"):
            i0 = min(max(i0, 0), size - 1); i1 = min(max(i1, 0), size - 1)
        return i0, i1, a
    i0, i1, a = axis(u, W)
    j0, j1, b = axis(v, H)
    res = []
    for ch in range(4):
        t00, t10 = I.get(i0, j0)[ch], I.get(i1, j0)[ch]
        t01, t11 = I.get(i0, j1)[ch], I.get(i1, j1)[ch]
        res.append((1 - a) * (1 - b) * t00 + a * (1 - b) * t10 + (1 - a) * b * t01 + a * b * t11)
    return res

def g_linear_filter():
    W, H = 8, 4
    raw = [3 * x + 40 * y + (x * y) % 5 for y in range(H) for x in range(W)]
    I = make("R", W, H, 1, raw)
    texels = [(0.5, 0.5), (1.0, 0.5), (2.25, 1.75), (3.625, 2.125), (7.75, 3.5), (0.125, 0.25),
              (8.5, 1.0), (-1.25, 2.5), (4.0, 4.0), (6.875, -0.375), (-3.25, 1.5), (12.75, 5.25),
              (17.5, -2.0), (5.5, 2.5), (2.0, 1.0), (-9.375, 9.625)]
    body = ""
    for mode in ("clamp_to_edge", "clamp", "mirrored_repeat"):
        out = []
        for tx, ty in texels:
            p = bilinear(I, tx / W, ty / H, mode)
            out += [p[0], p[3]]
        body += run("linear_filter", [len(texels)], [
            arg("img", "image", image="2d", width=W, height=H, channel_order="R", channel_type="FLOAT", data=raw),
            arg("s", "sampler", normalized=True, addressing=mode, filter="linear"),
            arg("texel", "buffer", type="float", data=flat(texels)),
            arg("out", "buffer", type="float", len=len(out), expect=out, ulp=2),
        ])
    write("linear_filter", """
Bilinear filtering (normalized coordinates, CL_FILTER_LINEAR) on an 8x4 R/FLOAT image of small
integers, with clamp_to_edge, clamp (border (0, 0, 0, 1)) and mirrored_repeat samplers; out holds
(r, a) per point. Expected values: a Python model of the spec's linear-filter formulas. Every
sample point has texel fractions that are multiples of 1/8, so the weights are exact even at the
8 bits of sub-texel precision GPUs use, and the results are exact in float; ulp = 2 is margin
(OpenCL leaves linear-filter precision to the implementation; this runtime, checked separately
at fractions like 0.3 and 1/3, computes full float32 weights and matched a float64 model to 0
ulp).""", body)

# ---------------------------------------------------------------- read_int_formats
def g_read_int_formats():
    W, H = 3, 2
    rg = [-32768, 32767, -1, 1, 1234, -4321, 0, 7, -300, 300, 16, -16]
    u8 = [(29 * i + 3) % 256 for i in range(W * H * 4)]
    u8[:4] = [255, 0, 254, 1]
    u32 = [0xFFFFFFFF, 0, 0x80000000, 123456789, 7, 0xDEADBEEF]
    A = make("RG", W, H, 1, rg)
    B = make("RGBA", W, H, 1, u8)
    C = make("R", W, H, 1, u32)
    oi, ou = [], []
    for y in range(H + 2):
        for x in range(W + 2):
            i = addr_nearest_unnorm(x - 1, W, "clamp"); j = addr_nearest_unnorm(y - 1, H, "clamp")
            oi += list(A.get(i, j))
            ou += list(B.get(i, j))
            # float coordinates c + (0.75, 0.25): floor() gives c again
            ou += list(C.get(i, j))
    body = run("read_int_formats", [W + 2, H + 2], [
        arg("rg_i16", "image", image="2d", width=W, height=H, channel_order="RG", channel_type="SIGNED_INT16", data=rg),
        arg("rgba_u8", "image", image="2d", width=W, height=H, channel_order="RGBA", channel_type="UNSIGNED_INT8", data=u8),
        arg("r_u32", "image", image="2d", width=W, height=H, channel_order="R", channel_type="UNSIGNED_INT32",
            data=[f'0x{v:x}' for v in u32]),
        arg("border", "sampler", normalized=False, addressing="clamp", filter="nearest"),
        arg("oi", "buffer", type="int", len=len(oi), expect=oi),
        arg("ou", "buffer", type="uint", len=len(ou), expect=[f'0x{v:x}' if v > 0xffff else v for v in ou]),
    ])
    write("read_int_formats", """
read_imagei on RG/SIGNED_INT16 and read_imageui on RGBA/UNSIGNED_INT8 and R/UNSIGNED_INT32 (3x2
each) through an unnormalized CL_ADDRESS_CLAMP nearest sampler argument, int2 coordinates (and float2 ones for
the R image) from -1 to one past the edge. Missing channels read as 0 and alpha as 1; outside the
image the border colour is (0, 0, 0, 1) for R and RG and (0, 0, 0, 0) for RGBA. Expected values: a
Python model; exact.""", body)

# ---------------------------------------------------------------- write_images
def g_write_images():
    W, H = 4, 2
    sat = lambda v, lo, hi: min(max(v, lo), hi)
    unorm, flt, half, rg8, r16 = [], [], [], [], []
    for y in range(H):
        for x in range(W):
            k = x + 4 * y
            unorm += [sat(40 * k - 20, 0, 255), 255, 0, sat(275 - 40 * k, 0, 255)]
            flt += [float(x), float(y), -0.25 * k, float(f32(1e10))]
            half += [int(np.array([0.125 * k, -2.5, 65504.0, k - 3.0], dtype=np.float16).view(np.uint16)[c]) for c in range(4)]
            rg8 += [sat(100 * k - 350, -128, 127), -k]
            r16 += [sat(10000 * k, 0, 65535)]
    body = run("write_f", [W, H], [
        arg("unorm8", "image", image="2d", width=W, height=H, channel_order="RGBA", channel_type="UNORM_INT8", access="write", expect=unorm),
        arg("flt", "image", image="2d", width=W, height=H, channel_order="RGBA", channel_type="FLOAT", access="write", expect=flt),
        arg("half4", "image", image="2d", width=W, height=H, channel_order="RGBA", channel_type="HALF_FLOAT", access="write",
            expect=[f'0x{v:04x}' for v in half]),
    ])
    body += run("write_i", [W, H], [
        arg("rg8", "image", image="2d", width=W, height=H, channel_order="RG", channel_type="SIGNED_INT8", access="write", expect=rg8),
    ])
    body += run("write_ui", [W, H], [
        arg("r16", "image", image="2d", width=W, height=H, channel_order="R", channel_type="UNSIGNED_INT16", access="write", expect=r16),
    ])
    write("write_images", """
write_imagef into 4x2 write-only RGBA/UNORM_INT8 (values (40k - 20) / 255 for pixel k, 1.5, -0.5
and 1 - v, so rounding is never near a tie and saturation clamps to 0 and 255), RGBA/FLOAT and
RGBA/HALF_FLOAT images (half bit patterns; values exact in half); write_imagei into RG/SIGNED_INT8
(saturating to -128..127); write_imageui into R/UNSIGNED_INT16 (saturating at 65535). Images are
read back with clEnqueueReadImage. Expected values: Python (numpy float16 for the halves).""", body)

# ---------------------------------------------------------------- sampler_less
def g_sampler_less():
    W, H = 4, 2
    hv = [0.5 * (i - 7) for i in range(W * H * 4)]
    hv[3] = 65504.0; hv[7] = -0.0; hv[11] = 2.0 ** -14; hv[15] = 1.0 / 1024
    halves = [int(v) for v in np.array(hv, dtype=np.float16).view(np.uint16)]
    hvals = [float(v) for v in np.array(hv, dtype=np.float16)]
    lay = [(i * 9973 + 17) % 65536 for i in range(W * H * 2)]
    lay[0], lay[1] = 65535, 0
    ints = [(-1) ** i * (i * 123456789 % 2147483647) for i in range(8)]
    ints[7] = -2147483648
    Hh = make("RGBA", W, H, 1, hvals)
    L = make("RG", W, H, 1, lay, unorm16)
    of, oi = [], []
    for y in range(H):
        for x in range(W):
            of += list(Hh.get(x, y)) + list(L.get(x, y))
            oi += [ints[y * W + x], 0, 0, 1]
    body = run("sampler_less", [W, H], [
        arg("halves", "image", image="2d", width=W, height=H, channel_order="RGBA", channel_type="HALF_FLOAT",
            data=[f'0x{v:04x}' for v in halves]),
        arg("ints", "image", image="1d", width=8, channel_order="R", channel_type="SIGNED_INT32", data=ints),
        arg("layers", "image", image="1d_array", width=W, array_size=H, channel_order="RG", channel_type="UNORM_INT16", data=lay),
        arg("of", "buffer", type="float", len=len(of), expect=of, ulp=2),
        arg("oi", "buffer", type="int", len=len(oi), expect=oi),
    ])
    write("sampler_less", """
Sampler-less reads (OpenCL 1.2): read_imagef(image2d_t, int2) on a 4x2 RGBA/HALF_FLOAT image
(data are half bit patterns: -3.5..12, 65504, -0.0, 2^-14, 2^-10), read_imagef(image1d_array_t,
int2) on a 4-wide, 2-layer RG/UNORM_INT16 image (k / 65535; reads give (r, g, 0, 1)) and
read_imagei(image1d_t, int) on an 8-wide R/SIGNED_INT32 image. Expected values: Python (numpy
float16 for the halves); ulp = 2 for the UNORM_INT16 conversion (spec: 1.5 ulp), halves exact.""", body)

# ---------------------------------------------------------------- image_queries
def g_image_queries():
    CT = {"UNORM_INT8": 0x10D2, "FLOAT": 0x10DE, "SIGNED_INT16": 0x10D8, "HALF_FLOAT": 0x10DD, "UNSIGNED_INT8": 0x10DA}
    CO = {"R": 0x10B0, "RG": 0x10B2, "RGBA": 0x10B5, "BGRA": 0x10B6}
    o = [0] * 120
    def put(b, w, h, d, a, t, order): o[b:b + 6] = [w, h, d, a, CT[t], CO[order]]
    put(0, 5, 0, 0, 0, "FLOAT", "R")
    put(16, 7, 0, 0, 0, "UNORM_INT8", "RGBA")
    put(32, 3, 0, 0, 4, "SIGNED_INT16", "RG")
    put(48, 6, 5, 0, 0, "UNORM_INT8", "BGRA")
    put(64, 4, 3, 0, 2, "HALF_FLOAT", "R")
    put(80, 2, 3, 4, 0, "FLOAT", "RGBA")
    put(96, 9, 2, 0, 0, "UNSIGNED_INT8", "RG")
    o[6:16] = [6, 5, 4, 3, 2, 3, 4, 0, 9, 2]
    o[112:120] = [0x10D2, 0x10DE, 0x10D8, 0x10DD, 0x10B0, 0x10B2, 0x10B5, 0x10B6]
    body = run("image_queries", [1], [
        arg("i1", "image", image="1d", width=5, channel_order="R", channel_type="FLOAT"),
        arg("ib", "image", image="1d_buffer", width=7, channel_order="RGBA", channel_type="UNORM_INT8"),
        arg("i1a", "image", image="1d_array", width=3, array_size=4, channel_order="RG", channel_type="SIGNED_INT16"),
        arg("i2", "image", image="2d", width=6, height=5, channel_order="BGRA", channel_type="UNORM_INT8"),
        arg("i2a", "image", image="2d_array", width=4, height=3, array_size=2, channel_order="R", channel_type="HALF_FLOAT"),
        arg("i3", "image", image="3d", width=2, height=3, depth=4, channel_order="RGBA", channel_type="FLOAT"),
        arg("w2", "image", image="2d", width=9, height=2, channel_order="RG", channel_type="UNSIGNED_INT8", access="write"),
        arg("o", "buffer", type="int", len=120, expect=o),
    ])
    write("image_queries", """
get_image_width/height/depth/array_size/dim and get_image_channel_data_type/order on a 1d,
1d_buffer, 1d_array, 2d, 2d_array, 3d and a write-only 2d image (zero-filled: only the shapes
matter). Each image owns 16 ints of o: width, height, depth, array size, CLK_ channel type,
CLK_ channel order (0 where the query does not apply); o[6..15] hold get_image_dim of the 2d,
2d_array, 3d (w, h, d, 0) and write-only images; o[112..119] the CLK_* constants (same values as
CL_*: UNORM_INT8 0x10D2, FLOAT 0x10DE, SIGNED_INT16 0x10D8, HALF_FLOAT 0x10DD, R 0x10B0,
RG 0x10B2, RGBA 0x10B5, BGRA 0x10B6). Expected values: written out by hand.
clang-22's module returns the bare SPIR-V ImageChannelDataType from get_image_channel_data_type
(see reference_broken; its get_image_channel_order is an unresolved call to the builtin's
mangled name, which the runtime happens to resolve). The expected values were confirmed on the
runtime with kernels/images/clang_twin.py (clang-22's module with OpImageQueryFormat + 0x10D0 and
OpImageQueryOrder + 0x10B0, the lowering the OpenCL SPIR-V environment spec's channel mapping
tables imply).""", body, twin_note=False, broken="clang-22 lowers get_image_channel_data_type to a bare "
          "OpImageQueryFormat without adding CLK_SNORM_INT8 (0x10D0): FLOAT reads as 14, not 0x10DE")

# ---------------------------------------------------------------- image3d
def g_image3d():
    W, H, D = 4, 3, 2
    raw = []
    for z in range(D):
        for y in range(H):
            for x in range(W):
                raw += [x + 10 * y + 100 * z, -0.5 * (x + y + z)]
    V = make("RG", W, H, D, raw)
    o1 = []
    for z in range(D):
        for y in range(H):
            for x in range(W):
                p = V.get(x, y, z); o1 += [p[0], p[1]]
    texels = [(0.5, 0.5, 0.5), (3.9, 2.9, 1.9), (1.25, 2.5, 1.1), (-2.0, 1.5, 0.5), (5.5, -1.0, 3.5),
              (2.75, 0.25, -0.75), (0.1, 1.6, 1.4), (3.3, 4.4, 2.2)]
    o2 = []
    for t in texels:
        idx = []
        for c, n in zip(t, (W, H, D)):
            s = f32(f32(c) / f32(n))
            idx.append(min(max(math.floor(f32(s * f32(n))), 0), n - 1))
        p = V.get(*idx); o2 += [p[0], p[1]]
    body = run("image3d_int", [W, H, D], [
        arg("vol", "image", image="3d", width=W, height=H, depth=D, channel_order="RG", channel_type="FLOAT", data=raw),
        arg("plain", "sampler", normalized=False, addressing="none", filter="nearest"),
        arg("out", "buffer", type="float", len=len(o1), expect=o1),
    ])
    body += run("image3d_float", [len(texels)], [
        arg("vol", "image", image="3d", width=W, height=H, depth=D, channel_order="RG", channel_type="FLOAT", data=raw),
        arg("s", "sampler", normalized=True, addressing="clamp_to_edge", filter="nearest"),
        arg("texel", "buffer", type="float", data=flat([t + (1.0,) for t in texels])),
        arg("out", "buffer", type="float", len=len(o2), expect=o2),
    ])
    write("image3d", """
image3d_t reads from a 4x3x2 RG/FLOAT volume (r = x + 10y + 100z, g = -(x + y + z) / 2):
image3d_int reads every voxel with int4 coordinates through an unnormalized sampler argument with
addressing none (r) and the sampler-less form (g); image3d_float reads normalized float4 coordinates (texel / size)
through a nearest clamp-to-edge sampler argument, points inside and outside the volume. Expected
values: a Python model; exact.""", body)

# ---------------------------------------------------------------- image_arrays
def g_image_arrays():
    W, H, L = 4, 3, 3
    a2 = []
    for l in range(L):
        for y in range(H):
            for x in range(W):
                r = 1000 * l + 10 * y + x; a2 += [r, -r]
    A2 = make("RG", W, H, L, a2)
    W1, L1 = 4, 3
    a1 = [(17 * i + 5) % 256 - 128 for i in range(W1 * L1 * 4)]
    A1 = make("RGBA", W1, L1, 1, a1)   # a 1d array is stored like a W1 x L1 2d image
    coords = [(0.5, 0.5, 0.0), (3.7, 2.2, 0.4), (1.2, 1.9, 0.6), (2.5, 0.5, 1.2), (0.1, 2.9, 1.7),
              (-3.0, 4.5, -3.0), (5.5, -1.5, 7.0), (2.2, 1.1, 2.49), (3.9, 0.9, 1.51), (1.5, 2.5, -0.4)]
    out = []
    for cx, cy, cz in coords:
        layer2 = min(max(int(np.rint(cz)), 0), L - 1)
        i = min(max(math.floor(cx), 0), W - 1); j = min(max(math.floor(cy), 0), H - 1)
        out += list(A2.get(i, j, layer2))
        out += list(A2.get(i, j, min(max(math.floor(cz), 0), L - 1)))
        layer1 = min(max(int(np.rint(cz)), 0), L1 - 1)
        i1 = min(max(math.floor(cx), 0), W1 - 1)
        out += list(A1.get(i1, layer1))
        out += list(A1.get(i1, min(max(math.floor(cz), 0), L1 - 1)))
    body = run("image_arrays", [len(coords)], [
        arg("a2", "image", image="2d_array", width=W, height=H, array_size=L, channel_order="RG", channel_type="SIGNED_INT32", data=a2),
        arg("a1", "image", image="1d_array", width=W1, array_size=L1, channel_order="RGBA", channel_type="SIGNED_INT8", data=a1),
        arg("edge", "sampler", normalized=False, addressing="clamp_to_edge", filter="nearest"),
        arg("coords", "buffer", type="float", data=flat([c + (0.0,) for c in coords])),
        arg("out", "buffer", type="int", len=len(out), expect=out),
    ])
    write("image_arrays", """
Reads from a 4x3, 3-layer RG/SIGNED_INT32 image2d_array_t (r = 1000 layer + 10y + x, g = -r) and
a 4-wide, 3-layer RGBA/SIGNED_INT8 image1d_array_t: read_imagei with float coordinates through an
unnormalized clamp-to-edge sampler argument, where the layer is clamp(rint(layer), 0, layers - 1) (0.4 -> 0,
0.6 -> 1, 1.51 -> 2, 2.49 -> 2, 7 -> 2, -3 -> 0), and the sampler-less int forms on floor()ed,
clamped coordinates. Expected values: a Python model; exact.""", body)

# ---------------------------------------------------------------- image1d_buffer
def g_image1d_buffer():
    N = 8
    src = [0.25 * (i * 7 % 13) - 1.0 for i in range(N * 4)]
    dst = []
    for i in range(N):
        p = src[4 * (N - 1 - i): 4 * (N - i)]
        dst += [2 * p[0], 2 * p[1], 2 * p[2], 2 * p[3] + i]
    body = run("image1d_buffer", [N], [
        arg("src", "image", image="1d_buffer", width=N, channel_order="RGBA", channel_type="FLOAT", data=src),
        arg("dst", "image", image="1d_buffer", width=N, channel_order="RGBA", channel_type="FLOAT", access="write", expect=dst),
        arg("widths", "buffer", type="int", len=2, expect=[N, N]),
    ])
    write("image1d_buffer", """
image1d_buffer_t (clCreateImage on a buffer): dst[i] = 2 src[n - 1 - i] + (0, 0, 0, i) over 8
RGBA/FLOAT pixels of quarter values, with sampler-less read_imagef and write_imagef, plus
get_image_width of both. Expected values: Python; exact.""", body)

# ---------------------------------------------------------------- blur3x3
def g_blur3x3():
    W, H = 8, 6
    rnd = random.Random(2024)
    src = [rnd.randrange(256) for _ in range(W * H * 4)]
    def px(x, y, c):
        x = min(max(x, 0), W - 1); y = min(max(y, 0), H - 1)
        return src[(y * W + x) * 4 + c]
    dst = []
    for y in range(H):
        for x in range(W):
            for c in range(4):
                s = sum(px(x + dx, y + dy, c) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
                q, r = divmod(s, 9)
                dst.append(q + (1 if r >= 5 else 0))  # s / 9 is never a tie
    body = run("blur3x3", [W, H], [
        arg("src", "image", image="2d", width=W, height=H, channel_order="RGBA", channel_type="UNORM_INT8", data=src),
        arg("dst", "image", image="2d", width=W, height=H, channel_order="RGBA", channel_type="UNORM_INT8", access="write", expect=dst),
    ])
    write("blur3x3", """
3x3 box blur of an 8x6 RGBA/UNORM_INT8 image into another (edges clamped). The blurred channel is
S / 9 of the 9 stored values' sum S, written back with round-to-nearest; S / 9 is a multiple of
1/9, never within 0.05 of a tie, so float error cannot change the result. Expected values:
Python (random.Random(2024) input, integer arithmetic).""", body, broken=CONST_SAMPLER_BROKEN)

# ---------------------------------------------------------------- histogram_image
def g_histogram_image():
    W, H = 16, 8
    rnd = random.Random(77)
    img = [min(255, int(rnd.expovariate(1 / 60))) for _ in range(W * H)]
    bins = [0] * 16
    for v in img: bins[v >> 4] += 1
    body = run("histogram_image", [W, H], [
        arg("img", "image", image="2d", width=W, height=H, channel_order="R", channel_type="UNSIGNED_INT8", data=img),
        arg("bins", "buffer", type="uint", len=16, expect=bins),
    ])
    write("histogram_image", """
Histogram of a 16x8 R/UNSIGNED_INT8 image (values skewed towards 0: random.Random(77) with an
exponential distribution of mean 60, capped at 255) into 16 bins of value >> 4, one work-item per
pixel. Expected values: Python's counts.""", body)

# ---------------------------------------------------------------- bilinear_resize
def g_bilinear_resize():
    W, H = 4, 4
    src = []
    for y in range(H):
        for x in range(W):
            src += [8 * x, 8 * y, 4 * ((x * y) % 3), 16 * (x + y) - 64]
    S = make("RGBA", W, H, 1, src)
    dst = []
    for y in range(2 * H):
        for x in range(2 * W):
            dst += bilinear(S, (x + 0.5) / (2 * W), (y + 0.5) / (2 * H), "clamp_to_edge")
    body = run("bilinear_resize", [2 * W, 2 * H], [
        arg("src", "image", image="2d", width=W, height=H, channel_order="RGBA", channel_type="FLOAT", data=src),
        arg("dst", "image", image="2d", width=2 * W, height=2 * H, channel_order="RGBA", channel_type="FLOAT", access="write",
            expect=dst, ulp=2),
    ])
    write("bilinear_resize", """
Bilinear 2x upscale of a 4x4 RGBA/FLOAT image of integers into an 8x8 one: destination pixel
centres sample the source at texel fractions 0.25 / 0.75 (clamped at the edges), so the results
are exact in float (ulp = 2 is margin). Expected values: a Python model of the spec's linear
filter.""", body, broken=CONST_SAMPLER_BROKEN)

# ---------------------------------------------------------------- read_write_image
def g_read_write_image():
    W, H = 4, 4
    v = [0.25 * (i * 5 % 17) - 2.0 for i in range(W * H)]
    new = [2 * x + 1 for x in v]
    body = run("read_write_image", [W, H], [
        arg("img", "image", image="2d", width=W, height=H, channel_order="R", channel_type="FLOAT", access="read_write",
            data=v, expect=new),
        arg("again", "buffer", type="float", len=W * H, expect=new),
    ])
    write("read_write_image", """
OpenCL 2.0 read_write image2d_t (4x4 R/FLOAT, created CL_MEM_READ_WRITE): each work-item reads
its pixel, writes 2v + 1, fences with atomic_work_item_fence(CLK_IMAGE_MEM_FENCE) and reads it
again; both the image and the re-read values must be 2v + 1. Expected values: Python; exact.""",
          body, cl_std="CL2.0")

ALL = {k[2:]: v for k, v in globals().items() if k.startswith("g_")}
for name in (sys.argv[1:] or ALL):
    ALL[name]()
    print("wrote", name)
