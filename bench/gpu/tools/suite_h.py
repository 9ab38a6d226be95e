#!/usr/bin/env python3
"""Turns bench/gpu/suite.toml into a C++ header for cuda/bench.cu (no TOML parser in C++).

    python3 bench/gpu/tools/suite_h.py bench/gpu/suite.toml > build/suite_gen.h
    python3 bench/gpu/tools/suite_h.py --small bench/gpu/suite.toml > ...   (the `small` sizes)

Evaluates the parameter expressions and unrolls the dispatch loops (as gpu-bench's
suite.rs does), and checks the suite: names resolve, every global size is a multiple of its
local size, each verify block has the keys its `ref` needs.
"""
import re
import sys
import tomllib

# per ref: the buffer keys and the other keys it needs (host/src/suite.rs ref_keys)
VERIFY_KEYS = {
    "copy": (["src", "dst"], ["sample"]),
    "saxpy": (["x", "y"], ["alpha", "sample", "tol"]),
    "sum": (["src", "dst"], ["tol"]),
    "dot": (["x", "y", "dst"], ["tol"]),
    "transpose": (["src", "dst"], ["rows", "cols", "sample"]),
    "sgemm": (["a", "b", "c"], ["m", "n", "k", "sample", "tol"]),
    "nbody": (["pos", "acc"], ["n", "eps2", "sample", "tol"]),
    "none": ([], []),
    "exclusive_scan": (["src", "dst"], []),
    "histogram": (["src", "dst"], []),
    "sorted": (["src", "dst"], []),
    "philox": (["dst"], ["ctr", "k0", "k1", "sample"]),
    "floyd": (["src", "dst"], ["n", "sample"]),
    "kmeans": (["a", "b", "c"], ["m", "n", "k", "sample"]),
    "max": (["dst"], ["max"]),
}
BUF_KEYS = ["src", "dst", "x", "y", "a", "b", "c", "pos", "acc"]
INT_KEYS = ["sample", "rows", "cols", "m", "n", "k", "ctr", "k0", "k1", "max"]
MAX_BUFS, MAX_ARGS, MAX_OUTPUTS = 8, 8, 4


def die(msg):
    sys.exit(f"suite_h.py: {msg}")


def cstr(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


# ---- integer expressions (host/src/expr.rs): + - * / % (C precedence, truncating), unary
# minus, parentheses, cdiv, log2, min, max
TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_]\w*)|(.))")


