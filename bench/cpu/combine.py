#!/usr/bin/env python3
"""Combines several cpu-bench runs (--json files) into one table: per benchmark, the
median over the runs of clc/clang, beside the median ratio of A/A runs (`--aa`, clang-22's
module in both slots: the harness's own spread on this machine).

    python3 bench/cpu/combine.py --label new DIR/new-*.jsonl --label old DIR/old-*.jsonl \
        --aa DIR/aa-*.jsonl > DIR/summary.md

Each `--label NAME FILES...` is a column group; the first is the one the geometric mean and
the worst case are reported for."""
import json
import math
import statistics
import sys


def load(path):
    with open(path) as f:
        return {r["name"]: r for r in map(json.loads, filter(str.strip, f))}


def parse(argv):
    groups, aa, cur = [], [], None
    for a in argv:
        if a == "--label":
            cur = "label"
        elif a == "--aa":
            cur = aa
        elif cur == "label":
            groups.append((a, []))
            cur = groups[-1][1]
        elif cur is None:
            sys.exit(__doc__)
        else:
            cur.append(a)
    if not groups or not all(files for _, files in groups):
        sys.exit(__doc__)
    return groups, aa


def ratios(files):
    runs = [load(f) for f in files]
    names = list(runs[0])
    return names, {n: [r[n]["ratio"] for r in runs if n in r and r[n].get("ratio")] for n in names}


def main():
    groups, aa = parse(sys.argv[1:])
    names, _ = ratios(groups[0][1])
    cols = [(label, len(files), ratios(files)[1]) for label, files in groups]
    if aa:
        cols.append(("A/A", len(aa), ratios(aa)[1]))
    head = " | ".join(f"{label}: median of {n} (runs)" for label, n, _ in cols)
    print(f"| benchmark | {head} |")
    print("|---|" + "---|" * len(cols))
    for name in names:
        cells = []
        for _, _, r in cols:
            v = r.get(name, [])
            cells.append(f"**{statistics.median(v):.3f}** ({', '.join(f'{x:.3f}' for x in v)})" if v else "–")
        print(f"| {name} | " + " | ".join(cells) + " |")
    print()
    for label, n, r in cols:
        med = {k: statistics.median(v) for k, v in r.items() if v}
        geo = math.exp(sum(math.log(x) for x in med.values()) / len(med))
        worst = max(med, key=med.get)
        print(f"- {label}: geometric mean of the medians **{geo:.3f}**; worst {worst} **{med[worst]:.3f}**")


main()
