#!/usr/bin/env python3
"""Run the public OpenCL C kernel suites of fuzz/corpus.toml on the Intel CPU runtime and
compare clc's modules with two references (clang-22's SPIR-V and the runtime's own compiler).

fuzz/corpus.py only compiles the suites; this script runs every kernel of every file that clc
compiles, with generated inputs, through `clc-run`, so that wrong results in code nobody on
the team wrote show up.

    python3 fuzz/corpus_run.py                        # every suite
    python3 fuzz/corpus_run.py --suite rodinia        # one suite (repeatable); other suites'
                                                      # results are kept from the last run
    python3 fuzz/corpus_run.py --limit 20             # at most 20 files per suite (quick look)
    python3 fuzz/corpus_run.py --work DIR             # work dir (default ~/.cache/clc-corpus-run)
    python3 fuzz/corpus_run.py --clc PATH --clc-run PATH --timeout 20

Sources are unpacked by fuzz/corpus.py's code (same manifest, same cache ~/.cache/clc-corpus).
For each file clc compiles (`clc <options> FILE --reflect=meta.json`), one spec file is written
to WORK/specs/<suite>/<file>.toml with one [[run]] per kernel, its `source` the unpacked file
and its `cl_std`/`options` those of the manifest. Inputs come from the reflection metadata:

  * __global pointers: buffers of up to 65,536 elements (at most 4 MiB), __constant ones of at
    most 64 KiB in all; filled deterministically with small values (integers in [0, 16), floats
    multiples of 1/16 in [0, 1)) so values used as indices stay in bounds. Buffers of structs
    whose fields are all one scalar type are filled as that type, others are zero bytes. Every
    __global buffer is an output (`output = true`), float ones with `ulp = 4`.
  * __local pointers: 4 KiB (`kind = "local"`).
  * integer scalars 16, float scalars 0.5 (vectors: every component; structs: their bytes,
    every integer field 16 and every float field 0.5).
  * NDRange global [64], local [16]; `reqd_work_group_size` is honoured (global = a multiple
    of it, at least 64 in dimension 0).
  * Kernels with image, sampler, pipe, event or pointer-valued arguments (or pointers inside
    struct arguments), or half scalars, are skipped with the reason.

`clc-run` runs the specs, a few per process, one process at a time, with
CLC_RUNNER_TIMEOUT (per kernel launch, default 20 s here). Each kernel is classified:

  agree             clc's outputs equal both references'
  clc-mismatch      clang-22 and the driver agree with each other, clc differs
  refs-disagree     the references differ from each other (clc sides with one, or with none)
  one-ref           only one reference ran; the detail says whether clc agrees with it
  no-ref            neither reference ran (clc ran)
  nondeterministic  a second identical run gave other outputs (atomics, races)
  timeout / crash   clc's launch ran past the limit / killed the runner child
  clc-failed        clc's module could not be compiled or run
  skipped           the kernel was not run (reason in the detail)

Runs where clc differs from both references are judged twice more: the same spec once again
(another outcome → nondeterministic), and with clang-22 standing in for clc (a wrapper script
as `--clc`, `--no-clang`), which says whether clang-22 and the driver agree with each other.
Runs where clc disagrees with the only reference or one of the two are run once more too.

Writes fuzz/corpus-run-results.json and fuzz/corpus-run-results.md. Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
import corpus  # noqa: E402  (fuzz/corpus.py: manifest parsing and unpacking)

# Release binaries (`cargo build --release -p clc -p clc-runner` with the same target dir).
LEAD = corpus.TARGET / "release"
CLASSES = (
    "agree",
    "clc-mismatch",
    "refs-disagree",
    "one-ref",
    "no-ref",
    "nondeterministic",
    "timeout",
    "crash",
    "clc-failed",
    "skipped",
)
N_ELEMS = 65536
MAX_BUF_BYTES = 4 << 20
CONST_BYTES = 64 << 10
LOCAL_BYTES = 4096
INT_VALUE = 16
FLOAT_VALUE = 0.5
ULP = 4
SPEC_TYPES = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double"}
INT_SIZES = {1: "uchar", 2: "ushort", 4: "uint", 8: "ulong"}


# ---------------------------------------------------------------- inputs from reflection


class Skip(Exception):
    pass


def leaves(ty: dict) -> list[tuple[str, int, int]]:
    """(scalar name, size, byte offset) of every scalar inside a type."""
    k = ty["kind"]
    if k == "scalar":
        return [(ty["name"], ty["size"], 0)]
    if k == "vector":
        es = ty["size"] // (4 if ty["len"] == 3 else ty["len"])
        return [(ty["elem"], es, i * es) for i in range(ty["len"])]
    if k == "array":
        sub = leaves(ty["elem"])
        es = ty["elem"]["size"]
        return [(n, s, o + i * es) for i in range(ty["len"]) for (n, s, o) in sub]
    if k == "struct":
        if ty.get("union"):
            f = max(ty["fields"], key=lambda f: f["ty"]["size"], default=None)
            return leaves(f["ty"]) if f else []
        out = []
        for f in ty["fields"]:
            out += [(n, s, o + f["offset"]) for (n, s, o) in leaves(f["ty"])]
        return out
    if k == "pointer":
        raise Skip("pointer inside a struct argument")
    if k == "opaque":
        raise Skip(f"{ty['name']} inside a struct")
    raise Skip(f"type kind {k}")


def spec_type(name: str, size: int) -> str:
    if name in SPEC_TYPES:
        return name
    if name == "half":
        return "ushort"
    if name == "bool":
        return "uchar"
    if name in ("size_t", "ptrdiff_t", "intptr_t", "uintptr_t"):
        return "ulong"
    return INT_SIZES.get(size, "uchar")


def elem_layout(ty: dict) -> tuple[str, int, bool]:
    """How a buffer of `ty` is spelled: (spec type, spec elements per `ty` element, filled)."""
    k = ty["kind"]
    if k == "void":
        return "uchar", 1, True
    if k == "scalar":
        return spec_type(ty["name"], ty["size"]), 1, True
    if k == "pointer":
        return "ulong", 1, False  # a buffer of pointers: zeros (NULLs)
    if k == "opaque":
        raise Skip(f"buffer of {ty['name']}")
    ls = leaves(ty)
    names = {spec_type(n, s) for (n, s, _) in ls}
    size = ty["size"]
    if len(names) == 1:
        t = names.pop()
        s = ls[0][1]
        if size % s == 0 and len(ls) * s == size:
            return t, size // s, True
        if size % s == 0 and k == "vector":  # 3-component vectors: the padding element too
            return t, size // s, True
    return "uchar", size, False


def toml_str(s: str) -> str:
    return json.dumps(s)


def fill(t: str, seed: int) -> str:
    if t in ("float", "double"):
        return f"{{ seed = {seed}, min = 0, max = 15, scale = 16 }}"
    if t == "ushort_half":
        return ""
    return f"{{ seed = {seed}, min = 0, max = 15 }}"


def scalar_value(ty: dict) -> tuple[str, str]:
    """(spec type, TOML value) of a by-value argument."""
    k = ty["kind"]
    if k == "scalar":
        if ty["name"] == "half":
            raise Skip("half scalar argument")
        t = spec_type(ty["name"], ty["size"])
        return t, (repr(FLOAT_VALUE) if t in ("float", "double") else str(INT_VALUE))
    if k == "vector":
        if ty["elem"] == "half":
            raise Skip("half vector argument")
        t = spec_type(ty["elem"], ty["size"] // (4 if ty["len"] == 3 else ty["len"]))
        v = repr(FLOAT_VALUE) if t in ("float", "double") else str(INT_VALUE)
        n = 4 if ty["len"] == 3 else ty["len"]
        return t, "[" + ", ".join([v] * n) + "]"
    if k == "pointer":
        raise Skip("pointer-valued argument")
    if k == "opaque":
        raise Skip(f"{ty['name']} argument")
    # struct/union/array by value: its bytes
    import struct as st

    b = bytearray(ty["size"])
    for name, size, off in leaves(ty):
        if name == "float":
            b[off : off + 4] = st.pack("<f", FLOAT_VALUE)
        elif name == "double":
            b[off : off + 8] = st.pack("<d", FLOAT_VALUE)
        elif name == "half":
            b[off : off + 2] = st.pack("<H", 0x3800)
        elif size in (1, 2, 4, 8):
            b[off : off + size] = INT_VALUE.to_bytes(size, "little")
    return "uchar", "[" + ", ".join(str(x) for x in b) + "]"


def kernel_run(k: dict, seed0: int) -> str:
    """The [[run]] table of one kernel (raises Skip)."""
    args = k["args"]
    n_const = sum(1 for a in args if a["class"] == "buffer" and a["address_space"] == "constant")
    lines = []
    for i, a in enumerate(args):
        name = a["name"] or f"arg{i}"
        cls, ty = a["class"], a["ty"]
        head = f"[[run.args]]\nname = {toml_str(name)}\n"
        if cls == "opaque":
            raise Skip(f"{ty.get('name', a['type_name'])} argument")
        if cls == "buffer":
            if a["address_space"] not in ("global", "constant"):
                raise Skip(f"{a['address_space']} buffer argument")
            t, per, filled = elem_layout(ty)
            esize = max(ty.get("size", 1), 1) if ty["kind"] != "void" else 1
            cap = CONST_BYTES // max(n_const, 1) if a["address_space"] == "constant" else MAX_BUF_BYTES
            n = max(1, min(N_ELEMS, cap // esize))
            ln = n * per
            body = f'kind = "buffer"\ntype = "{t}"\nlen = {ln}\n'
            if filled:
                body += f"fill = {fill(t, seed0 + i)}\n"
            if a["address_space"] == "global":
                body += "output = true\n"
                if t in ("float", "double"):
                    body += f"ulp = {ULP}\n"
            lines.append(head + body)
        elif cls == "local":
            t, per, _ = elem_layout(ty) if ty["kind"] != "void" else ("uchar", 1, True)
            esize = max(ty.get("size", 1), 1) if ty["kind"] != "void" else 1
            n = max(1, LOCAL_BYTES // esize) * per
            lines.append(head + f'kind = "local"\ntype = "{t}"\nlen = {n}\n')
        elif cls == "value":
            t, v = scalar_value(ty)
            lines.append(head + f'kind = "scalar"\ntype = "{t}"\nvalue = {v}\n')
        else:
            raise Skip(f"argument class {cls}")
    reqd = k.get("reqd_work_group_size")
    if reqd:
        dims = 3 if reqd[2] > 1 else 2 if reqd[1] > 1 else 1
        local = list(reqd[:dims])
        glob = list(local)
        glob[0] = local[0] * max(1, -(-64 // local[0]))
    else:
        local, glob = [16], [64]
    run = (
        f"[[run]]\nkernel = {toml_str(k['name'])}\nglobal = {glob}\nlocal = {local}\n\n"
        + "\n".join(lines)
    )
    return run


# ---------------------------------------------------------------- running


LINE = re.compile(r"^(PASS|FAIL|SKIP) (\S+) (\S+?)(?: \(pending: [^)]*\))?(?::| \()(.*)$")


def parse_output(text: str) -> dict:
    """{(spec path, kernel): {"verdict", "line", "details"}} from clc-run's output."""
    res: dict = {}
    cur = None
    for line in text.splitlines():
        m = LINE.match(line)
        if m and "[" in m[3]:
            kernel = m[3].split("[", 1)[0]
            cur = {"verdict": m[1], "line": line, "details": []}
            res[(m[2], kernel)] = cur
        elif line.startswith("    ") and cur is not None:
            cur["details"].append(line[4:])
        else:
            cur = None
    return res


