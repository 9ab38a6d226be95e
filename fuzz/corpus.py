#!/usr/bin/env python3
"""Compile public OpenCL C kernel suites with clc and with clang-22, and keep the list.

Issue 9: "Measure it the way a user would meet it: take public kernel suites, compile every
kernel file, and keep a list of what does not compile and why in the repository, counting
down."

    python3 fuzz/corpus.py                    # every suite of fuzz/corpus.toml
    python3 fuzz/corpus.py --suite rodinia    # one suite (results of the others are kept)
    python3 fuzz/corpus.py --materialise-only # just unpack the sources
    python3 fuzz/corpus.py --target vulkan1.2 # clc for Vulkan (writes corpus-results-vulkan1.2.*)

The manifest (fuzz/corpus.toml) names, per suite, a public GitHub repository, a pinned
commit, the files to compile and the options their host code uses. No third-party source is
kept in this repository: the files are unpacked from git mirrors (bare git directories, by
default /work/.mirror/<owner>+<name>/repo, or --mirrors DIR; `git clone --bare
https://github.com/<owner>/<name> DIR/<owner>+<name>/repo` makes one) into a cache outside
the clone, ~/.cache/clc-corpus/<suite>/. A suite whose mirror is missing is skipped with a
note saying how to get it.

Each file is compiled by
  clc:      $CARGO_TARGET_DIR/debug/clc <options> file.cl -o out.spv  (then spirv-val on it)
  clang-22: clang-22 --target=spirv64v1.0 <options> -c file.cl -o ref.spv, then spirv-val.
clang's results are cached (key: file content, options, commit, clang version) in
~/.cache/clc-corpus/ref-cache.json, so a rerun after a clc change only runs clc.

It writes fuzz/corpus-results.json and fuzz/corpus-results.md. Standard library only.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import fnmatch
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CACHE = Path(os.environ.get("CLC_CORPUS_CACHE", Path.home() / ".cache" / "clc-corpus"))
TARGET = Path(os.environ.get("CARGO_TARGET_DIR", Path.home() / ".cache" / "clc-target"))

# clc outcomes, worst first. The first four are bugs whatever the input (SPEC §Bad input).
SEVERE = ("crash", "internal-error", "timeout", "invalid-module")
STATUSES = SEVERE + ("unsupported", "error", "ok")
UNPACK_VERSION = 2  # bump when unpacking or unwrapping changes, to refresh the cache


# ---------------------------------------------------------------- manifest and sources


def load_manifest(path: Path) -> dict:
    with open(path, "rb") as f:
        m = tomllib.load(f)
    defaults = m.get("defaults", {})
    for s in m["suite"]:
        for k, v in defaults.items():
            s.setdefault(k, v)
        s.setdefault("extract", [""])
        s.setdefault("exclude", [])
        s.setdefault("include", [])
        s.setdefault("defines", [])
        s.setdefault("options", [])
        s.setdefault("prelude", [])
        s.setdefault("override", [])
        s.setdefault("unwrap", "")
        s.setdefault("sample_every", 1)
    return m


def git(gitdir: Path, *args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(["git", f"--git-dir={gitdir}", *args], capture_output=True, **kw)


def mirror_of(suite: dict, mirrors: Path) -> Path:
    owner, name = suite["repo"].split("/")
    return mirrors / f"{owner}+{name}" / "repo"


def glob_match(path: str, pattern: str) -> bool:
    """fnmatch where `**/` may also match nothing (a/**/*.cl matches a/x.cl)."""
    if fnmatch.fnmatchcase(path, pattern):
        return True
    return "**/" in pattern and fnmatch.fnmatchcase(path, pattern.replace("**/", ""))


def materialise(suite: dict, mirrors: Path) -> tuple[Path | None, str, str]:
    """Unpack the suite's sources into the cache. Returns (root, commit used, note)."""
    gitdir = mirror_of(suite, mirrors)
    if not (gitdir / "HEAD").exists():
        how = (
            f"no mirror at {gitdir}; get one with\n"
            f"    git clone --bare https://github.com/{suite['repo']} {gitdir}\n"
            f"  (or the session tool `fetch github:{suite['repo']}`); skipping suite {suite['name']}"
        )
        return None, "", how
    commit, note = suite["commit"], ""
    if git(gitdir, "cat-file", "-e", f"{commit}^{{commit}}").returncode != 0:
        head = git(gitdir, "rev-parse", "HEAD", text=True).stdout.strip()
        note = f"pinned commit {commit[:12]} is not in the mirror; used HEAD {head[:12]}"
        commit = head
    root = CACHE / suite["name"]
    stamp = root / ".clc-corpus-stamp"
    want = json.dumps([UNPACK_VERSION, commit, suite["extract"], suite["unwrap"], suite["prelude"], suite["override"]])
    if stamp.exists() and stamp.read_text() == want:
        return root, commit, note
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    missing = unpack(gitdir, commit, [p for p in suite["extract"] if p], root)
    if missing:
        note = (note + "; " if note else "") + f"{len(missing)} blobs absent from the mirror (skipped)"
    if suite["unwrap"]:
        make_unwrapped(suite, root)
    stamp.write_text(want)
    return root, commit, note