def evaluate(text, names):
    if isinstance(text, bool) or not isinstance(text, (int, str)):
        die(f"not an integer expression: {text!r}")
    if isinstance(text, int):
        return text
    toks = []
    for m in TOKEN.finditer(text):
        if m.group(1):
            toks.append(("num", int(m.group(1))))
        elif m.group(2):
            toks.append(("name", m.group(2)))
        elif m.group(3) and not m.group(3).isspace():
            toks.append(("op", m.group(3)))
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else (None, None)

    def eat(op):
        if peek() == ("op", op):
            pos[0] += 1
            return True
        return False

    def cdivt(a, b):
        if b == 0:
            die(f"division by zero in `{text}`")
        q = abs(a) // abs(b)
        return q if (a >= 0) == (b >= 0) else -q

    def sum_():
        v = prod()
        while True:
            if eat("+"):
                v += prod()
            elif eat("-"):
                v -= prod()
            else:
                return v

    def prod():
        v = unary()
        while True:
            if eat("*"):
                v *= unary()
            elif eat("/"):
                v = cdivt(v, unary())
            elif eat("%"):
                d = unary()
                v = v - cdivt(v, d) * d
            else:
                return v

    def unary():
        if eat("-"):
            return -unary()
        if eat("("):
            v = sum_()
            if not eat(")"):
                die(f"expected ) in `{text}`")
            return v
        kind, val = peek()
        pos[0] += 1
        if kind == "num":
            return val
        if kind != "name":
            die(f"unexpected {val!r} in `{text}`")
        if eat("("):
            args = [sum_()]
            while eat(","):
                args.append(sum_())
            if not eat(")"):
                die(f"expected ) in `{text}`")
            if val == "cdiv" and len(args) == 2:
                return -(-args[0] // args[1])
            if val == "log2" and len(args) == 1:
                a = args[0]
                if a <= 0 or a & (a - 1):
                    die(f"log2({a}): not a power of two")
                return a.bit_length() - 1
            if val in ("min", "max") and len(args) == 2:
                return min(args) if val == "min" else max(args)
            die(f"unknown function {val} in `{text}`")
        if val not in names:
            die(f"unknown name `{val}` in `{text}`")
        v = names[val]
        if not isinstance(v, int) or isinstance(v, bool):
            die(f"`{val}` is not an integer")
        return v

    v = sum_()
    if pos[0] != len(toks):
        die(f"unexpected tokens in `{text}`")
    return v


def init_c(init, ty, names, where):
    empty = "0ull, 0ull, 0ull, 0ull, 0ull"
    if init == "poison":
        return f"{{INIT_POISON, 0, {{}}, {empty}}}"
    if init == "zero":
        return f"{{INIT_ZERO, 0, {{}}, {empty}}}"
    if isinstance(init, dict) and "csr" in init:
        if ty != "uint":
            die(f"{where}: a CSR structure is uint")
        kind = {"row_ptr": "INIT_CSR_ROW_PTR", "cols": "INIT_CSR_COLS"}.get(init["csr"])
        if not kind:
            die(f"{where}: csr is row_ptr or cols")
        r, c, p, v = (evaluate(init[k], names) for k in ("rows", "cols", "per_row", "vary"))
        if v > p or r % 2 or c <= 0:
            die(f"{where}: csr needs vary <= per_row, an even row count, cols > 0")
        return f"{{{kind}, 0, {{}}, {r}ull, {c}ull, {p}ull, {v}ull, {int(init['seed'])}ull}}"
    comps = init if isinstance(init, list) else [init]
    if not 1 <= len(comps) <= 4:
        die(f"{where}: 1 to 4 fills")
    parts = []
    for c in comps:
        if set(c) - {"seed", "min", "max", "scale"} or not {"seed", "min", "max"} <= set(c):
            die(f"{where}: a fill is {{ seed, min, max, scale }}")
        if c["min"] > c["max"]:
            die(f"{where}: min > max")
        if ty != "float" and "scale" in c:
            die(f"{where}: scale is for float buffers")
        parts.append(f"{{{c['seed']}ull, {c['min']}ll, {c['max']}ll, {float(c.get('scale', 1))!r}}}")
    return f"{{INIT_FILL, {len(comps)}, {{{', '.join(parts)}}}, {empty}}}"


def expand(disps, names, bidx, params, name, out):
    for dp in disps:
        if "for" in dp:
            lp = dp["for"]
            v, to = evaluate(lp["from"], names), evaluate(lp["to"], names)
            op, by = lp["step"][0], int(lp["step"][1:])
            if not ((op in "+-" and by > 0) or (op in "*/" and by > 1)):
                die(f"{name}: loop step {lp['step']}")
            body = dp.get("do")
            inner = {k: x for k, x in dp.items() if k != "for"}
            n = 0
            while (op in "+*" and v <= to) or (op in "-/" and v >= to):
                n += 1
                if n > 1000000:
                    die(f"{name}: a loop runs more than 10^6 times")
                scope = dict(names, **{lp["var"]: v})
                expand(body if body is not None else [inner], scope, bidx, params, name, out)
                v = {"+": v + by, "-": v - by, "*": v * by, "/": v // by}[op]
            continue
        if "do" in dp:
            die(f"{name}: `do` needs a `for`")
        g = [evaluate(x, names) for x in dp["global"]]
        l = dp["local"]
        if len(g) != 3 or len(l) != 3:
            die(f"{name}: global and local have 3 entries")
        if any(li <= 0 or gi <= 0 or gi % li for gi, li in zip(g, l)):
            die(f"{name}: global {g} is not a multiple of local {l}")
        if any(gi // li >= 2 ** 31 for gi, li in zip(g, l)):
            die(f"{name}: too many groups")
        args = []
        for a in dp.get("args", []):
            if "buffer" in a:
                if a["buffer"] not in bidx:
                    die(f"{name}: no buffer {a['buffer']}")
                args.append(f"{{ARG_BUFFER, {bidx[a['buffer']]}, 0u, 0, 0.0f}}")
            elif "uint" in a:
                v = evaluate(a["uint"], names)
                if not 0 <= v < 2 ** 32:
                    die(f"{name}: uint {v}")
                args.append(f"{{ARG_UINT, -1, {v}u, 0, 0.0f}}")
            elif "int" in a:
                v = evaluate(a["int"], names)
                if not -2 ** 31 <= v < 2 ** 31:
                    die(f"{name}: int {v}")
                args.append(f"{{ARG_INT, -1, 0u, {v}, 0.0f}}")
            elif "float" in a:
                f = a["float"]
                if isinstance(f, str):
                    if f not in params:
                        die(f"{name}: no parameter {f}")
                    f = params[f]
                args.append(f"{{ARG_FLOAT, -1, 0u, 0, {float(f)!r}f}}")
            else:
                die(f"{name}: arg {a}")
        if len(args) > MAX_ARGS:
            die(f"{name}: at most {MAX_ARGS} args")
        out.append(f"{{{cstr(dp['kernel'])}, {{{g[0]}u, {g[1]}u, {g[2]}u}}, {{{l[0]}u, {l[1]}u, {l[2]}u}}, "
                   f"{len(args)}, {{{', '.join(args)}}}}}")


def main():
    args = sys.argv[1:]
    small = "--small" in args
    args = [a for a in args if a != "--small"]
    path = args[0] if args else "bench/gpu/suite.toml"
    with open(path, "rb") as f:
        suite = tomllib.load(f)
    if suite.get("schema") != 2:
        die("schema must be 2")
    d = suite["defaults"]
    warm, smin = float(d["warmup_ms"]), float(d["min_sample_ms"])
    if small:
        warm, smin = min(warm, 20.0), min(smin, 5.0)
    out = ["// Generated from suite.toml by tools/suite_h.py. Do not edit.", "#pragma once", ""]
    out.append(f"static const double kWarmupMs = {warm!r};")
    out.append(f"static const double kMinSampleMs = {smin!r};")
    out.append(f"static const int kRounds = {int(d['rounds'])};")
    out.append(f"static const unsigned long long kSampleStride = {int(d['sample_stride'])}ull;")
    out.append("")
    benches = []
    names = set()
    for bi, b in enumerate(suite["bench"]):
        name = b["name"]
        if name in names:
            die(f"benchmark {name} twice")
        names.add(name)
        if b["metric"] not in ("gbps", "gflops", "gitems"):
            die(f"{name}: metric is gbps, gflops or gitems")
        params = dict(b.get("params", {}))
        if small:
            for k, v in b.get("small", {}).items():
                if k not in params:
                    die(f"{name}: small.{k} is not a parameter")
                params[k] = v
        bufs = b["buffers"]
        if len(bufs) > MAX_BUFS:
            die(f"{name}: at most {MAX_BUFS} buffers")
        bidx, bc = {}, []
        for i, bf in enumerate(bufs):
            ty = bf.get("type", "float")
            if ty not in ("float", "uint", "int"):
                die(f"{name}.{bf['name']}: type {ty}")
            if bf["name"] in bidx:
                die(f"{name}: buffer {bf['name']} twice")
            bidx[bf["name"]] = i
            n = evaluate(bf["len"], params)
            if n <= 0:
                die(f"{name}.{bf['name']}: empty")
            bc.append(f"{{{cstr(bf['name'])}, TY_{ty.upper()}, {n}ull, "
                      f"{init_c(bf['init'], ty, params, name + '.' + bf['name'])}}}")
        disp = []
        expand(b["dispatches"], params, bidx, params, name, disp)
        if not disp:
            die(f"{name}: no dispatches")
        out.append(f"static const DispatchDef kDisp{bi}[] = {{")
        for dc in disp:
            out.append(f"  {dc},")
        out.append("};")
        v = b["verify"]
        ref = v["ref"]
        if ref not in VERIFY_KEYS:
            die(f"{name}: unknown verify.ref {ref}")
        roles, nums = VERIFY_KEYS[ref]
        for k in roles + nums:
            if k not in v:
                die(f"{name}: verify.{k} missing for ref {ref}")
        for k in BUF_KEYS:
            if k in v and v[k] not in bidx:
                die(f"{name}: verify.{k}: no buffer {v[k]}")
        vb = [bidx[v[k]] if k in v else -1 for k in BUF_KEYS]
        vi = [evaluate(v[k], params) if k in v else 0 for k in INT_KEYS]
        outs = v.get("outputs", [])
        if len(outs) > MAX_OUTPUTS or any(o not in bidx for o in outs):
            die(f"{name}: verify.outputs")
        oi = [bidx[o] for o in outs] + [-1] * (MAX_OUTPUTS - len(outs))
        vc = (f"{{{cstr(ref)}, {{{', '.join(map(str, vb))}}}, {{{', '.join(f'{x}ull' for x in vi)}}}, "
              f"{float(v.get('tol', 0.0))!r}, {float(v.get('alpha', 0.0))!r}, {float(v.get('eps2', 0.0))!r}, "
              f"{len(outs)}, {{{', '.join(map(str, oi))}}}}}")
        iters = int(b["iters"])
        if small:
            iters = min(max(iters, 1), 4)
        std = cstr(b["std"]) if "std" in b else "nullptr"
        benches.append(f"  {{{cstr(name)}, {cstr(b['metric'])}, {float(evaluate(b['work'], params))!r}, {iters}, "
                       f"{std},\n   {len(bc)}, {{{', '.join(bc)}}},\n   {len(disp)}, kDisp{bi},\n   {vc}}},")
    out.append("")
    out.append("static const BenchDef kBenches[] = {")
    out.extend(benches)
    out.append("};")
    out.append(f"static const int kNumBenches = {len(suite['bench'])};")
    print("\n".join(out))


if __name__ == "__main__":
    main()
