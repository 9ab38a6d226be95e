#!/usr/bin/env python3
"""Two clc binaries side by side over every public-corpus file that compiles, one process per
file, taking turns (the order alternates file by file), with clang-22 -fsyntax-only after
them. Also checks that both write the same module.

    python3 fuzz/corpus.py --materialise-only
    python3 bench/compile/ab_per_file.py OLD/clc NEW/clc ab.json

Prints one line per file (old s, new s, syntax s, same output, file) and writes the rows to
the JSON file. Standard library only.
"""
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def timed(cmd):
    start = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True)
    return time.perf_counter() - start, r.returncode


def main():
    old, new, out = sys.argv[1:4]
    results = json.load(open(REPO / "fuzz" / "corpus-results.json"))
    rows, n = [], 0
    tmp = Path(tempfile.mkdtemp())
    for suite, sv in results["suites"].items():
        root = Path.home() / ".cache" / "clc-corpus" / suite
        for rel, fv in sv["files"].items():
            if fv["clc"]["status"] != "ok":
                continue
            opts = [o.replace("{root}", str(root)) for o in fv["options"]]
            f = str(root / rel)
            cmds = {
                "old": [old, *opts, f, "-o", str(tmp / "old.spv")],
                "new": [new, *opts, f, "-o", str(tmp / "new.spv")],
                "syn": ["clang-22", "--target=spirv64v1.0", "-fsyntax-only", *opts, f],
            }
            order = ["old", "new", "syn"] if n % 2 == 0 else ["new", "old", "syn"]
            res = {k: timed(cmds[k]) for k in order}
            same = (tmp / "old.spv").read_bytes() == (tmp / "new.spv").read_bytes()
            rows.append({"suite": suite, "file": rel, **{k: v[0] for k, v in res.items()},
                         "rc": [res[k][1] for k in ("old", "new", "syn")], "same": same})
            n += 1
            print(f"{res['old'][0]:7.3f} {res['new'][0]:7.3f} {res['syn'][0]:7.3f} {same} {suite}/{rel}",
                  flush=True)
    json.dump(rows, open(out, "w"), indent=1)
    tot = {k: sum(r[k] for r in rows) for k in ("old", "new", "syn")}
    print(f"files {len(rows)}: old {tot['old']:.1f} s, new {tot['new']:.1f} s "
          f"({tot['new'] / tot['old']:.3f}x), -fsyntax-only {tot['syn']:.1f} s")


if __name__ == "__main__":
    main()