def unpack(gitdir: Path, commit: str, paths: list[str], root: Path) -> list[str]:
    """Write the tree's files under root; mirrors may lack some (large) blobs: skip those."""
    ls = git(gitdir, "ls-tree", "-r", "-z", commit, "--", *paths)
    if ls.returncode != 0:
        raise SystemExit(f"corpus: git ls-tree failed in {gitdir}: {ls.stderr.decode()}")
    entries = []
    for rec in ls.stdout.split(b"\0"):
        if rec:
            meta, path = rec.split(b"\t", 1)
            mode, kind, sha = meta.split()
            if kind == b"blob":
                entries.append((mode.decode(), sha.decode(), path.decode(errors="replace")))
    p = subprocess.Popen(
        ["git", f"--git-dir={gitdir}", "cat-file", "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    missing = []
    for mode, sha, path in entries:
        p.stdin.write(f"{sha}\n".encode())
        p.stdin.flush()
        header = p.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            missing.append(path)
            continue
        data = p.stdout.read(int(header[2]))
        p.stdout.read(1)
        dest = root / path
        dest.parent.mkdir(parents=True, exist_ok=True)
        if mode == "120000":
            dest.symlink_to(data.decode())
        else:
            dest.write_bytes(data)
    p.stdin.close()
    p.wait()
    return missing


def unwrap_text(text: str, kind: str) -> str:
    """Undo a host-side string wrapper, keeping line numbers (wrapper lines become blank)."""
    lines = text.split("\n")
    if kind == "raw-string":  # CLBlast, clSPARSE: R"( <source> )" (possibly several pieces)
        out, inside = [], False
        for l in lines:
            t = l.strip()
            if not inside and t.endswith('R"('):
                inside = True
                out.append("")
            elif inside and t.startswith(')"'):
                inside = False
                out.append("")
            else:
                out.append(l if inside else "")
        return "\n".join(out)
    if kind == "mstringify":  # clpeak / bullet: MSTRINGIFY( ... \n#define ... )
        out, opened, last = [], False, None
        for i, l in enumerate(lines):
            if not opened and l.strip().startswith("MSTRINGIFY("):
                opened = True
                l = l.split("MSTRINGIFY(", 1)[1]
            out.append(re.sub(r"^(\s*)\\n", r"\1", l))
            if l.strip():
                last = i
        if opened and last is not None:
            k = out[last].rstrip()
            if k.endswith(");"):
                out[last] = k[:-2]
            elif k.endswith(")"):
                out[last] = k[:-1]
        return "\n".join(out)
    raise SystemExit(f"corpus: unknown unwrap kind {kind!r}")


def make_unwrapped(suite: dict, root: Path) -> None:
    """For wrapped suites, write <file>.cl next to each source: prelude files + the file."""
    globs = suite["files"] + suite["prelude"] + [p for o in suite["override"] for p in o.get("prelude", [])]
    for f in sorted(root.rglob("*")):
        if f.is_file() and any(glob_match(str(f.relative_to(root)), g) for g in globs):
            f.with_name(f.name + ".unwrapped").write_text(
                unwrap_text(f.read_text(errors="replace"), suite["unwrap"])
            )


def list_files(suite: dict, root: Path) -> list[str]:
    """Source files to compile, relative to the root (before unwrapping)."""
    all_files = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    files = [
        f
        for f in all_files
        if any(glob_match(f, g) for g in suite["files"])
        and not any(glob_match(f, g) for g in suite["exclude"])
        and not any(glob_match(f, g) for g in suite["prelude"])
        and not f.endswith(".unwrapped")
    ]
    return files[:: int(suite["sample_every"])]


def source_to_compile(suite: dict, root: Path, rel: str) -> Path:
    if not suite["unwrap"]:
        return root / rel
    # The unwrapped file, with the prelude files (host-side concatenation) before it.
    out = root / "__corpus__" / (rel + ".cl")
    out.parent.mkdir(parents=True, exist_ok=True)
    prelude = list(suite["prelude"])
    for o in suite["override"]:
        if any(glob_match(rel, g) for g in o["files"]):
            prelude += o.get("prelude", [])
    parts = [(root / (p + ".unwrapped")).read_text() for p in prelude]
    parts.append((root / (rel + ".unwrapped")).read_text())
    text = "\n".join(parts)
    if not out.exists() or out.read_text() != text:
        out.write_text(text)
    return out


def options_for(suite: dict, root: Path, rel: str) -> list[str]:
    defines, options, includes = list(suite["defines"]), list(suite["options"]), list(suite["include"])
    cl_std = suite["cl_std"]
    for o in suite["override"]:
        if any(glob_match(rel, g) for g in o["files"]):
            defines += o.get("defines", [])
            options += o.get("options", [])
            includes += o.get("include", [])
            cl_std = o.get("cl_std", cl_std)
    sub = lambda s: s.replace("{root}", str(root))  # noqa: E731
    args = [f"-cl-std={cl_std}"]
    args += [f"-I{root / i}" for i in includes]
    args += [f"-D{sub(d)}" for d in defines]
    args += [sub(o) for o in options]
    return args


# ---------------------------------------------------------------- running compilers


def run(cmd: list[str], timeout: float, env: dict | None = None) -> tuple[int | None, str, float]:
    """(exit status or -signal, stderr+stdout, seconds); None status on timeout. `env` adds
    variables to the environment."""
    t0 = time.monotonic()
    try:
        p = subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env={**os.environ, "RUST_BACKTRACE": "0", **(env or {})},
        )
    except OSError as e:
        return 127, str(e), 0.0
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out.decode(errors="replace"), time.monotonic() - t0
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return None, out.decode(errors="replace"), time.monotonic() - t0


DIAG = re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<kind>fatal error|error): (?P<msg>.*)$")


