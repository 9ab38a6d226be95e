"""An exact model of reduced.cl (and of variant_a1.cl) in Python, for seed 500605.

Work-item gid's hash, computed from the inputs in reduced.toml the way OpenCL C defines the
source: prints the first four values of each variant and checks all 64 of reduced.cl against the
expected values of reduced.toml (clang-22's module and the runtime's own compile, which agree).
"""
import re,sys
import os
t=open(os.path.join(os.path.dirname(os.path.abspath(__file__)),"reduced.toml")).read()
def arr(name):
    m=re.search(r'name = "%s".*?data = \[(.*?)\]'%name,t,re.S); return [int(x) for x in m.group(1).replace('\n','').split(',') if x.strip()]
g=arr('g'); cin=arr('cin')
M=(1<<64)-1
def mix(h,v): h=((h^v)*0x100000001b3)&M; return h^(h>>29)
def s16(x): x&=0xffff; return x-0x10000 if x&0x8000 else x
def u32(x): return x&0xffffffff
def addsat_s16(a,b): return max(-32768,min(32767,a+b))
def addsat_u32(a,b): return min(0xffffffff,a+b)
def run(gid, variant):
    grp=gid//32; lid=gid%32
    def gsj(j,k): return g[(grp*32+j)*8+k]
    j=(lid+3)%32; lb=u32(gsj(j,3)^6301)
    j=(lid+7)%32; la=u32(gsj(j,6)+j)
    x9=u32(lb+la)
    h=14473869674660012016
    v2=-32768; v3=-32768
    # k500605_h0(gs, v2, 101): ~(uint)(ushort)a1, a1=101
    r4=u32(~(101&0xffff))
    r15=u32(~(v3&0xffff))
    C=s16(cin[4])
    for i13 in range(2):
        c14=5
        while True:
            c14-=1
            S=s16(s16(u32(v3)<<(c14&15)) ^ 32)
            v2=s16(v2 ^ addsat_s16(S,C))
            h=mix(h,r15)
            if not c14>0: break
        for i17 in range(3):
            a=[addsat_u32(x9,4294967175), addsat_u32(x9,u32(v2)), addsat_u32(x9,u32(v3)), addsat_u32(x9,u32(v3))]
            b=b''.join(x.to_bytes(4,'little') for x in a)
            k=u32(r4*290)%16
            if variant=='x19': x=u32(a[3]+b[k])
            elif variant=='a1': x=a[1]
            h=mix(h,x)
        for _ in range(4): h=mix(h,0)
    for v in (0,0,0,0xffffffff): h=mix(h,v)
    return h
for v in ('x19','a1'):
    print(v,[run(i,v) for i in range(4)])
m=re.search(r'name = "out".*?expect = \[(.*?)\]',t,re.S)
exp=[int(x.strip().strip('"'),16) for x in m.group(1).replace('\n','').split(',') if x.strip()]
print("x19 all 64 match reduced.toml expect:", [run(i,'x19') for i in range(64)]==exp)
print("a1:", [hex(run(i,'a1')) for i in range(64)])
