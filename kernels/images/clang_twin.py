#!/usr/bin/env python3
"""A stand-in compiler for validating the image kernels' expected values on the runtime:
clang-22's SPIR-V with its two image bugs repaired, for `clc-run --clc`.

    clc-run --clc kernels/images/clang_twin.py --no-reference --include-pending kernels/images

Takes clc's argument shape (-cl-std=..., -D..., -I..., source, -o out). Compiles with
`clang-22 --target=spirv64v1.0 -c`, disassembles with `spirv-dis --raw-id`, then:

1. removes the `__clang_ocl_kern_imp_<kernel>` copies of the kernel bodies (exported, never
   called). clang-22 uses one OpConstantSampler in both a kernel and its copy, and the Intel
   runtime's SPIR-V reader cannot share one OpConstantSampler between two functions (clBuildProgram:
   "Never resolved value found in function"), so every kernel with a constant sampler fails to
   build;
2. adds CLK_SNORM_INT8 (0x10D0) to every OpImageQueryFormat result (clang-22 returns the bare
   SPIR-V ImageChannelDataType, e.g. 14 for FLOAT, from get_image_channel_data_type), and
   replaces the calls to the unresolved `get_image_channel_order` builtin that clang-22 leaves
   behind by OpImageQueryOrder + CLK_R (0x10B0), the lowering the SPIR-V environment spec asks for;

and reassembles with `spirv-as --target-env spv1.0`, checking with spirv-val. Everything else is
clang's code, untouched.
"""
import os
import re
import subprocess
import sys
import tempfile


def main(argv):
    args, out = [], None
    it = iter(argv)
    for a in it:
        if a == "-o":
            out = next(it)
        else:
            args.append(a)
    if out is None:
        sys.exit("clang_twin: no -o")
    with tempfile.TemporaryDirectory() as d:
        spv = os.path.join(d, "clang.spv")
        subprocess.run(["clang-22", "--target=spirv64v1.0", "-c", *args, "-o", spv], check=True)
        text = subprocess.run(["spirv-dis", "--raw-id", spv], check=True,
                              capture_output=True, text=True).stdout
        fixed = repair(text)
        asm = os.path.join(d, "fixed.spvasm")
        open(asm, "w").write(fixed)
        subprocess.run(["spirv-as", "--target-env", "spv1.0", "--preserve-numeric-ids", asm,
                        "-o", out], check=True)
        subprocess.run(["spirv-val", "--target-env", "spv1.0", out], check=True)


def repair(text):
    lines = text.split("\n")
    bound = int(re.search(r"; Bound: (\d+)", text).group(1))
    fresh = iter(range(bound + 100, bound + 100000))

    # 1. Drop the __clang_ocl_kern_imp_ functions and every line naming an id they define.
    imps = {m.group(1) for l in lines
            for m in [re.match(r'\s*OpName (%\d+) "__clang_ocl_kern_imp_', l)] if m}
    dead, inside = set(imps), False
    for l in lines:
        m = re.match(r"\s*(%\d+) = OpFunction ", l)
        if m and m.group(1) in imps:
            inside = True
        if inside:
            m = re.match(r"\s*(%\d+) = ", l)
            if m:
                dead.add(m.group(1))
            if "OpFunctionEnd" in l:
                inside = False
    kept, inside = [], False
    for l in lines:
        m = re.match(r"\s*(%\d+) = OpFunction ", l)
        if m and m.group(1) in imps:
            inside = True
        if not inside and not (set(re.findall(r"%\d+", l)) & dead):
            kept.append(l)
        if inside and "OpFunctionEnd" in l:
            inside = False
    lines = kept

    # 2. Channel data type / order queries.
    order_fns = {m.group(1) for l in lines
                 for m in [re.match(r'\s*OpName (%\d+) "_Z23get_image_channel_order', l)] if m}
    uint = next((m.group(1) for l in lines
                 for m in [re.match(r"\s*(%\d+) = OpTypeInt 32 0$", l)] if m), None)
    c_type, c_order = f"%{next(fresh)}", f"%{next(fresh)}"
    out, used = [], False
    for l in lines:
        m = re.match(r"(\s*)(%\d+) = OpImageQueryFormat (%\d+) (%\d+)$", l)
        if m:
            raw = f"%{next(fresh)}"
            out.append(f"{m.group(1)}{raw} = OpImageQueryFormat {m.group(3)} {m.group(4)}")
            out.append(f"{m.group(1)}{m.group(2)} = OpIAdd {m.group(3)} {raw} {c_type}")
            used = True
            continue
        m = re.match(r"(\s*)(%\d+) = OpFunctionCall (%\d+) (%\d+) (%\d+)$", l)
        if m and m.group(4) in order_fns:
            raw = f"%{next(fresh)}"
            out.append(f"{m.group(1)}{raw} = OpImageQueryOrder {m.group(3)} {m.group(5)}")
            out.append(f"{m.group(1)}{m.group(2)} = OpIAdd {m.group(3)} {raw} {c_order}")
            used = True
            continue
        out.append(l)
        if uint and re.match(rf"\s*{uint} = OpTypeInt 32 0$", l):
            out.append(f"{c_type} = OpConstant {uint} 4304")   # CLK_SNORM_INT8
            out.append(f"{c_order} = OpConstant {uint} 4272")  # CLK_R
    if used and uint is None:
        sys.exit("clang_twin: image queries but no 32-bit int type")
    text = "\n".join(out)
    return re.sub(r"; Bound: \d+", f"; Bound: {bound + 100000}", text)


if __name__ == "__main__":
    main(sys.argv[1:])