def column(line: str, label: str) -> str | None:
    m = re.search(rf"\| {label}: (MATCH|MISMATCH|NOT RUN|-)", line)
    return m[1] if m else None


def first_diffs(details: list[str], who: str) -> list[str]:
    """The `name`[i]: clc X, <who> Y lines of the comparison with <who>."""
    out, inside = [], False
    for d in details:
        s = d.strip()
        if d.startswith("clc vs ") or d.startswith("note: "):
            inside = d.startswith(f"clc vs {who}") or (d.startswith(f"note: {who} disagrees"))
            continue
        if inside and (re.match(r"^`[^`]+`\[\d+\]:", s) or re.match(r"^`[^`]+`: \d+ of \d+", s)):
            out.append(s)
    return out


def ref_problem(details: list[str], who: str) -> str:
    for d in details:
        if d.startswith(f"{who}: "):
            return d[len(who) + 2 :][:200]
    return ""


def classify(r: dict | None) -> tuple[str, str]:
    """(class, detail) of one run's parsed verdict, before the recheck passes."""
    if r is None:
        return "timeout", "no verdict from clc-run (the batch ran past its time limit)"
    line, det = r["line"], r["details"]
    if r["verdict"] == "SKIP":
        m = re.search(r"\((.*)\)\s*$", line)
        return "skipped", f"clc-run: {m[1] if m else line}"
    joined = "\n".join(det)
    for d in det:
        if d.startswith("clc run failed:") or d.startswith("clc: no module"):
            refs = [f"{n}: {ref_problem(det, n)[:120]}" for n in ("clang", "driver") if ref_problem(det, n)]
            if len(refs) == 2 and not any("compile failed" in r or "build failed" in r for r in refs):
                d = "[clang and driver failed too: the inputs, not clc] " + d
            elif refs:
                d += " [" + "; ".join(refs) + "]"
            elif line.split(": ", 1)[-1].startswith(("clang: ", "driver: ")):
                d = "[clang and driver ran: clc's module only] " + d
            if "timed out" in d:
                return "timeout", d[:400]
            if "crashed the runner child" in d:
                return "crash", d[:400]
            return "clc-failed", d[:400]
    cl, dr = column(line, "clang"), column(line, "driver")
    if cl == "MATCH" and dr == "MATCH":
        return "agree", ""
    if "MISMATCH" in (cl, dr) and "MATCH" in (cl, dr):
        good, bad = ("clang", "driver") if cl == "MATCH" else ("driver", "clang")
        diffs = first_diffs(det, bad)
        return "refs-disagree", f"clc agrees with {good}, not {bad}: " + "; ".join(diffs[:2])
    if cl == "MISMATCH" and dr == "MISMATCH":
        return "clc-mismatch?", "; ".join(first_diffs(det, "clang")[:2]) + " || driver: " + "; ".join(first_diffs(det, "driver")[:2])
    ran = [(lbl, c) for lbl, c in (("clang", cl), ("driver", dr)) if c in ("MATCH", "MISMATCH")]
    notrun = [lbl for lbl, c in (("clang", cl), ("driver", dr)) if c not in ("MATCH", "MISMATCH")]
    why = "; ".join(f"{n} not run ({ref_problem(det, n) or 'no outputs'})" for n in notrun)
    if len(ran) == 1:
        lbl, c = ran[0]
        if c == "MATCH":
            return "one-ref", f"clc agrees with {lbl}; {why}"
        return "one-ref", f"clc DISAGREES with {lbl}: " + "; ".join(first_diffs(det, lbl)[:2]) + f"; {why}"
    if not ran:
        return "no-ref", why or joined[:200]
    return "clc-failed", line[:200]


