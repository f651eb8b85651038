#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Lines up a system-wide perf recording with frame-bench's frame log (FRAME_BENCH_FRAMES) and
# prints, for each canvas frame, what the app's main thread was doing (samples in the socket
# write to the X server, in page faults, in pixman, other), what other threads ran meanwhile, the
# page faults sampled per process, and the mmap/munmap/madvise/brk calls in the 200 ms before.
# See README.md for the recording command.
#
#   perf script -i perf.data -F comm,tid,time,event,ip,sym,trace > perf.txt
#   tools/frame-copy/perf-frames.py perf.txt frames.txt [only frames over MS]
import sys, collections, bisect, re
perf, frames = sys.argv[1], sys.argv[2]
S=[]; cur=None
for line in open(perf):
    if line and not line[0].isspace() and line.strip():
        m=re.match(r'\s*(.*?)\s+(\d+)\s+([\d.]+):\s+(\S+):\s*(.*)', line)
        if not m: cur=None; continue
        cur=[m.group(1), m.group(2), float(m.group(3)), m.group(4), m.group(5), []]; S.append(cur)
    elif line.strip() and cur is not None:
        sp=line.split(None,1); cur[5].append(sp[1].strip() if len(sp)>1 else '')
S.sort(key=lambda s:s[2]); T=[s[2] for s in S]
L=open(frames).read().split('\n'); B=float(L[0].split('from ')[1].split()[0])/1e6
# main tid: the app thread with most cpu-clock samples in writev
c=collections.Counter(s[1] for s in S if s[3].startswith('cpu-clock') and any('writev' in f for f in s[5]))
tid=c.most_common(1)[0][0]; print("main tid", tid)
thr=float(sys.argv[3]) if len(sys.argv)>3 else 0
for l in L[1:]:
    p=l.split()
    if len(p)<3 or p[2]=='loop': continue
    if float(p[1])<thr: continue
    st=B+float(p[0])/1e3; en=st+float(p[1])/1e3
    i=bisect.bisect_left(T,st); j=bisect.bisect_right(T,en); w=S[i:j]
    cpu=[s for s in w if s[3].startswith('cpu-clock')]
    main=[s for s in cpu if s[1]==tid]
    cat=collections.Counter()
    for s in main:
        st_=' '.join(s[5])
        if 'exc_page_fault' in st_: cat['fault']+=1
        elif '_copy_from_iter' in st_ or 'writev' in st_: cat['xwrite']+=1
        elif 'pixman' in st_: cat['pix']+=1
        else: cat['oth']+=1
    oth=collections.Counter(s[0] for s in cpu if s[1]!=tid and not s[0].startswith('swapper'))
    pf=collections.Counter(s[0] for s in w if s[3].startswith('page-faults'))
    k=bisect.bisect_left(T,st-0.2)
    mm=collections.Counter((s[0],s[3].split(':')[1][10:],) for s in S[k:j] if s[3].startswith('syscalls'))
    print(f"{p[0]:>8} {p[1]:>6} main={len(main)} {dict(cat)} other={dict(oth)} pf64={dict(pf)} mm200={dict(mm)}")