def first_error(output: str, root: Path) -> str:
    """First error as `relpath:line:col: error: message` (the cache prefix stripped)."""
    prefix = str(root) + "/"
    for line in output.splitlines():
        m = DIAG.match(line.strip())
        if m:
            path = m["path"].replace(prefix, "").replace("__corpus__/", "")
            return f"{path}:{m['line']}:{m['col']}: {m['kind']}: {m['msg']}"
    for line in output.splitlines():
        if "error" in line.lower() or "panicked" in line or "internal" in line.lower():
            return line.strip().replace(prefix, "")
    lines = [l for l in output.splitlines() if l.strip()]
    return lines[0].strip().replace(prefix, "") if lines else ""


EXTENSION_CAP = re.compile(r"Capability (Float16|Int64Atomics) is not allowed by OpenCL")


def spirv_val(spv: Path, env: str) -> tuple[bool, str]:
    extra = ["--scalar-block-layout"] if env.startswith("vulkan") else []
    rc, out, _ = run(["spirv-val", "--target-env", env, *extra, str(spv)], 60)
    first = out.strip().splitlines()[0] if out.strip() else ""
    if rc != 0 and EXTENSION_CAP.search(first):
        # SPIRV-Tools' OpenCL environments know no extensions: a module using half
        # arithmetic (cl_khr_fp16) or 64-bit atomics (cl_khr_int64_*_atomics) is judged by
        # the universal rules of its version, as clc's own validation does (src/driver.rs).
        rc, out, _ = run(["spirv-val", "--target-env", "spv1.0", str(spv)], 60)
        first = out.strip().splitlines()[0] if out.strip() else ""
    return rc == 0, first