CACHE_DIR = Path(".")
CACHE: dict = {}  # (spec key) -> {kernel: parsed verdict}; saved in WORK/results-cache.json
CACHE_SALT = ""  # the binaries' identity, set by main()


def spec_key(spec: Path, extra: list[str], timeout: int, tag: str) -> str:
    h = hashlib.sha256()
    text = spec.read_text()
    src = re.search(r'^source = "(.*)"$', text, re.M)
    h.update(json.dumps([CACHE_SALT, text, extra, timeout, tag]).encode())
    if src:
        h.update(Path(src[1]).read_bytes())
    return h.hexdigest()


def run_batches(clc_run: Path, clc: Path, specs: list[Path], runs_of: dict, extra: list[str], timeout: int, batch: int, log, tag: str = "") -> dict:
    """Runs clc-run over the specs, `batch` specs per process; returns the parsed verdicts.
    Verdicts are cached per spec (content, source, binaries, options): a rerun reuses them."""
    results = {}
    todo = []
    for s in specs:
        hit = CACHE.get(spec_key(s, extra, timeout, tag))
        if hit is not None and tag != "again":
            results.update({(str(s), k): v for k, v in hit.items()})
        else:
            todo.append(s)
    if len(todo) < len(specs):
        log(f"  {len(specs) - len(todo)} specs from the cache")
    specs = todo
    for i in range(0, len(specs), batch):
        chunk = specs[i : i + batch]
        n_runs = sum(runs_of[s] for s in chunk)
        limit = 120 + n_runs * (timeout + 15)
        cmd = [str(clc_run), "--clc", str(clc), *extra, *map(str, chunk)]
        rc, out, secs = corpus.run(cmd, limit, {"CLC_RUNNER_TIMEOUT": str(timeout)})
        parsed = parse_output(out)
        results.update(parsed)
        raw = CACHE_DIR / "raw"
        raw.mkdir(exist_ok=True)
        (raw / f"{time.strftime('%H%M%S')}-{tag or 'pass'}-{i}.txt").write_text(" ".join(cmd) + "\n" + out)
        if rc is not None:
            for s in chunk:
                CACHE[spec_key(s, extra, timeout, tag)] = {k: v for (sp, k), v in parsed.items() if sp == str(s)}
            (CACHE_DIR / "results-cache.json").write_text(json.dumps(CACHE))
        log(f"  clc-run {' '.join(extra)} [{i + len(chunk)}/{len(specs)}] {n_runs} runs, {secs:.0f} s, rc {rc}, {len(parsed)} verdicts")
        if rc is None:
            log(f"  batch ran past {limit} s: {' '.join(map(str, chunk))}")
        # A spec clc-run could not even load: record why under each of its runs.
        for line in out.splitlines():
            m = re.match(r"^FAIL (\S+\.toml): (.*)$", line)
            if m and not any(k[0] == m[1] for k in parsed):
                results[(m[1], "*")] = {"verdict": "FAIL", "line": line, "details": []}
    return results


