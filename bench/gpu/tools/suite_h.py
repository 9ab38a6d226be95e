#!/usr/bin/env python3
"""Turns bench/gpu/suite.toml into a C++ header for cuda/bench.cu (no TOML parser in C++).

    python3 bench/gpu/tools/suite_h.py bench/gpu/suite.toml > build/suite_gen.h

Also checks the suite: names resolve, every global size is a multiple of its local size,
each verify block has the keys its `ref` needs.
"""
import sys
import tomllib

VERIFY_KEYS = {
    "copy": (["src", "dst"], ["sample"]),
    "saxpy": (["x", "y"], ["alpha", "sample", "tol"]),
    "sum": (["src", "dst"], ["tol"]),
    "transpose": (["src", "dst"], ["rows", "cols", "sample"]),
    "sgemm": (["a", "b", "c"], ["m", "n", "k", "sample", "tol"]),
    "nbody": (["pos", "acc"], ["n", "eps2", "sample", "tol"]),
}


def die(msg):
    sys.exit(f"suite_h.py: {msg}")


def cstr(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def init_c(init, where):
    if init == "poison":
        return "{INIT_POISON, 0, {}}"
    if init == "zero":
        return "{INIT_ZERO, 0, {}}"
    comps = init if isinstance(init, list) else [init]
    if not 1 <= len(comps) <= 4:
        die(f"{where}: 1 to 4 fills")
    parts = []
    for c in comps:
        if set(c) - {"seed", "min", "max", "scale"} or not {"seed", "min", "max"} <= set(c):
            die(f"{where}: a fill is {{ seed, min, max, scale }}")
        if c["min"] > c["max"]:
            die(f"{where}: min > max")
        parts.append(f"{{{c['seed']}ull, {c['min']}ll, {c['max']}ll, {float(c.get('scale', 1))!r}}}")
    return f"{{INIT_FILL, {len(comps)}, {{{', '.join(parts)}}}}}"


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "bench/gpu/suite.toml"
    with open(path, "rb") as f:
        suite = tomllib.load(f)
    if suite.get("schema") != 1:
        die("schema must be 1")
    d = suite["defaults"]
    out = ["// Generated from suite.toml by tools/suite_h.py. Do not edit.", "#pragma once", ""]
    out.append(f"static const double kWarmupMs = {float(d['warmup_ms'])!r};")
    out.append(f"static const double kMinSampleMs = {float(d['min_sample_ms'])!r};")
    out.append(f"static const int kRounds = {int(d['rounds'])};")
    out.append(f"static const unsigned long long kSampleStride = {int(d['sample_stride'])}ull;")
    out.append("")
    out.append("static const BenchDef kBenches[] = {")
    names = set()
    for b in suite["bench"]:
        name = b["name"]
        if name in names:
            die(f"benchmark {name} twice")
        names.add(name)
        if b["metric"] not in ("gbps", "gflops"):
            die(f"{name}: metric is gbps or gflops")
        bufs = b["buffers"]
        if len(bufs) > 4:
            die(f"{name}: at most 4 buffers")
        bidx = {}
        bc = []
        for i, bf in enumerate(bufs):
            if bf.get("type", "float") != "float":
                die(f"{name}.{bf['name']}: only float buffers")
            bidx[bf["name"]] = i
            bc.append(f"{{{cstr(bf['name'])}, {int(bf['len'])}ull, {init_c(bf['init'], name + '.' + bf['name'])}}}")
        disp = b["dispatches"]
        if not 1 <= len(disp) <= 2:
            die(f"{name}: 1 or 2 dispatches")
        dc = []
        for dp in disp:
            g, l = dp["global"], dp["local"]
            if len(g) != 3 or len(l) != 3:
                die(f"{name}: global and local have 3 entries")
            if any(gi % li for gi, li in zip(g, l)):
                die(f"{name}: global {g} is not a multiple of local {l}")
            args = []
            for a in dp["args"]:
                if "buffer" in a:
                    if a["buffer"] not in bidx:
                        die(f"{name}: no buffer {a['buffer']}")
                    args.append(f"{{ARG_BUFFER, {bidx[a['buffer']]}, 0u, 0.0f}}")
                elif "uint" in a:
                    args.append(f"{{ARG_UINT, -1, {int(a['uint'])}u, 0.0f}}")
                elif "float" in a:
                    args.append(f"{{ARG_FLOAT, -1, 0u, {float(a['float'])!r}f}}")
                else:
                    die(f"{name}: arg {a}")
            if len(args) > 8:
                die(f"{name}: at most 8 args")
            dc.append(f"{{{cstr(dp['kernel'])}, {{{g[0]}u, {g[1]}u, {g[2]}u}}, {{{l[0]}u, {l[1]}u, {l[2]}u}}, "
                      f"{len(args)}, {{{', '.join(args)}}}}}")
        v = b["verify"]
        ref = v["ref"]
        if ref not in VERIFY_KEYS:
            die(f"{name}: unknown verify.ref {ref}")
        roles, nums = VERIFY_KEYS[ref]
        for k in roles + nums:
            if k not in v:
                die(f"{name}: verify.{k} missing for ref {ref}")
        vb = [bidx[v[r]] for r in roles] + [-1] * (3 - len(roles))
        m = v.get("m", v.get("rows", v.get("n", 0)))
        n = v.get("n", v.get("cols", 0)) if ref != "nbody" else v["n"]
        k = v.get("k", 0)
        vc = (f"{{{cstr(ref)}, {{{vb[0]}, {vb[1]}, {vb[2]}}}, {int(m)}ull, {int(n)}ull, {int(k)}ull, "
              f"{int(v.get('sample', 0))}ull, {float(v.get('tol', 0.0))!r}, {float(v.get('alpha', 0.0))!r}, "
              f"{float(v.get('eps2', 0.0))!r}}}")
        out.append(f"  {{{cstr(name)}, {cstr(b['metric'])}, {float(b['work'])!r}, {int(b['iters'])},")
        out.append(f"   {len(bc)}, {{{', '.join(bc)}}},")
        out.append(f"   {len(dc)}, {{{', '.join(dc)}}},")
        out.append(f"   {vc}}},")
    out.append("};")
    out.append(f"static const int kNumBenches = {len(suite['bench'])};")
    print("\n".join(out))


if __name__ == "__main__":
    main()
