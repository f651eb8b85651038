#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""startup-trace.py - start-ups of several apps, interleaved, each on a fresh Xvfb, matchbox and
session bus as ../shared/bench/peers.py runs them, through paintwatch (page 1 painted: the
magenta marker) with PDF_ANNOTATOR_TRACE=1; prints per app the median (min-max) of each
StartupTrace moment and of paintwatch's page-1 time ("PAINTWATCH page1", ms since fork).
Run it from a copy of the bench after its setup.sh (BENCH=that folder), inside the build lock:

  BENCH=/tmp/x/bench flock /tmp/build.lock tools/startup-trace.py DOC REPS \
      'before=/tmp/before {pdf}' 'now=.build/release/pdf-annotator {pdf}' \
      'floornogl=$BENCH/bin/gtk4floor {pdf}' floornogl:GDK_DEBUG=gl-disable

NAME:VAR=VALUE sets an environment variable for one app. Rep 0 is a discarded warm-up.
Trace times count from the process's start in clock ticks (10 ms), so compare spans between
moments, and page 1 by paintwatch. PERFPROBE=1 records each start with perf (uprobes named
probe_libgtk:*, probe_libgio:*, ... made beforehand with `perf probe`) into /tmp/st-perf-*.data."""
import os, sys, shlex, shutil, subprocess, tempfile, time, statistics, re, json
sys.path.insert(0, os.environ.get("BENCH") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../shared/bench"))
import peers
doc, reps = sys.argv[1], int(sys.argv[2])
apps, envs = {}, {}
for a in sys.argv[3:]:
    if "=" in a.split()[0] and ":" in a.split("=")[0]:
        n, kv = a.split(":", 1); k, v = kv.split("=", 1); envs.setdefault(n, {})[k] = v
    else:
        n, c = a.split("=", 1); apps[n] = c
pool = peers.DisplayPool()
home = tempfile.mkdtemp(prefix="st-home-")
res = {n: [] for n in apps}
names = list(apps)
for rep in range(reps + 1):
    k = rep % len(names)
    for n in names[k:] + names[:k]:
        disp = pool.next()
        token = "%d-%d-%d" % (os.getpid(), disp, int(time.time() * 1000) % 10**9)
        xs = peers.XSession(disp, "1920x1080", token)
        rt = tempfile.mkdtemp(prefix="st-rt-"); os.chmod(rt, 0o700)
        try:
            env = dict(xs.start())
            env.update({"HOME": home, "XDG_RUNTIME_DIR": rt, "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
                        "GSK_RENDERER": "cairo", "LIBGL_ALWAYS_SOFTWARE": "1", "PDF_ANNOTATOR_TRACE": "1"})
            env.update(envs.get(n, {}))
            argv = shlex.split(os.path.expandvars(apps[n]).replace("{pdf}", shlex.quote(doc)))
            pw = [os.path.join(peers.BIN, "paintwatch"), "-s", "1500", "-t", "20", "-i", "50"]
            pre = []
            if os.environ.get("PERFPROBE"):
                pf = "/tmp/st-perf-%s-%d.data" % (n, rep)
                pre = ["perf", "record", "-q", "-g", "-o", pf, "-e", "probe_libgtk:*", "-e", "probe_libgio:*", "-e", "probe_libX11:*", "-e", "probe_libc:*", "-e", "probe_libfontconfig:*", "-e", "probe_libpoppler:*", "-e", "sched:sched_process_exec"] + (["-e", "sched:sched_switch", "-e", "cpu-clock", "-F", "10000"] if os.environ.get("PERFSAMPLE") else []) + ["--"]
            p = subprocess.run(pre + pw + ["--"] + argv, env=env, capture_output=True, text=True, timeout=120)
            r = peers.parse_kv(p.stdout)
            marks = {}
            for line in p.stderr.splitlines():
                m = re.match(r"\s+(\d+)\s+\+\s*\d+\s+\d+\s+\d+\s+(.*)$", line)
                if m and m.group(2) not in marks: marks[m.group(2).strip()] = int(m.group(1))
                m = re.match(r"\[ldt\] (.*) ([\d.]+)$", line)
                if m and m.group(1) not in marks: marks[m.group(1)] = float(m.group(2))
            marks["PAINTWATCH page1"] = r.get("phase0_magenta_ms")
            if rep > 0: res[n].append(marks)
            print("rep", rep, n, "page1", r.get("phase0_magenta_ms"), "marks", len(marks), file=sys.stderr, flush=True)
            if os.environ.get("SHOWTRACE"): print(p.stderr, file=sys.stderr)
        finally:
            xs.stop(); shutil.rmtree(rt, ignore_errors=True)
for n in names:
    print("==", n, "(%d runs)" % len(res[n]))
    order = []
    for m in res[n]:
        for k in m:
            if k not in order: order.append(k)
    def key(k):
        v = [m[k] for m in res[n] if m.get(k) is not None]
        return statistics.median(v) if v else 1e9
    for k in sorted(order, key=key):
        v = [m[k] for m in res[n] if m.get(k) is not None]
        if v: print("  %7.1f  (%6.1f-%6.1f) n=%2d  %s" % (statistics.median(v), min(v), max(v), len(v), k))
shutil.rmtree(home, ignore_errors=True)