def sig(r: dict | None) -> str:
    """What two identical runs should share: the columns and every listed difference."""
    if r is None:
        return "none"
    cols = (column(r["line"], "clang"), column(r["line"], "driver"))
    diffs = [d.strip() for d in r["details"] if re.match(r"^\s*`[^`]+`(\[\d+\]:|: \d+ of)", d)]
    clc_out = r["line"].split(" | ")[0].split(": ", 1)[-1]
    return json.dumps([r["verdict"], cols, diffs, clc_out])


# ---------------------------------------------------------------- main


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--manifest", type=Path, default=HERE / "corpus.toml")
    ap.add_argument("--mirrors", type=Path, default=Path(os.environ.get("CLC_MIRRORS", "/work/.mirror")))
    ap.add_argument("--clc", type=Path, default=LEAD / "clc")
    ap.add_argument("--clc-run", type=Path, default=LEAD / "clc-run")
    ap.add_argument("--suite", action="append", help="only this suite (repeatable)")
    ap.add_argument("--limit", type=int, default=0, help="at most N files per suite")
    ap.add_argument("--work", type=Path, default=Path.home() / ".cache" / "clc-corpus-run")
    ap.add_argument("--timeout", type=int, default=20, help="CLC_RUNNER_TIMEOUT: seconds per launch")
    ap.add_argument("--batch", type=int, default=8, help="spec files per clc-run process")
    ap.add_argument("--out", type=Path, default=HERE / "corpus-run-results")
    a = ap.parse_args()
    t_start = time.monotonic()
    log = lambda s: print(s, file=sys.stderr, flush=True)  # noqa: E731

    manifest = corpus.load_manifest(a.manifest)
    suites = [s for s in manifest["suite"] if not a.suite or s["name"] in a.suite]
    if a.suite and len(suites) != len(a.suite):
        raise SystemExit(f"corpus_run: unknown suite in {a.suite}")
    work = a.work.expanduser().resolve()
    if str(work).startswith(str(REPO) + "/"):
        raise SystemExit("corpus_run: the work dir must be outside the repository")
    (work / "specs").mkdir(parents=True, exist_ok=True)
    (work / "reflect").mkdir(parents=True, exist_ok=True)
    # Others may rebuild the binaries while this runs: use copies throughout.
    clc = work / "clc"
    clc_run = work / "clc-run"
    for src, dst in ((a.clc, clc), (a.clc_run, clc_run)):
        tmp = dst.with_suffix(".new")
        tmp.write_bytes(src.read_bytes())
        tmp.chmod(0o755)
        tmp.replace(dst)
    global CACHE_DIR, CACHE_SALT
    CACHE_DIR = work
    CACHE_SALT = hashlib.sha256(clc.read_bytes() + clc_run.read_bytes()).hexdigest()
    if (work / "results-cache.json").exists():
        CACHE.update(json.loads((work / "results-cache.json").read_text()))
    clang_as_clc = work / "clang-as-clc"
    clang_as_clc.write_text('#!/bin/sh\nexec clang-22 --target=spirv64v1.0 -c "$@"\n')
    clang_as_clc.chmod(0o755)

    kernels: list[dict] = []  # every kernel record
    by_key: dict = {}
    specs: list[Path] = []
    runs_of: dict = {}
    files_not_compiled: dict = {}
    for s in suites:
        root, commit, note = corpus.materialise(s, a.mirrors)
        if root is None:
            log(f"corpus_run: {note}")
            continue
        files = corpus.list_files(s, root)
        if a.limit:
            files = files[: a.limit]
        log(f"corpus_run: {s['name']}: {len(files)} files")
        files_not_compiled[s["name"]] = 0
        for rel in files:
            src = corpus.source_to_compile(s, root, rel)
            opts = corpus.options_for(s, root, rel)
            stem = s["name"] + "/" + rel.replace("/", "__")
            meta = work / "reflect" / (stem + ".json")
            meta.parent.mkdir(parents=True, exist_ok=True)
            rc, out, _ = corpus.run([str(clc), *opts, str(src), "-o", str(meta.with_suffix(".spv")), f"--reflect={meta}"], 120)
            if rc != 0 or not meta.exists():
                files_not_compiled[s["name"]] += 1
                meta.unlink(missing_ok=True)
                continue
            info = json.loads(meta.read_text())
            cl_std = next((o.split("=", 1)[1] for o in opts if o.startswith("-cl-std=")), "CL1.2")
            rest = [o for o in opts if not o.startswith("-cl-std=")]
            spec = work / "specs" / (stem + ".toml")
            spec.parent.mkdir(parents=True, exist_ok=True)
            text = f"# {s['name']}/{rel}\ncl_std = {toml_str(cl_std)}\noptions = {json.dumps(rest)}\nsource = {toml_str(str(src))}\n"
            source_text = src.read_text(errors="replace")
            atomics = bool(re.search(r"\batom(ic)?_", source_text))
            runs = []
            for ki, k in enumerate(info["kernels"]):
                rec = {"suite": s["name"], "file": rel, "kernel": k["name"], "spec": str(spec), "class": "", "detail": ""}
                if atomics:
                    rec["uses_atomics"] = True
                kernels.append(rec)
                try:
                    runs.append(kernel_run(k, 1000 * ki + 1))
                    by_key[(str(spec), k["name"])] = rec
                except Skip as e:
                    rec["class"], rec["detail"] = "skipped", str(e)
            if runs:
                spec.write_text(text + "\n" + "\n".join(runs))
                specs.append(spec)
                runs_of[spec] = len(runs)
            else:
                spec.unlink(missing_ok=True)
    log(f"corpus_run: {len(kernels)} kernels in {len(specs)} specs, {sum(r['class'] == 'skipped' for r in kernels)} skipped before running")

    # Pass 1: every spec.
    first = run_batches(clc_run, clc, specs, runs_of, [], a.timeout, a.batch, log)
    for key, rec in by_key.items():
        r = first.get(key)
        if r is None and (key[0], "*") in first:
            rec["class"], rec["detail"] = "clc-failed", first[(key[0], "*")]["line"][:300]
            continue
        rec["class"], rec["detail"] = classify(r)
        rec["_sig"] = sig(r)

    # Recheck: rerun the specs with a disagreement (nondeterminism), and clang-22 as "clc"
    # against the driver where clc differs from both.
    recheck = [k for k, r in by_key.items() if r["class"] in ("clc-mismatch?", "refs-disagree") or "DISAGREES" in r["detail"]]
    re_specs = sorted({Path(k[0]) for k in recheck})
    if re_specs:
        log(f"corpus_run: rechecking {len(recheck)} runs in {len(re_specs)} specs")
        again = run_batches(clc_run, clc, re_specs, runs_of, [], a.timeout, a.batch, log, "again")
        both = [k for k in recheck if by_key[k]["class"] == "clc-mismatch?"]
        both_specs = sorted({Path(k[0]) for k in both})
        refs = run_batches(clc_run, clang_as_clc, both_specs, runs_of, ["--no-clang"], a.timeout, a.batch, log, "clang-vs-driver") if both_specs else {}
        for k in recheck:
            rec = by_key[k]
            if sig(again.get(k)) != rec["_sig"]:
                rec["class"] = "nondeterministic"
                rec["detail"] = "a second identical run judged differently; first: " + rec["detail"][:200]
                continue
            if rec["class"] == "clc-mismatch?":
                r = refs.get(k)
                c = column(r["line"], "driver") if r else None
                if c == "MATCH":
                    rec["class"] = "clc-mismatch"
                elif c == "MISMATCH":
                    rec["class"] = "refs-disagree"
                    rec["detail"] = "clc differs from both; clang vs driver also differ: " + "; ".join(first_diffs(r["details"], "driver")[:2]) + " || clc: " + rec["detail"]
                else:
                    rec["class"] = "clc-mismatch"
                    rec["detail"] += " (clang-vs-driver check did not run)"
    for rec in kernels:
        rec.pop("_sig", None)
        if rec["class"] == "clc-mismatch?":
            rec["class"] = "clc-mismatch"

    # Results of suites not run this time are kept.
    names = {s["name"] for s in manifest["suite"]}
    run_names = {s["name"] for s in suites}
    old = json.loads(Path(f"{a.out}.json").read_text()) if Path(f"{a.out}.json").exists() else {}
    old_kernels = [k for k in old.get("kernels", []) if k["suite"] in names and k["suite"] not in run_names]
    old_nc = {k: v for k, v in old.get("files_not_compiled", {}).items() if k in names and k not in run_names}
    cmd = "python3 fuzz/corpus_run.py " + " ".join(shlex.quote(x) for x in sys.argv[1:])
    results = {
        "clc_commit": subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "command": cmd.strip(),
        "seconds": round(time.monotonic() - t_start),
        "work": str(work),
        "timeout": a.timeout,
        "files_not_compiled": {**old_nc, **files_not_compiled},
        "kernels": old_kernels + kernels,
    }
    if old_kernels:
        results["note"] = f"suites {sorted({k['suite'] for k in old_kernels})} kept from the run of {old.get('date', '?')}"
    Path(f"{a.out}.json").write_text(json.dumps(results, indent=1) + "\n")
    Path(f"{a.out}.md").write_text(report(results, [s["name"] for s in manifest["suite"]]))
    log(f"corpus_run: wrote {a.out}.json and {a.out}.md in {time.monotonic() - t_start:.0f} s")
    return 0