def val_env(args: list[str]) -> str:
    std = next((a.split("=", 1)[1] for a in args if a.startswith("-cl-std=")), "CL1.2")
    return "opencl1.2" if std in ("CL1.0", "CL1.1", "CL1.2") else "opencl2.0"


def compile_clc(
    clc: Path, src: Path, args: list[str], root: Path, timeout: float, target: str | None = None
) -> dict:
    with tempfile.TemporaryDirectory(prefix="clc-corpus-") as tmp:
        out = Path(tmp) / "out.spv"
        flags = [f"--target={target}"] if target else []
        rc, text, secs = run([str(clc), *flags, *args, str(src), "-o", str(out)], timeout)
        r = {"seconds": round(secs, 2)}
        if rc is None:
            r.update(status="timeout", message=f"no answer after {timeout:.0f} s")
        elif rc < 0:
            name = signal.Signals(-rc).name if -rc in signal.valid_signals() else str(-rc)
            r.update(status="crash", message=f"killed by {name}; {first_error(text, root)}".strip())
        elif rc == 70 or "panicked" in text:
            r.update(status="internal-error", message=first_error(text, root) or text.strip()[:300])
        elif rc == 0:
            if not out.exists():
                r.update(status="invalid-module", message="exit 0 but no output file")
            else:
                ok, why = spirv_val(out, target or val_env(args))
                r.update(status="ok" if ok else "invalid-module", message="" if ok else why)
        else:
            msg = first_error(text, root)
            unsupported = re.search(r"error: unsupported", text) is not None
            r.update(status="unsupported" if unsupported else "error", message=msg)
            if unsupported and "unsupported" not in msg:
                # The first error is something else; keep the first `unsupported:` as well.
                u = next(l for l in text.splitlines() if "error: unsupported" in l)
                r["unsupported_message"] = first_error(u, root)
        return r


def compile_clang(src: Path, args: list[str], root: Path, timeout: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="clc-corpus-") as tmp:
        out = Path(tmp) / "ref.spv"
        rc, text, secs = run(
            ["clang-22", "--target=spirv64v1.0", *args, "-c", str(src), "-o", str(out)], timeout
        )
        r = {"seconds": round(secs, 2)}
        if rc is None:
            r.update(status="timeout", message="")
        elif rc != 0:
            r.update(status="error", message=first_error(text, root))
        else:
            ok, why = spirv_val(out, val_env(args))
            r.update(status="ok" if ok else "invalid-module", message="" if ok else why)
        return r


def clang_version() -> str:
    rc, out, _ = run(["clang-22", "--version"], 30)
    return out.splitlines()[0] if rc == 0 and out else "clang-22 missing"


# ---------------------------------------------------------------- classification


def message_class(msg: str) -> str:
    """Group messages: drop the location, and names/numbers that vary between files."""
    m = re.sub(r"^.*?:\d+:\d+: (fatal error|error): ", "", msg)
    m = re.sub(r"\d+", "N", m)
    # Keep quoted text when it names a kind of construct (short, no spaces, CamelCase or a
    # keyword-like word); replace identifiers and types otherwise.
    def quoted(q: re.Match) -> str:
        s = q.group(1)
        if m.startswith("unsupported") and (
            s == "" or s.startswith("__builtin") or (re.fullmatch(r"[A-Za-z_]+", s) and s[:1].isupper())
        ):
            return f"'{s}'"
        return "'…'"

    return re.sub(r"'([^']*)'", quoted, m).strip()


