#!/usr/bin/env python3
"""First build of a new crate that lists clc as a build dependency, side by side with its peer.

Each configuration is a new crate (one kernel, `clc::Build` in its build.rs, clc as a path
dependency on this checkout) built once with `cargo build` into a fresh target directory;
the configurations run interleaved, round after round, and the median of the rounds is kept:
- `vendored`: clc's default features (SPIRV-Tools compiled from third_party/spirv-tools);
- `vendored+build-override`: the same with `[profile.dev.build-override] opt-level = 1`,
  the setting README.md gives for a faster `clc::Build`;
- `system`: feature `system-spirv-tools` (the installed SPIRV-Tools; skipped if pkg-config
  does not find one);
- `peer: spirv-tools-sys`: a crate whose only build dependency is `spirv-tools-sys` 0.12
  with its default features: the whole of SPIRV-Tools' C++ built the way the `spirv-tools`
  crate (and so rust-gpu's spirv-builder, and clc before 2026-11-29) builds it.

Every build works offline from Cargo's registry cache (run `cargo fetch` once before). The
results are appended, one JSON object per build, to --out (default
bench/results/first-build.jsonl) and summarized on stdout.

Usage: python3 bench/first_build.py [--rounds N] [--only NAME ...] [--out FILE]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

KERNEL = """__kernel void saxpy(float a, __global const float *x, __global float *y) {
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
"""

BUILD_RS = """fn main() {
    clc::Build::new().file("kernels/saxpy.cl").compile("kernels");
}
"""

MAIN_RS = """include!(concat!(env!("OUT_DIR"), "/kernels.rs"));
fn main() {
    println!("{} words", modules::saxpy::SPIRV.len());
}
"""

PEER_MAIN_RS = """fn main() {
    println!("{:?}", spirv_tools_sys::shared::TargetEnv::Universal_1_0);
}
"""


def manifest(name, build_dep, profile=""):
    dep = 'spirv-tools-sys = "0.12"' if name == "peer" else ""
    return f"""[package]
name = "{name}"
version = "0.1.0"
edition = "2021"
publish = false

[build-dependencies]
{build_dep}

[dependencies]
{dep}

[workspace]
{profile}
"""


def configurations(system_available):
    clc = f'clc = {{ path = "{ROOT}" }}'
    clc_system = (
        f'clc = {{ path = "{ROOT}", default-features = false, features = ["system-spirv-tools"] }}'
    )
    override = "[profile.dev.build-override]\nopt-level = 1\n"
    out = {
        "vendored": ("user", clc, ""),
        "vendored+build-override": ("user", clc, override),
        "peer: spirv-tools-sys": ("peer", "", ""),
    }
    if system_available:
        out["system"] = ("user", clc_system, "")
    return out


def make_crate(path, kind, build_dep, profile):
    os.makedirs(os.path.join(path, "src"))
    with open(os.path.join(path, "Cargo.toml"), "w") as f:
        f.write(manifest(kind, build_dep, profile))
    if kind == "peer":
        with open(os.path.join(path, "src", "main.rs"), "w") as f:
            f.write(PEER_MAIN_RS)
        return
    os.makedirs(os.path.join(path, "kernels"))
    with open(os.path.join(path, "kernels", "saxpy.cl"), "w") as f:
        f.write(KERNEL)
    with open(os.path.join(path, "build.rs"), "w") as f:
        f.write(BUILD_RS)
    with open(os.path.join(path, "src", "main.rs"), "w") as f:
        f.write(MAIN_RS)


def build_once(name, kind, build_dep, profile):
    with tempfile.TemporaryDirectory(prefix="clc-first-build-") as tmp:
        crate = os.path.join(tmp, "crate")
        make_crate(crate, kind, build_dep, profile)
        # The checkout's Cargo.lock pins the versions the crate gets.
        shutil.copy(os.path.join(ROOT, "Cargo.lock"), os.path.join(crate, "Cargo.lock"))
        env = dict(os.environ)
        env["CARGO_TARGET_DIR"] = os.path.join(tmp, "target")
        for var in ("RUSTFLAGS", "CARGO_BUILD_JOBS", "CXX", "CC", "CXXFLAGS", "CFLAGS"):
            env.pop(var, None)
        load = os.getloadavg()[0]
        start = time.monotonic()
        proc = subprocess.run(
            ["cargo", "build", "--offline", "--quiet"],
            cwd=crate,
            env=env,
            capture_output=True,
            text=True,
        )
        seconds = time.monotonic() - start
        if proc.returncode != 0:
            sys.exit(f"{name}: cargo build failed:\n{proc.stderr[-4000:]}")
        return {"config": name, "seconds": round(seconds, 2), "load_before": round(load, 2)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", action="append", help="configuration name (repeatable)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results", "first-build.jsonl"))
    args = ap.parse_args()
    system_available = (
        subprocess.run(["pkg-config", "--exists", "SPIRV-Tools"], capture_output=True).returncode
        == 0
    )
    configs = configurations(system_available)
    if args.only:
        configs = {k: v for k, v in configs.items() if k in args.only}
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    results = {name: [] for name in configs}
    with open(args.out, "a") as out:
        for r in range(args.rounds):
            for name, (kind, dep, profile) in configs.items():
                row = build_once(name, kind, dep, profile)
                row.update(round=r, commit=commit, date=stamp, cpus=os.cpu_count())
                out.write(json.dumps(row) + "\n")
                out.flush()
                results[name].append(row["seconds"])
                print(f"round {r} {name}: {row['seconds']} s (load {row['load_before']})",
                      flush=True)
    print(f"\nfirst `cargo build`, median of {args.rounds} round(s), {os.cpu_count()} cores:")
    for name, times in results.items():
        print(f"  {name:28} {statistics.median(times):8.1f} s   (all: {times})")


if __name__ == "__main__":
    main()