def report(res: dict, order: list[str]) -> str:
    ks = res["kernels"]
    out = []
    w = out.append
    w("# clc's modules run on public OpenCL C kernels\n")
    w(
        f"Generated by `{res['command']}` (do not edit by hand); clc at `{res['clc_commit']}`, {res['date']}, "
        f"{res['seconds']} s. Every kernel of every file clc compiles (manifest `fuzz/corpus.toml`) runs on the Intel "
        "CPU OpenCL runtime with generated inputs (small values, global [64] / local [16] unless "
        "`reqd_work_group_size`), as compiled by clc, by clang-22 and by the runtime's own compiler; "
        f"every __global buffer is compared (floats within {ULP} ulp). Spec files are in `{res['work']}/specs/`; "
        "reproduce one with `clc-run --clc <clc> SPEC`. See the docstring of `fuzz/corpus_run.py` for the classes.\n"
    )
    if res.get("note"):
        w(f"Note: {res['note']}.\n")
    w("## Summary\n")
    cols = list(CLASSES)
    w("| suite | files not compiled by clc | kernels | " + " | ".join(cols) + " |")
    w("|---|---:|---:|" + "---:|" * len(cols))
    tot = {c: 0 for c in cols}
    for s in order:
        sk = [k for k in ks if k["suite"] == s]
        if not sk and s not in res["files_not_compiled"]:
            continue
        cnt = {c: sum(k["class"] == c for k in sk) for c in cols}
        for c in cols:
            tot[c] += cnt[c]
        w(f"| {s} | {res['files_not_compiled'].get(s, 0)} | {len(sk)} | " + " | ".join(str(cnt[c]) for c in cols) + " |")
    w(f"| **all** | {sum(res['files_not_compiled'].values())} | **{len(ks)}** | " + " | ".join(f"**{tot[c]}**" for c in cols) + " |")
    w("")

    def section(title: str, cls: str, pred=lambda k: True) -> None:
        items = [k for k in ks if k["class"] == cls and pred(k)]
        w(f"## {title} ({len(items)})\n")
        if not items:
            w("None.\n")
            return
        for k in items:
            at = " (source uses atomics)" if k.get("uses_atomics") else ""
            w(f"- `{k['suite']}/{k['file']}` kernel `{k['kernel']}`{at}: {k['detail']}  \n  spec `{k['spec']}`")
        w("")

    section("clc-mismatch: clang-22 and the driver agree, clc differs", "clc-mismatch")
    section("one-ref where clc disagrees with the only reference", "one-ref", lambda k: "DISAGREES" in k["detail"])
    section("refs-disagree", "refs-disagree")
    section("nondeterministic", "nondeterministic")
    section("timeout", "timeout")
    section("crash", "crash")
    section("clc-failed", "clc-failed")
    w("## Skip reasons, by count\n")
    reasons: dict = {}
    for k in ks:
        if k["class"] == "skipped":
            r = re.sub(r"\d+", "N", k["detail"])
            reasons.setdefault(r, []).append(k)
    w("| count | reason | example |")
    w("|---:|---|---|")
    for r, its in sorted(reasons.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        w(f"| {len(its)} | {r} | `{its[0]['suite']}/{its[0]['file']}` `{its[0]['kernel']}` |")
    w("")
    w("## Reasons a reference did not run (one-ref, no-ref), by count\n")
    why: dict = {}
    for k in ks:
        if k["class"] in ("one-ref", "no-ref"):
            for m in re.finditer(r"(clang|driver) not run \(([^:;(]*)", k["detail"]):
                why.setdefault(f"{m[1]}: {m[2].strip()}", []).append(k)
    for r, its in sorted(why.items(), key=lambda kv: -len(kv[1])):
        w(f"- {len(its)} × {r} (e.g. `{its[0]['suite']}/{its[0]['file']}` `{its[0]['kernel']}`)")
    w("")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
