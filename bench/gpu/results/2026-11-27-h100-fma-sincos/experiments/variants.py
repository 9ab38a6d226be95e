import re, sys
# usage: ro.py in.txt out.txt body_fn readonly_params(comma) [chains]
src, dst, body, params = sys.argv[1:5]
chains = len(sys.argv) > 5 and sys.argv[5] == 'chains'
ro = [p for p in params.split(',') if p]
s = open(src).read()
lines = s.split('\n')
# integer stepping -> access chains (pattern on the float PSB pointers)
defs = {}
for l in lines:
    m = re.match(r'\s*(%\w+) = (Op\w+) (.*)', l)
    if m: defs[m.group(1)] = (m.group(2), m.group(3).split())
out = []
for l in lines:
    m = re.match(r'(\s*)(%\w+) = OpConvertUToPtr %_ptr_PhysicalStorageBuffer_float (%\w+)', l)
    if m and chains:
        op, a = defs[m.group(3)]
        if op == 'OpIAdd':
            base, mul = a[1], a[2]
            if defs.get(base, ('',))[0] == 'OpConvertPtrToU' and defs.get(mul, ('',))[0] == 'OpIMul' and defs[mul][1][2] == '%ulong_4':
                ptr = defs[base][1][1]; idx = defs[mul][1][1]
                if ptr in ro:
                    l = f'{m.group(1)}{m.group(2)} = OpAccessChain %_ptr_PhysicalStorageBuffer_float {ptr} %uint_0 {idx}'
                else:
                    l = f'{m.group(1)}{m.group(2)} = OpPtrAccessChain %_ptr_PhysicalStorageBuffer_float {ptr} {idx}'
    out.append(l)
s = '\n'.join(out)
if ro:
    s = s.replace("%_ptr_PhysicalStorageBuffer_float = OpTypePointer PhysicalStorageBuffer %float\n",
      "%_ptr_PhysicalStorageBuffer_float = OpTypePointer PhysicalStorageBuffer %float\n%rtf = OpTypeRuntimeArray %float\n%ro = OpTypeStruct %rtf\n%ptr_ro = OpTypePointer PhysicalStorageBuffer %ro\n%fnro = OpTypeFunction %void " + "PARAMS\n")
    s = s.replace("OpMemoryModel PhysicalStorageBuffer64 Vulkan\n", "OpMemoryModel PhysicalStorageBuffer64 Vulkan\n", 1)
    # decorations
    s = re.sub(r'(\n\s*OpDecorate %_ptr_PhysicalStorageBuffer_float ArrayStride 4)', r'\1\nOpDecorate %rtf ArrayStride 4\nOpMemberDecorate %ro 0 Offset 0\nOpMemberDecorate %ro 0 NonWritable\nOpDecorate %ro Block', s, count=1)
    # body function: find its params
    m = re.search(r'%' + body + r' = OpFunction %void None (%\w+)\n((?:\s*%\w+ = OpFunctionParameter %\w+\n)+)', s)
    ptypes = []
    newparams = m.group(2)
    for pl in m.group(2).strip('\n').split('\n'):
        pm = re.match(r'\s*(%\w+) = OpFunctionParameter (%\w+)', pl)
        if pm.group(1) in ro:
            ptypes.append('%ptr_ro'); newparams = newparams.replace(pl, pl.replace(pm.group(2), '%ptr_ro'))
        else:
            ptypes.append(pm.group(2))
    s = s.replace(m.group(0), f'%{body} = OpFunction %void None %fnro\n' + newparams)
    s = s.replace('PARAMS', ' '.join(ptypes))
    for p in ro:
        s = re.sub(r'OpPtrAccessChain %_ptr_PhysicalStorageBuffer_float ' + p + r' (%\w+)', r'OpAccessChain %_ptr_PhysicalStorageBuffer_float ' + p + r' %uint_0 \1', s)
    # call site: bitcast args at ro positions
    cm = re.search(r'(\s*)(%\w+) = OpFunctionCall %void %' + body + r' ([%\w ]+)', s)
    args = cm.group(3).split()
    pre = ''
    for i, t in enumerate(ptypes):
        if t == '%ptr_ro':
            pre += f'{cm.group(1)}%roarg{i} = OpBitcast %ptr_ro {args[i]}'
            args[i] = f'%roarg{i}'
    s = s.replace(cm.group(0), pre + f'{cm.group(1)}{cm.group(2)} = OpFunctionCall %void %{body} ' + ' '.join(args))
open(dst, 'w').write(s)
