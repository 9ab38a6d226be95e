#!/usr/bin/env python3
"""Machine code of clc's Vulkan pipelines on NVIDIA, from `gpu-bench --pipeline-stats DIR`.

NVIDIA's driver (580) keeps a compiled pipeline in its pipeline cache as a Zstandard frame
that holds an `NVDA NVVM NVuc` container; its header gives the code's size and offset (the
size equals the "Binary Size" statistic), and the code is the raw instruction stream. For
every DIR/*.pipeline-cache.bin this decompresses each frame (the `zstd` command), finds the
code (a (size, offset) pair of the header whose range holds an EXIT instruction at an
instruction boundary), writes it as .code.bin and disassembles it with
`nvdisasm --binary SM90` into .sass. Prints one line per blob: what it found.

    python3 bench/gpu/tools/sass.py DIR [SM90]
"""
import shutil
import struct
import subprocess
import sys
from pathlib import Path

ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
# The low 64 bits of sm_90's EXIT (no predicate), and the 16-byte instruction size.
EXIT = bytes.fromhex("4d79000000000000")
INSTR = 16


def frames(blob: bytes):
    """The decompressed contents of each Zstandard frame in `blob`."""
    at = 0
    while (i := blob.find(ZSTD_MAGIC, at)) >= 0:
        r = subprocess.run(["zstd", "-d", "-c", "-q"], input=blob[i:], capture_output=True)
        if r.stdout:
            yield r.stdout
        at = i + 4


def code_of(raw: bytes):
    """(offset, size) of the instruction stream in an NVuc container, or None."""
    if not raw.startswith(b"NVDANVVMNVuc"):
        return None
    for p in range(12, min(len(raw), 0x400) - 8, 4):
        size, off = struct.unpack_from("<II", raw, p)
        start = off + 8
        # The code follows the header (the whole container's own size is also in it).
        if start < 0x40 or size < INSTR or size % INSTR or start + size > len(raw):
            continue
        code = raw[start:start + size]
        if any(code[k:k + 8] == EXIT for k in range(0, size, INSTR)):
            return start, size
    return None


def disassemble(code: Path, sm: str) -> str:
    if not shutil.which("nvdisasm"):
        return "no disassembly: nvdisasm not found\n"
    r = subprocess.run(["nvdisasm", "--binary", sm, "-hex", str(code)], capture_output=True, text=True)
    return r.stdout if r.returncode == 0 and r.stdout.strip() else "nvdisasm failed: " + r.stderr


def main():
    d = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    sm = sys.argv[2] if len(sys.argv) > 2 else "SM90"
    if not shutil.which("zstd"):
        sys.exit("sass.py needs the zstd command")
    for blob_path in sorted(d.glob("*.pipeline-cache.bin")):
        blob = blob_path.read_bytes()
        stem = str(blob_path)[: -len(".pipeline-cache.bin")]
        notes = []
        for n, raw in enumerate(frames(blob)):
            found = code_of(raw)
            if found is None:
                notes.append(f"frame {n}: {len(raw)} bytes, no code found")
                continue
            start, size = found
            code = Path(f"{stem}.{n}.code.bin")
            code.write_bytes(raw[start:start + size])
            text = disassemble(code, sm)
            Path(f"{stem}.{n}.sass").write_text(text)
            instrs = sum(1 for l in text.splitlines() if ";" in l and "/*" in l)
            notes.append(f"frame {n}: code at {start}, {size} bytes, {instrs} instructions")
        print(f"{blob_path.name}: {len(blob)} bytes; " + ("; ".join(notes) if notes else "no zstd frame"))


if __name__ == "__main__":
    main()
