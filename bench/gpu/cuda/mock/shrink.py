# Shrinks bench/gpu/suite.toml to CPU-mock sizes (cuda/mock/test.sh).
import tomllib, sys, re
src = open(sys.argv[1]).read()
rep = {
 # copies / saxpy: 2^28 -> 2^16 floats
 'len = 268435456': 'len = 65536', 'global = [67108864, 1, 1]': 'global = [16384, 1, 1]', 'global = [268435456, 1, 1]': 'global = [65536, 1, 1]',
 # reduce: pass 1 16 groups over 16384 float4; partial 16*... keep 8192 partial buffer but pass 2 over 4 float4
 'global = [2097152, 1, 1]': 'global = [4096, 1, 1]', '{ uint = 67108864 }': '{ uint = 16384 }', '{ uint = 2048 }': '{ uint = 4 }',
 # transpose 8192 -> 256 x 128 (rows 128, cols 256)
 'len = 67108864': 'len = 32768', 'global = [8192, 8192, 1]': 'global = [256, 128, 1]', '{ uint = 8192 }, { uint = 8192 }': '{ uint = 256 }, { uint = 128 }',
 'rows = 8192 ': 'rows = 128 ', 'cols = 8192': 'cols = 256',
 # sgemm 4096 -> 128
 'len = 16777216': 'len = 16384', 'global = [4096, 4096, 1]': 'global = [128, 128, 1]', 'global = [1024, 1024, 1]': 'global = [32, 32, 1]',
 '{ uint = 4096 }, { uint = 4096 }, { uint = 4096 }': '{ uint = 128 }, { uint = 128 }, { uint = 128 }', 'm = 4096': 'm = 128', 'n = 4096': 'n = 128', 'k = 4096': 'k = 128',
 # nbody 2^17 -> 1024
 'len = 524288': 'len = 4096', 'global = [131072, 1, 1]': 'global = [1024, 1, 1]', '{ uint = 131072 }': '{ uint = 1024 }', 'n = 131072': 'n = 1024',
 'warmup_ms = 500': 'warmup_ms = 50', 'min_sample_ms = 200': 'min_sample_ms = 20',
}
for a, b in rep.items():
    assert a in src, a
    src = src.replace(a, b)
src = src.replace('len = 8192\n', 'len = 16\n')
print(src)