# ---------------------------------------------------------------- main


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--manifest", type=Path, default=HERE / "corpus.toml")
    ap.add_argument("--mirrors", type=Path, default=Path(os.environ.get("CLC_MIRRORS", "/work/.mirror")))
    ap.add_argument("--clc", type=Path, default=TARGET / "debug" / "clc")
    ap.add_argument("--suite", action="append", help="only this suite (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60, help="seconds for clc per file")
    ap.add_argument("--ref-timeout", type=float, default=300, help="seconds for clang-22 per file")
    ap.add_argument("--materialise-only", action="store_true")
    ap.add_argument("--no-ref-cache", action="store_true", help="rerun clang-22 on every file")
    ap.add_argument("--no-clc", action="store_true", help="only clang-22 (to tune the manifest)")
    ap.add_argument("--out", type=Path, default=None, help="results file stem (default corpus-results[-TARGET])")
    ap.add_argument("--target", help="clc's target (vulkan1.2, vulkan1.3), validated for its environment")
    a = ap.parse_args()
    if a.out is None:
        a.out = HERE / (f"corpus-results-{a.target}" if a.target else "corpus-results")

    manifest = load_manifest(a.manifest)
    suites = [s for s in manifest["suite"] if not a.suite or s["name"] in a.suite]
    if a.suite and len(suites) != len(a.suite):
        raise SystemExit(f"corpus: unknown suite in {a.suite}")
    if not a.materialise_only and not a.no_clc and not a.clc.exists():
        raise SystemExit(f"corpus: no clc at {a.clc}; run `cargo build --bin clc` first")

    CACHE.mkdir(parents=True, exist_ok=True)
    ref_cache_path = CACHE / "ref-cache.json"
    ref_cache = {} if a.no_ref_cache or not ref_cache_path.exists() else json.loads(ref_cache_path.read_text())
    clang_ver = clang_version()
    # Verdicts given before the extension-capability rule of spirv_val() are redone.
    ref_cache = {k: v for k, v in ref_cache.items() if not EXTENSION_CAP.search(v.get("message", ""))}

    # Results of suites not run this time are kept from the previous results file.
    old = json.loads(Path(f"{a.out}.json").read_text()) if Path(f"{a.out}.json").exists() else {}
    names = {s["name"] for s in manifest["suite"]}
    results = {"suites": {k: v for k, v in old.get("suites", {}).items() if k in names}}

    jobs = []
    for s in suites:
        root, commit, note = materialise(s, a.mirrors)
        if root is None:
            print(f"corpus: {note}", file=sys.stderr)
            results["suites"].pop(s["name"], None)
            continue
        if note:
            print(f"corpus: {s['name']}: {note}", file=sys.stderr)
        files = list_files(s, root)
        print(f"corpus: {s['name']}: {len(files)} files at {commit[:12]} in {root}", file=sys.stderr)
        results["suites"][s["name"]] = {
            "repo": s["repo"],
            "commit": commit,
            "note": note,
            "description": s.get("description", ""),
            "files": {},
        }
        for rel in files:
            jobs.append((s, root, commit, rel))
    if a.materialise_only:
        # Also the files as the host hands them to the compiler (unwrapped from C strings,
        # preludes first), which bench/compile reads.
        for s, root, _commit, rel in jobs:
            source_to_compile(s, root, rel)
        return 0

    clc_built = (
        time.strftime("%Y-%m-%d %H:%M", time.localtime(a.clc.stat().st_mtime)) if a.clc.exists() else ""
    )
    clc_path = a.clc
    if not a.no_clc:
        # Others may rebuild clc while this runs: use one copy of the binary throughout.
        snap = CACHE / f"clc-{os.getpid()}"
        shutil.copy2(a.clc, snap)
        a.clc = snap
        import atexit

        atexit.register(lambda: snap.unlink(missing_ok=True))

    def one(job):
        s, root, commit, rel = job
        src = source_to_compile(s, root, rel)
        args = options_for(s, root, rel)
        key = hashlib.sha256(
            json.dumps([src.read_bytes().hex(), args, commit, clang_ver, str(root)]).encode()
        ).hexdigest()
        ref = ref_cache.get(key)
        if ref is None:
            ref = compile_clang(src, args, root, a.ref_timeout)
            if ref["status"] != "timeout":
                ref_cache[key] = ref
        res = {"options": [x.replace(str(root), "{root}") for x in args], "clang": ref}
        if not a.no_clc:
            res["clc"] = compile_clc(a.clc, src, args, root, a.timeout, a.target)
        return s["name"], rel, res

    t0 = time.monotonic()
    done = 0
    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for name, rel, res in ex.map(one, jobs):
            results["suites"][name]["files"][rel] = res
            done += 1
            c = res.get("clc", {}).get("status", "-")
            print(f"[{done}/{len(jobs)}] {name}/{rel}: clang {res['clang']['status']}, clc {c}", file=sys.stderr)
            if done % 20 == 0:
                ref_cache_path.write_text(json.dumps(ref_cache))
    ref_cache_path.write_text(json.dumps(ref_cache))
    print(f"corpus: {len(jobs)} files in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    if a.no_clc:
        for name, suite in results["suites"].items():
            if name not in {s["name"] for s in suites}:
                continue
            for rel, r in suite["files"].items():
                if r["clang"]["status"] != "ok":
                    print(f"clang-fail {name}/{rel}: {r['clang']['message']}")
        return 0

    results["clang"] = clang_ver
    results["target"] = a.target or "opencl"
    results["clc_commit"] = subprocess.run(
        ["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    results["date"] = time.strftime("%Y-%m-%d")
    dirty = subprocess.run(
        ["git", "-C", str(REPO), "status", "--porcelain", "--", "src", "passes", "Cargo.toml", "Cargo.lock"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    results["clc_binary"] = {
        "path": str(clc_path),
        "built": clc_built,
        "uncommitted_sources_at_run": bool(dirty),
    }
    Path(f"{a.out}.json").write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
    Path(f"{a.out}.md").write_text(report(results, manifest))
    print(f"corpus: wrote {a.out}.md and {a.out}.json", file=sys.stderr)
    return 0


def clang_front_end_only(r: dict) -> bool:
    """clang-22's front end accepted the file, its SPIR-V backend or its module failed."""
    c = r["clang"]
    return c["status"] == "invalid-module" or (c["status"] == "error" and "error in backend" in c["message"])


def class_table(w, items: list) -> None:
    classes: dict[str, list] = {}
    for where, r in items:
        msg = r["clc"].get("unsupported_message") or r["clc"]["message"]
        classes.setdefault(message_class(msg), []).append((where, r, msg))
    w("| count | clc's first error (normalised) | example |")
    w("|---:|---|---|")
    for cls, its in sorted(classes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        where, r, msg = its[0]
        loc = re.match(r"^(.*?):(\d+):\d+:", msg)
        ex = f"{where.split('/')[0]}/{loc[1]}:{loc[2]}" if loc else where
        w(f"| {len(its)} | `{cls}` | `{ex}` |")
    w("")


def report(results: dict, manifest: dict) -> str:
    suites = results["suites"]
    order = [s["name"] for s in manifest["suite"] if s["name"] in suites]
    rows, severe, fails, clc_only, backend = [], [], [], [], []
    tot = [0] * 6
    for name in order:
        files = suites[name]["files"]
        n = len(files)
        c_ok = sum(r["clang"]["status"] == "ok" for r in files.values())
        k_ok = sum(r["clc"]["status"] == "ok" for r in files.values())
        both = sum(r["clang"]["status"] == "ok" and r["clc"]["status"] == "ok" for r in files.values())
        bad = sum(r["clc"]["status"] in SEVERE for r in files.values())
        gap = sum(r["clang"]["status"] == "ok" and r["clc"]["status"] != "ok" for r in files.values())
        for i, v in enumerate((n, c_ok, k_ok, both, gap, bad)):
            tot[i] += v
        s = suites[name]
        rows.append(
            f"| {name} | [{s['repo']}](https://github.com/{s['repo']}/tree/{s['commit']}) `{s['commit'][:10]}` "
            f"| {n} | {c_ok} | {k_ok} | {gap} | {bad} |"
        )
        for rel, r in sorted(files.items()):
            st = r["clc"]["status"]
            where = f"{name}/{rel}"
            if st in SEVERE:
                severe.append((st, where, r))
            elif r["clang"]["status"] == "ok" and st != "ok":
                fails.append((where, r))
            elif clang_front_end_only(r) and st != "ok":
                backend.append((where, r))
            elif st == "ok" and r["clang"]["status"] != "ok":
                clc_only.append((where, r))

    out = []
    w = out.append
    target = results.get("target", "opencl")
    vk = target != "opencl"
    w(f"# clc on public OpenCL C kernels{f' (target {target})' if vk else ''}\n")
    w(
        f"Generated by `python3 fuzz/corpus.py{f' --target {target}' if vk else ''}` "
        "(manifest: `fuzz/corpus.toml`; do not edit by hand). "
        + (
            f"clc compiles with `--target={target}` and its modules are checked with "
            f"`spirv-val --target-env {target} --scalar-block-layout`; clang-22's column is its "
            "OpenCL SPIR-V, for reference. "
            if vk
            else ""
        )
        + 
        f"clc at `{results.get('clc_commit', '?')}`, reference {results.get('clang', '?')}, "
        f"{results.get('date', '')}"
        + (
            f" (binary built {results['clc_binary']['built']}; the tree had uncommitted changes under src/ or "
            "passes/ when it ran, so the binary may include work in progress)"
            if results.get("clc_binary", {}).get("uncommitted_sources_at_run")
            else ""
        )
        + ". Every file is compiled on its own, with the options its host code passes "
        "(see the manifest); clang-22 is `clang-22 --target=spirv64v1.0 -c` followed by `spirv-val`.\n"
    )
    w("## Summary\n")
    w("| suite | source | files | clang-22 ok | clc ok | clang ok, clc not | clc severe |")
    w("|---|---|---:|---:|---:|---:|---:|")
    out += rows
    w(f"| **all** | | **{tot[0]}** | **{tot[1]}** | **{tot[2]}** | **{tot[4]}** | **{tot[5]}** |")
    w("")
    w(
        f"Of the {tot[1]} files clang-22 compiles to valid SPIR-V, clc compiles {tot[3]} "
        f"({100 * tot[3] / max(tot[1], 1):.1f} %). The number to count down is **{tot[4]}** "
        "(clang ok, clc not). *Severe* is an internal error (exit 70), a crash, a timeout "
        "(60 s) or a module that fails `spirv-val`: bugs whatever the input.\n"
    )
    w("## Severe: internal errors, crashes, timeouts, invalid modules\n")
    if not severe:
        w("None.\n")
    for st, where, r in severe:
        w(f"- **{st}** `{where}` (clang-22: {r['clang']['status']}): `{r['clc']['message']}`")
    if severe:
        w("")
    w("## Failure classes (clang-22 ok, clc not), by count\n")
    class_table(w, fails)
    if backend:
        w("## Failure classes where clang-22's front end accepts the file but its backend or module fails\n")
        w("clc fails too on these; not counted above, but the same gaps.\n")
        class_table(w, backend)
    w(f"## Every file clang-22 compiles and clc does not ({len(fails)})\n")
    for where, r in fails:
        msg = r["clc"]["message"]
        extra = f" (first unsupported: `{r['clc']['unsupported_message']}`)" if "unsupported_message" in r["clc"] else ""
        w(f"- `{where}` {r['clc']['status']}: `{msg}`{extra}")
    w("")
    if backend:
        w(f"## clang-22 front end ok (backend or module fails), clc not ({len(backend)})\n")
        for where, r in backend:
            msg = r["clc"]["message"]
            w(f"- `{where}` {r['clc']['status']}: `{msg}` (clang-22: {r['clang']['status']})")
        w("")
    if clc_only:
        w(f"## clc ok, clang-22 not ({len(clc_only)})\n")
        w("clc accepts these; clang-22 rejects them (or its module fails spirv-val). Worth a look: "
          "clc should reject what clang rejects.\n")
        for where, r in clc_only:
            w(f"- `{where}` clang-22 {r['clang']['status']}: `{r['clang']['message']}`")
        w("")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
