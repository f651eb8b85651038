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
calls them). Each step is timed from the call until the state dump shows it done (undoName,
hasUnsavedChanges and saving), polled every 2 ms; the gdbus start (a few ms, the same for
both) is included. Prints each app's medians and p90 per step and the ratio after/before.
Run it inside the build lock.
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

before, after = sys.argv[1], sys.argv[2]
doc = sys.argv[3] if len(sys.argv) > 3 else "/tmp/bench/docs/b_500pages.pdf"
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
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


def window(state):
    try:
        with open(state) as f:
            return json.load(f)["windows"][0]
    except (OSError, ValueError, KeyError, IndexError):
        return None


def wait(state, ready, timeout=30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        w = window(state)
        if w is not None and ready(w):
            return time.monotonic()
        time.sleep(0.002)
    raise RuntimeError("timed out waiting for the app")


def session(app, work):
    xvfb, display = start(["Xvfb", "-displayfd", "1", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"])
    bus, address = start(["dbus-daemon", "--session", "--nofork", "--print-address=1"])
    env = dict(os.environ, DISPLAY=":" + display, DBUS_SESSION_BUS_ADDRESS=address, GSK_RENDERER="cairo",
               GDK_BACKEND="x11", NO_AT_BRIDGE="1")
    for name, sub in (("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config")):
        env[name] = os.path.join(work, sub)
    copy, state, rec = (os.path.join(work, n) for n in ("doc.pdf", "state.json", "stroke.jsonl"))
    shutil.copy(doc, copy)
    stroke(rec)
    proc = subprocess.Popen([app, "--state-file", state, "--replay-input", rec, copy], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times = {"save": [], "undo": [], "redo": []}
    try:
        wait(state, lambda w: w.get("replayFinished") and w.get("undoName") == "Ink" and not w.get("isAnimating"))
        time.sleep(0.5)

        def step(action, done):
            t0 = time.monotonic()
            subprocess.run(["gdbus", "call", "--session", "--dest", BUS, "--object-path", PATH, "--method",
                            "org.gtk.Actions.Activate", action, "[]", "{}"], env=env, stdout=subprocess.DEVNULL, check=True)
            times[action].append((wait(state, done) - t0) * 1000)
            time.sleep(0.3)

        saved = lambda w: not w.get("hasUnsavedChanges") and not w.get("saving")
        step("save", saved)
        for _ in range(5):
            step("undo", lambda w: w.get("undoName") is None)
            step("redo", lambda w: w.get("undoName") == "Ink")
            step("save", saved)
    finally:
        proc.terminate(); proc.wait()
        bus.terminate(); xvfb.terminate(); bus.wait(); xvfb.wait()
    return times


def p90(values):
    return sorted(values)[min(len(values) - 1, round(0.9 * (len(values) - 1)))]


pooled = {"B": {"save": [], "undo": [], "redo": []}, "A": {"save": [], "undo": [], "redo": []}}
for r in range(rounds):
    for which in ("BA" if r % 2 == 0 else "AB"):
        work = tempfile.mkdtemp(prefix="edit-timing-")
        try:
            load = open("/proc/loadavg").read().split()[:3]
            times = session(before if which == "B" else after, work)
        finally:
            shutil.rmtree(work, ignore_errors=True)
        print(f"round {r + 1} {which} (load {' '.join(load)}): " +
              ", ".join(f"{k} {statistics.median(v):.1f} ms" for k, v in times.items()), flush=True)
        for k, v in times.items():
            pooled[which][k] += v
for k in ("save", "undo", "redo"):
    b, a = pooled["B"][k], pooled["A"][k]
    print(f"{k}: before median {statistics.median(b):.1f} ms (p90 {p90(b):.1f}, n {len(b)}), "
          f"after median {statistics.median(a):.1f} ms (p90 {p90(a):.1f}, n {len(a)}): "
          f"{statistics.median(a) / statistics.median(b):.2f}x")
