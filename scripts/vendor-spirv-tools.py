#!/usr/bin/env python3
"""Refreshes third_party/spirv-tools: the part of SPIRV-Tools that clc's default build
compiles (feature `vendored-spirv-tools`).

clc calls SPIRV-Tools' validator, its disassembler and six optimizer passes. This copies, from
the sources the `spirv-tools-sys` crate packages, the .cpp files that a program making exactly
those calls links (found by linking such a program against archives of every file with
`-Wl,-Map`; the lists below are the result), the headers they include (found with `c++ -MM`),
and groups the .cpp files into unity units: each unit is one translation unit that includes
several .cpp files, so that the headers, most of the compile time, are parsed once per unit
instead of once per file. Files whose file-local names clash are put in different units
(found by compiling each unit with -fsyntax-only). build.rs reads the units from units.txt.

Usage: python3 scripts/vendor-spirv-tools.py [SPIRV_TOOLS_SYS_DIR]
(default: the spirv-tools-sys-0.12.2 folder of Cargo's registry).
"""

import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEST = os.path.join(ROOT, "third_party", "spirv-tools")
VERSION = "0.12.2"

# spirv-tools/source/opt: what the six passes clc runs (src/spvtools/vendored_optimizer.cpp)
# and the IR they work on need.
OPT = """basic_block block_merge_pass block_merge_util build_module ccp_pass cfg
const_folding_rules constants dead_branch_elim_pass debug_info_manager decoration_manager
def_use_manager dominator_tree eliminate_dead_constant_pass feature_manager fold folding_rules
function instruction instruction_list ir_context ir_loader liveness local_redundancy_elimination
loop_descriptor mem_pass module pass pass_manager propagator redundancy_elimination
scalar_analysis scalar_analysis_simplification ssa_rewrite_pass struct_cfg_analysis
type_manager types value_number_table""".split()

# spirv-tools/source and source/util: the C API, the binary parser, the disassembler and the
# grammar tables.
SHARED = """assembly_grammar binary diagnostic disassemble enum_string_mapping ext_inst extensions
libspirv name_mapper opcode operand util/parse_number parsed_operand print spirv_endian
spirv_optimizer_options spirv_target_env spirv_validator_options util/string_utils table text
text_handler to_string""".split()

# Files per unit: two units of each library keep two cores busy; more would parse the
# headers more often.
UNITS = {"opt": 2, "val": 2, "shared": 1}


def includes(src):
    return [
        "-I" + os.path.join(src, p)
        for p in (
            "spirv-tools",
            "spirv-tools/include",
            "generated",
            "spirv-headers/include",
            "spirv-headers/include/spirv/unified1",
        )
    ]


FLAGS = ["-std=c++17", "-fno-exceptions", "-fno-rtti", "-DSPIRV_CHECK_CONTEXT", "-DSPIRV_LINUX"]


def sources(src):
    opt = [f"spirv-tools/source/opt/{n}.cpp" for n in OPT]
    val = sorted(
        os.path.relpath(p, src) for p in glob.glob(os.path.join(src, "spirv-tools/source/val/*.cpp"))
    )
    shared = [f"spirv-tools/source/{n}.cpp" for n in SHARED]
    return {"opt": opt, "val": val, "shared": shared}


def dependencies(src, files):
    """Every file under `src` that `files` include, as paths relative to `src`."""
    deps = set()
    for f in files:
        out = subprocess.run(
            ["c++", "-MM", *FLAGS, *includes(src), os.path.join(src, f)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        for p in out.replace("\\\n", " ").split(":", 1)[1].split():
            p = os.path.realpath(p)
            if p.startswith(os.path.realpath(src) + os.sep):
                deps.add(os.path.relpath(p, os.path.realpath(src)))
    return deps


def clashing_file(src, unit):
    """None if the files of `unit` compile as one translation unit, else the first file that
    redefines a name of an earlier one."""
    text = "".join(f'#include "{f}"\n' for f in unit)
    out = subprocess.run(
        ["c++", "-fsyntax-only", "-x", "c++", *FLAGS, *includes(src), "-I" + src, "-"],
        input=text,
        capture_output=True,
        text=True,
    )
    if out.returncode == 0:
        return None
    # An error's file, or the unit file it was included from (GCC's "In file included
    # from A.cpp:35, from <stdin>:11:" lines before it).
    chain = []
    for line in out.stderr.splitlines():
        m = re.match(r"^(?:In file included from|\s+from) (\S+?):\d+[,:]", line)
        if m:
            chain.append(m.group(1))
            continue
        m = re.match(r"^(\S+?):\d+:\d+: error", line)
        if m:
            for path in [m.group(1)] + chain:
                rel = os.path.relpath(os.path.realpath(path), os.path.realpath(src))
                if rel in unit:
                    return rel
        if not line.startswith(" "):
            chain = []
    sys.exit(f"unit does not compile, and not for a clash:\n{out.stderr[:4000]}")


def group(src, files, n):
    """`files` in at most about `n` units of similar size, clashing files apart."""
    pending = [files[i::n] for i in range(n)]
    units = []
    while pending:
        unit = pending.pop(0)
        while True:
            bad = clashing_file(src, unit)
            if bad is None:
                break
            unit.remove(bad)
            # Into the next unit that takes it, or a unit of its own.
            if pending:
                pending[0].append(bad)
            else:
                pending.append([bad])
        units.append(unit)
    return units


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else glob.glob(
        os.path.expanduser(f"~/.cargo/registry/src/*/spirv-tools-sys-{VERSION}")
    )[0]
    libs = sources(src)
    every = [f for files in libs.values() for f in files]
    deps = dependencies(src, every)
    if os.path.isdir(DEST):
        for sub in ("spirv-tools", "spirv-headers", "generated"):
            shutil.rmtree(os.path.join(DEST, sub), ignore_errors=True)
    for f in sorted(deps | set(every)):
        os.makedirs(os.path.dirname(os.path.join(DEST, f)), exist_ok=True)
        shutil.copy2(os.path.join(src, f), os.path.join(DEST, f))
    lines = []
    for lib, files in libs.items():
        for unit in group(src, list(files), UNITS[lib]):
            lines.append(lib + ": " + " ".join(unit))
    with open(os.path.join(DEST, "units.txt"), "w") as out:
        out.write(
            "# Written by scripts/vendor-spirv-tools.py: one unity unit per line, the .cpp\n"
            "# files build.rs compiles as one translation unit, under a library name.\n"
        )
        out.write("\n".join(lines) + "\n")
    print(f"{len(every)} sources, {len(deps)} headers, {len(lines)} units")


if __name__ == "__main__":
    main()
