#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Save, undo and redo as the app does them, before against after, in one run.

    tools/edit-timing.py BEFORE_APP AFTER_APP [DOC.pdf] [ROUNDS]

edit-bench times the editor alone; this times the app around it (the window's actions, the
page drawn again, the state dump), where the editing document is made when the first edit
begins. Each round starts each app in turn (the order alternating: B A, A B, ...) on its own
Xvfb and session bus, on a copy of DOC (the 500-page bench document by default) with a short
pen stroke replayed (--replay-input), then once the stroke is an Ink edit: Save, and five
times Undo, Redo, Save, each through the window's action over D-Bus (gdbus, as frame-bench
calls them). Each step is timed from the call until the state dump shows it done (undoName;
for a save, the document file replaced by the rename and then a dump written since that says
no save is running and nothing is unsaved: a redo back to the saved state already shows no
unsaved changes, so the dump alone would end those saves before they are written), polled
every 2 ms; the gdbus start (a few ms, the same for both) is included. `file` is the save
until the file is replaced (the disk's part, without the dump), `first` the first save alone
(right after the stroke). Prints each session's times, each round's pair of medians with its
ratio, and each app's median and p90 per step over all rounds with the ratio after/before.
Run it inside the build lock.

- EDIT_TIMING_STATE_DIR=DIR: the state dump is written there (e.g. /dev/shm), not beside the
  document: the dump's own writes then share no file system journal with the save's fsyncs
  (the two builds write their dumps differently: b7f64c4 fsyncs each dump, later builds do not).
- EDIT_TIMING_OUT=DIR: every step's wall-clock start and end (steps.jsonl) go to DIR.
- EDIT_TIMING_STRACE=1 (with EDIT_TIMING_OUT): each app runs under strace (file and fsync
  calls of every thread, with their times), one log a session in DIR; tools/save-phases.py DIR
  splits each save into its phases (our code, the write, fsync, the read-back check, rename,
  the folder's fsync, the journal, the state dump) from them. EDIT_TIMING_STRACE_MORE=",mmap,munmap"
  adds calls to the trace.
"""
import json, os, shutil, signal, statistics, subprocess, sys, tempfile, time

before, after = sys.argv[1], sys.argv[2]
doc = sys.argv[3] if len(sys.argv) > 3 else "/tmp/bench/docs/b_500pages.pdf"
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
out = os.environ.get("EDIT_TIMING_OUT")
state_dir = os.environ.get("EDIT_TIMING_STATE_DIR")
traced = out is not None and os.environ.get("EDIT_TIMING_STRACE") == "1"
if out:
    os.makedirs(out, exist_ok=True)
# Every call a save makes on disk, and the journal's and the state dump's, on every thread.
STRACE = ["strace", "-f", "--seccomp-bpf", "-ttt", "-T", "-y", "-s", "0",
          "-e", "trace=openat,write,pwrite64,fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat,close"
          + os.environ.get("EDIT_TIMING_STRACE_MORE", "")]
BUS, PATH = "io.github.pdfannotator.PdfAnnotator", "/io/github/pdfannotator/PdfAnnotator/window/1"


def stroke(path):
    """60 pen samples 8.3 ms apart across page 1, as ink-bench's recording writes them."""
    lines = [{"format": "pdf-annotator-input", "metadata": {}, "version": 1},
             {"axes": {}, "clickCount": 1, "kind": {"enter": {}}, "modifiers": 0, "position": {"x": 0, "y": 0},
              "sequence": {"rawValue": 0}, "source": "mouse", "time": {"seconds": 0.5}}]
    for i in range(60):
        phase = "began" if i == 0 else ("ended" if i == 59 else "moved")
        lines.append({"axes": {"pressure": 0.5}, "clickCount": 1, "kind": {"contact": {"_0": phase}}, "modifiers": 0,
                      "position": {"x": 150 + i * 4, "y": 250 + (i % 7) * 3}, "sequence": {"rawValue": 3},
                      "source": "pen", "time": {"seconds": 1 + i / 120}})
    with open(path, "w") as f:
        f.write("\n".join(json.dumps(line) for line in lines) + "\n")


def start(args):
    """A helper and the first line it prints (a display number, a bus address)."""
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return p, p.stdout.readline().decode().strip()


def window(state, written_since=None):
    """The dump's first window; None when there is none, or when the dump was written before
    `written_since` (a file modification time in ns)."""
    try:
        with open(state) as f:
            if written_since is not None and os.fstat(f.fileno()).st_mtime_ns < written_since:
                return None
            return json.load(f)["windows"][0]
    except (OSError, ValueError, KeyError, IndexError):
        return None


def wait(state, ready, timeout=30.0, written_since=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        w = window(state, written_since)
        if w is not None and ready(w):
            return time.monotonic()
        time.sleep(0.002)
    raise RuntimeError("timed out waiting for the app")


def replaced(path, inode, timeout=30.0):
    """When `path` is no longer the file `inode` (a save renamed a new file over it), and the
    new file's modification time."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        st = os.stat(path)
        if st.st_ino != inode:
            return time.monotonic(), st.st_mtime_ns
        time.sleep(0.002)
    raise RuntimeError("timed out waiting for the save")


def session(app, work, label):
    xvfb, display = start(["Xvfb", "-displayfd", "1", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"])
    bus, address = start(["dbus-daemon", "--session", "--nofork", "--print-address=1"])
    env = dict(os.environ, DISPLAY=":" + display, DBUS_SESSION_BUS_ADDRESS=address, GSK_RENDERER="cairo",
               GDK_BACKEND="x11", NO_AT_BRIDGE="1")
    for name, sub in (("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config")):
        env[name] = os.path.join(work, sub)
    copy, state, rec = (os.path.join(work, n) for n in ("doc.pdf", "state.json", "stroke.jsonl"))
    if state_dir:
        state = os.path.join(tempfile.mkdtemp(prefix="edit-timing-state-", dir=state_dir), "state.json")
    shutil.copy(doc, copy)
    stroke(rec)
    command = [app, "--state-file", state, "--replay-input", rec, copy]
    if traced:
        command = STRACE + ["-o", os.path.join(out, f"strace-{label}.txt")] + command
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times = {"save": [], "file": [], "undo": [], "redo": []}
    try:
        wait(state, lambda w: w.get("replayFinished") and w.get("undoName") == "Ink" and not w.get("isAnimating"))
        time.sleep(0.5)

        def step(action, done):
            inode = os.stat(copy).st_ino
            wall, t0 = time.time(), time.monotonic()
            subprocess.run(["gdbus", "call", "--session", "--dest", BUS, "--object-path", PATH, "--method",
                            "org.gtk.Actions.Activate", action, "[]", "{}"], env=env, stdout=subprocess.DEVNULL, check=True)
            record = {"session": label, "step": action, "start": wall}
            if action == "save":
                # A redo back to the saved state already shows no unsaved changes and no save
                # running: a save is done once the file is replaced and a dump written since then
                # (gathered after the save finished) says so.
                at, written = replaced(copy, inode)
                record["replaced"] = wall + (at - t0)
                times["file"].append((at - t0) * 1000)
                ms = (wait(state, done, written_since=written) - t0) * 1000
            else:
                ms = (wait(state, done) - t0) * 1000
            times[action].append(ms)
            if out:
                record.update(end=wall + ms / 1000, ms=ms)
                with open(os.path.join(out, "steps.jsonl"), "a") as f:
                    f.write(json.dumps(record) + "\n")
            time.sleep(0.3)

        saved = lambda w: not w.get("hasUnsavedChanges") and not w.get("saving")
        step("save", saved)
        for _ in range(5):
            step("undo", lambda w: w.get("undoName") is None)
            step("redo", lambda w: w.get("undoName") == "Ink")
            step("save", saved)
    finally:
        if traced:
            # strace passes the signal on to nothing: the app itself is ended, then strace ends with it.
            pid = (json.load(open(state)) or {}).get("pid") if os.path.exists(state) else None
            if pid:
                os.kill(pid, signal.SIGTERM)
            else:
                proc.terminate()
        else:
            proc.terminate()
        proc.wait()
        if state_dir:
            shutil.rmtree(os.path.dirname(state), ignore_errors=True)
        bus.terminate(); xvfb.terminate(); bus.wait(); xvfb.wait()
    return times


def p90(values):
    return sorted(values)[min(len(values) - 1, round(0.9 * (len(values) - 1)))]


STEPS = ("save", "file", "first", "undo", "redo")
pooled = {"B": {k: [] for k in STEPS}, "A": {k: [] for k in STEPS}}
pairs = []
for r in range(rounds):
    medians = {}
    for which in ("BA" if r % 2 == 0 else "AB"):
        work = tempfile.mkdtemp(prefix="edit-timing-")
        try:
            load = open("/proc/loadavg").read().split()[:3]
            times = session(before if which == "B" else after, work, f"{r + 1}{which}")
            # The first save (the only one right after the stroke's edit) apart.
            times["first"] = times["save"][:1]
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print(f"round {r + 1} {which} {time.strftime('%H:%M:%S', time.gmtime())} (load {' '.join(load)}): " +
              ", ".join(f"{k} {statistics.median(v):.1f} ms" for k, v in times.items()), flush=True)
        print("   " + "; ".join(f"{k} " + " ".join(f"{x:.1f}" for x in v) for k, v in times.items()), flush=True)
        medians[which] = {k: statistics.median(v) for k, v in times.items()}
        for k, v in times.items():
            pooled[which][k] += v
    pairs.append(medians)
print("per round, median before / after (ratio):")
for r, m in enumerate(pairs):
    print(f"  round {r + 1}: " + ", ".join(f"{k} {m['B'][k]:.1f} / {m['A'][k]:.1f} ({m['A'][k] / m['B'][k]:.2f}x)"
                                           for k in STEPS))
for k in STEPS:
    ratios = sorted(m["A"][k] / m["B"][k] for m in pairs)
    print(f"{k}: rounds where after is slower: {sum(x > 1 for x in ratios)} of {len(ratios)}; "
          f"median of the rounds' ratios {statistics.median(ratios):.2f}x")
for k in STEPS:
    b, a = pooled["B"][k], pooled["A"][k]
    print(f"{k}: before median {statistics.median(b):.1f} ms (p90 {p90(b):.1f}, n {len(b)}), "
          f"after median {statistics.median(a):.1f} ms (p90 {p90(a):.1f}, n {len(a)}): "
          f"{statistics.median(a) / statistics.median(b):.2f}x")
