#!/usr/bin/env python3
"""Summarizes the JSON lines of a run (results.jsonl) with the clock log (clocks.csv).

    python3 summarize.py results.jsonl [clocks.csv]

For each (benchmark, impl): the median over all rounds of all lines (one line per process
and round when rounds are interleaved), the rate, the spread, and the SM/memory clocks and
power that nvidia-smi logged while that benchmark's timed samples ran. CUDA rows are also
compared with the CUDA figures measured before (shared/REFERENCE.md section 10).
"""
import json
import statistics
import sys
import time

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


def main():
    res = []
    with open(sys.argv[1]) as f:
        for ln in f:
            ln = ln.strip()
            if ln.startswith("{"):
                try:
                    res.append(json.loads(ln))
                except json.JSONDecodeError:
                    pass
    clocks = load_clocks(sys.argv[2]) if len(sys.argv) > 2 else []
    groups = {}
    for r in res:
        groups.setdefault((r["name"], r["impl"]), []).append(r)
    names = []
    for r in res:
        if r["name"] not in names:
            names.append(r["name"])
    print(f"{'benchmark':14} {'impl':7} {'median ms':>10} {'rate':>10} {'unit':6} {'min..max ms':>21} "
          f"{'n':>2} {'ok':3} {'SM MHz (min)':>13} {'mem MHz':>8} {'W':>5} {'ref':>7} {'vs ref':>7}")
    for name in names:
        for impl in ("cuda", "vulkan", "cublas"):
            g = groups.get((name, impl))
            if not g:
                continue
            ms = [x for r in g for x in r["rounds"]]
            med = statistics.median(ms)
            unit = "gbps" if "gbps" in g[0] else "gflops"
            work = g[0][unit] * g[0]["ms"]  # rate * ms is proportional to the work
            rate = work / med
            ok = all(r.get("verified", False) for r in g)
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
    if clocks:
        sms = [c[1] for c in clocks]
        print(f"clock log: {len(clocks)} samples, SM MHz min {min(sms):.0f} median {statistics.median(sms):.0f} "
              f"max {max(sms):.0f}")


if __name__ == "__main__":
    main()
