#!/usr/bin/env python3
"""Summarizes the JSON lines of a run (results.jsonl) with the clock log (clocks.csv).

    python3 summarize.py [--suite suite.toml] results.jsonl [clocks.csv]

For each (benchmark, impl): the median over all rounds of all lines (one line per process
and round when rounds are interleaved), the rate, the spread, and the SM/memory clocks and
power that nvidia-smi logged while that benchmark's timed samples ran. CUDA rows are also
compared with the CUDA figures measured before (shared/REFERENCE.md section 10). Then the
geometric mean of the Vulkan/CUDA time ratios.

Cross-check (README.md, "Cross-check"): every line carries a digest of each output buffer of
its benchmark's first iteration. All lines of one (benchmark, impl) must agree exactly, and
CUDA's must agree with Vulkan's: integers bit for bit (the whole buffer's hash), unless the
suite gives `xmismatch` (then at most that fraction of the sampled elements may differ);
floats bit for bit unless the suite gives `xtol` (then every sampled element and the sums
within abs + rel * max(|a|, |b|), and no NaN). --suite gives the tolerances; without it,
everything must be bit for bit. Exit status 1 if a line failed its own check or a
cross-check failed, else 0.
"""
import json
import math
import statistics
import sys
import struct
import time
import tomllib

REF_CUDA = {  # REFERENCE.md section 10, same H100, nvcc 13.0 -O3 -arch=sm_90
    "copy_float4": 3016, "copy_float": 2407, "saxpy": 2759, "reduce_sum": 2277,
    "transpose": 2767, "sgemm_tile16": 8200, "sgemm_reg64": 18800, "nbody": 29100,
    "sgemm": 51500,  # cuBLAS
}


def load_clocks(path):
    rows = []
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError:
        return rows
    for ln in lines[1:]:
        p = [x.strip() for x in ln.split(",")]
        if len(p) < 4:
            continue
        try:
            ts, frac = p[0].split(".") if "." in p[0] else (p[0], "0")
            t = time.mktime(time.strptime(ts, "%Y/%m/%d %H:%M:%S")) + float("0." + frac)
            sm = float(p[1].split()[0])
            mem = float(p[2].split()[0])
            pw = float(p[3].split()[0]) if p[3].split()[0] not in ("[N/A]", "N/A") else float("nan")
        except (ValueError, IndexError):
            continue
        rows.append((t, sm, mem, pw))
    return rows


def f32(w):
    return struct.unpack("<f", struct.pack("<I", w))[0]


def tolerances(path):
    if not path:
        return {}
    with open(path, "rb") as f:
        suite = tomllib.load(f)
    return {b["name"]: (b["verify"].get("xtol"), b["verify"].get("xmismatch")) for b in suite["bench"]}


def compare(name, buf, a, b, xtol, xmis):
    """CUDA's digest a against Vulkan's b: (ok, text)."""
    if a["len"] != b["len"] or a["type"] != b["type"]:
        return False, f"{buf}: length or type differ"
    if a["hash"] == b["hash"] and a["sample"] == b["sample"]:
        return True, f"{buf}: identical"
    pairs = list(zip(a["sample"], b["sample"]))
    if a["type"] != "float":
        diff = sum(x != y for x, y in pairs)
        if xmis is None:
            return False, f"{buf}: integers differ ({diff} of {len(pairs)} sampled)"
        ok = diff <= xmis * len(pairs)
        return ok, f"{buf}: {diff} of {len(pairs)} sampled integers differ (allowed {xmis:g})"
    if xtol is None:
        diff = sum(x != y for x, y in pairs)
        return False, f"{buf}: floats not bit for bit ({diff} of {len(pairs)} sampled differ)"
    rel, ab = xtol.get("rel", 0.0), xtol.get("abs", 0.0)
    worst, bad = 0.0, 0
    for x, y in pairs:
        fx, fy = f32(x), f32(y)
        if math.isnan(fx) or math.isnan(fy):
            bad += 1
            continue
        d = abs(fx - fy)
        lim = ab + rel * max(abs(fx), abs(fy))
        worst = max(worst, d / max(lim, 1e-300))
        bad += d > lim
    if a["nan"] or b["nan"]:
        bad += 1
    n = max(a["len"], 1)
    dsum = abs(a["sum"] - b["sum"])
    lim_sum = ab * n + rel * max(a["abs"], b["abs"]) + 1e-9 * max(a["abs"], b["abs"])
    sum_ok = dsum <= lim_sum
    ok = bad == 0 and sum_ok
    return ok, (f"{buf}: within xtol (worst sampled difference {worst:.3f} of the tolerance, "
                f"sums differ by {dsum:.3g}, allowed {lim_sum:.3g})" if ok else
                f"{buf}: {bad} of {len(pairs)} sampled floats beyond xtol (worst {worst:.3g}x), "
                f"sums differ by {dsum:.3g} (allowed {lim_sum:.3g})")


