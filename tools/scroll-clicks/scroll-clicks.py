#!/usr/bin/env python3
"""scroll-clicks.py - which wheel clicks of scroll.py are slow, and what the app did then.

Runs one viewer under scroll.py's session (fresh Xvfb 1920x1080, matchbox, private D-Bus, the
cairo renderer) with a copy of scrollwatch that prints every click's send time and first damage
(scrollwatch-clicks.c), and the app's frame log (PDF_ANNOTATOR_FRAME_LOG: frames and main-loop
turns of 4 ms or more, monotonic us). Prints each run's p50/p99 and, for every click slower than
--slow ms, the frames and long turns between 40 ms before it was sent and its paint.

  tools/scroll-clicks/scroll-clicks.py --bench DIR_WITH_PEERS_PY --app 'ours=APP {pdf}' --docs bc --reps 3
"""
import argparse, os, shlex, shutil, subprocess, sys, tempfile, time

ap = argparse.ArgumentParser()
ap.add_argument("--bench", required=True, help="a set-up copy of ../shared/bench")
ap.add_argument("--app", action="append", default=[], help="NAME=CMD with {pdf}")
ap.add_argument("--docs", default="bc")
ap.add_argument("--reps", type=int, default=3)
ap.add_argument("--clicks", type=int, default=120)
ap.add_argument("--interval", type=int, default=33)
ap.add_argument("--slow", type=float, default=12.0)
ap.add_argument("--watch", default="/tmp/scroll38-scrollwatch", help="scrollwatch-clicks binary")
ap.add_argument("--env", action="append", default=[], help="NAME=VALUE for the app")
args = ap.parse_args()
sys.path.insert(0, args.bench)
import peers  # noqa: E402

pool = peers.DisplayPool()
home = tempfile.mkdtemp(prefix="scroll38-home-")
docs = [os.path.join(peers.DOCS, f) for f in sorted(os.listdir(peers.DOCS))
        if f[0] in args.docs and f.endswith(".pdf") and not f.startswith("warmup")]
apps = [a.partition("=")[::2] for a in args.app]


def pct(v, q):
    v = sorted(v)
    return v[int(q * (len(v) - 1) + 0.5)] if v else float("nan")


def run(name, cmd, pdf):
    disp = pool.next()
    xs = peers.XSession(disp, "1920x1080", "scroll38-%d-%d" % (os.getpid(), disp))
    runtime = tempfile.mkdtemp(prefix="scroll38-rt-")
    os.chmod(runtime, 0o700)
    log = tempfile.mktemp(prefix="scroll38-frames-")
    try:
        env = dict(xs.start())
        env.update({"HOME": home, "XDG_RUNTIME_DIR": runtime, "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
                    "GSK_RENDERER": "cairo", "PDF_ANNOTATOR_FRAME_LOG": log})
        env.update(dict(e.partition("=")[::2] for e in args.env))
        argv = shlex.split(cmd.replace("{pdf}", shlex.quote(pdf)))
        p = subprocess.run([args.watch, "-n", str(args.clicks), "-i", str(args.interval), "--"] + argv,
                           env=env, capture_output=True, text=True, timeout=180)
        clicks = []
        for line in p.stdout.splitlines():
            f = line.split()
            if f[0] == "click":
                clicks.append((int(f[1]), float(f[2]), float(f[3])))
        frames = []
        if os.path.exists(log):
            for line in open(log):
                f = line.split()
                if len(f) >= 4:
                    frames.append((int(f[0]) / 1000.0, int(f[1]) / 1000.0, f[2], f[3]))
        lat = [first - sent for _, sent, first in clicks if first >= 0]
        print(f"{name} {os.path.basename(pdf)}: p50 {pct(lat, .5):.1f} p99 {pct(lat, .99):.1f} "
              f"max {max(lat) if lat else -1:.1f} unanswered {sum(1 for c in clicks if c[2] < 0)} "
              f"frames {sum(1 for f in frames if f[2] != 'loop')} longturns {sum(1 for f in frames if f[2] == 'loop')}",
              flush=True)
        for k, sent, first in clicks:
            if first >= 0 and first - sent < args.slow:
                continue
            end = first if first >= 0 else sent + args.interval
            print(f"  click {k} at {sent:.1f}: {first - sent if first >= 0 else -1:.1f} ms")
            for start, took, kind, missing in frames:
                if start + took >= sent - 40 and start <= end + 2:
                    print(f"    {kind:5s} {start - sent:+7.1f} ms took {took:5.1f} missing {missing}")
        return lat
    finally:
        xs.stop()
        shutil.rmtree(runtime, ignore_errors=True)
        if os.path.exists(log):
            os.unlink(log)


try:
    for rep in range(args.reps):
        for pdf in docs:
            for name, cmd in apps:
                run(name, cmd, pdf)
finally:
    shutil.rmtree(home, ignore_errors=True)