def main():
    args = sys.argv[1:]
    suite_path = None
    if args[:1] == ["--suite"]:
        suite_path, args = args[1], args[2:]
    tols = tolerances(suite_path)
    res = []
    with open(args[0]) as f:
        for ln in f:
            ln = ln.strip()
            if ln.startswith("{"):
                try:
                    res.append(json.loads(ln))
                except json.JSONDecodeError:
                    pass
    clocks = load_clocks(args[1]) if len(args) > 1 else []
    groups = {}
    for r in res:
        groups.setdefault((r["name"], r["impl"]), []).append(r)
    names = []
    for r in res:
        if r["name"] not in names:
            names.append(r["name"])
    failed = False
    ratios = []
    xnotes = []
    print(f"{'benchmark':14} {'impl':7} {'median ms':>10} {'rate':>10} {'unit':6} {'min..max ms':>21} "
          f"{'n':>2} {'ok':3} {'SM MHz (min)':>13} {'mem MHz':>8} {'W':>5} {'ref':>7} {'vs ref':>7}")
    for name in names:
        for impl in ("cuda", "vulkan", "cublas"):
            g = groups.get((name, impl))
            if not g:
                continue
            ms = [x for r in g for x in r["rounds"]]
            med = statistics.median(ms)
            unit = next(u for u in ("gbps", "gflops", "gitems") if u in g[0])
            work = g[0][unit] * g[0]["ms"]  # rate * ms is proportional to the work
            rate = work / med
            ok = all(r.get("verified", False) for r in g)
            failed |= not ok
            sm = [c[1] for r in g if "t_start" in r for c in clocks if r["t_start"] <= c[0] <= r["t_end"]]
            mem = [c[2] for r in g if "t_start" in r for c in clocks if r["t_start"] <= c[0] <= r["t_end"]]
            pw = [c[3] for r in g if "t_start" in r for c in clocks if r["t_start"] <= c[0] <= r["t_end"]]
            smtxt = f"{statistics.median(sm):.0f} ({min(sm):.0f})" if sm else "-"
            memtxt = f"{statistics.median(mem):.0f}" if mem else "-"
            pwtxt = f"{statistics.median(pw):.0f}" if pw else "-"
            ref = REF_CUDA.get(name) if impl in ("cuda", "cublas") else None
            shown = rate if unit == "gbps" else rate
            reftxt = f"{ref}" if ref else "-"
            vs = f"{shown / ref:.3f}" if ref else "-"
            print(f"{name:14} {impl:7} {med:10.4f} {shown:10.1f} {unit:6} {min(ms):10.4f}..{max(ms):<9.4f} "
                  f"{len(ms):2} {'yes' if ok else 'NO':3} {smtxt:>13} {memtxt:>8} {pwtxt:>5} {reftxt:>7} {vs:>7}")
        c, v = groups.get((name, "cuda")), groups.get((name, "vulkan"))
        if c and v:
            mc = statistics.median([x for r in c for x in r["rounds"]])
            mv = statistics.median([x for r in v for x in r["rounds"]])
            print(f"{'':14} vulkan/cuda time ratio {mv / mc:.3f}")
            ratios.append((name, mv / mc))
        # cross-check the output digests
        xtol, xmis = tols.get(name, (None, None))
        digests = {}
        for impl in ("cuda", "vulkan"):
            for r in groups.get((name, impl), []):
                for buf, d in (r.get("outputs") or {}).items():
                    first = digests.setdefault((impl, buf), d)
                    if first["hash"] != d["hash"] or first["sample"] != d["sample"]:
                        failed = True
                        xnotes.append(f"{name}: {impl} {buf}: rounds disagree with each other")
        bufs = sorted({b for (_, b) in digests})
        for buf in bufs:
            a, b = digests.get(("cuda", buf)), digests.get(("vulkan", buf))
            if a and b:
                ok, text = compare(name, buf, a, b, xtol, xmis)
                failed |= not ok
                xnotes.append(f"{name}: {'ok  ' if ok else 'FAIL'} {text}")
    if ratios:
        gm = math.exp(sum(math.log(r) for _, r in ratios) / len(ratios))
        over = [f"{n} {r:.3f}" for n, r in ratios if r > 1.1]
        print(f"geometric mean of {len(ratios)} vulkan/cuda time ratios: {gm:.3f}; above 1.1: "
              f"{', '.join(over) if over else 'none'}")
    if xnotes:
        print("cross-check (CUDA vs Vulkan, first iteration's outputs):")
        for n in xnotes:
            print("  " + n)
    if clocks:
        sms = [c[1] for c in clocks]
        print(f"clock log: {len(clocks)} samples, SM MHz min {min(sms):.0f} median {statistics.median(sms):.0f} "
              f"max {max(sms):.0f}")


    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
