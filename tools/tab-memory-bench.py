#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""What a second tab costs (issue 37): resident memory of the app holding one 500-page document,
and again once a second 500-page document, opened by a second launch (which hands it to the first
as a tab), shows its first page; then what switching back to the first tab renders.

    tools/tab-memory-bench.py APP [DOC.pdf] [REPS]

APP is the release binary (tools/release-flags.sh). DOC defaults to the 500-page document of the
shared bench (../shared/bench/gen_docs.py's b_500pages.pdf, generated into a temporary folder when
no DOC is given). The second tab holds a copy of DOC under another name (a document of its own,
parsed anew). Each rep runs on a fresh 1920x1080 Xvfb with its own D-Bus, the window sized to the
screen (as frame-bench does; there is no window manager), GSK_RENDERER=cairo.

Memory is read as ../shared/bench/peers.py reads it (paintwatch's tree_mem): VmHWM (peak resident)
and VmRSS of the app's process tree from /proc/PID/status. "open" is read once the first tab's
first page is sharp and the app has rested a second; "two tabs" once the second tab's first page
is sharp and the app has rested a second. The goal: two tabs - open at most 40 MiB.

Switching back (Ctrl+Page Up) then reports from the state dump whether the first tab's first frame
after the switch had every tile (framesDrawnMissingTiles unchanged) and how many tile images were
asked of the render worker for it (visibleTileRequests: 0 means its page came from its cache) and
how many tiles were rendered meanwhile (tilesRendered; tiles ahead of the view may be among them).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(HERE, "..", "..", "shared", "bench")


def tree_mem(top):
    """VmHWM and VmRSS (KiB) summed over `top` and its descendants, as paintwatch's tree_mem."""
    parents = {}
    for e in os.listdir("/proc"):
        if e.isdigit():
            try:
                with open("/proc/%s/stat" % e) as f:
                    parents[int(e)] = int(f.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                pass

    def in_tree(pid):
        while pid > 1:
            if pid == top:
                return True
            pid = parents.get(pid, 0)
        return False

    hwm = rss = 0
    for pid in parents:
        if not in_tree(pid):
            continue
        try:
            with open("/proc/%d/status" % pid) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        hwm += int(line.split()[1])
                    elif line.startswith("VmRSS:"):
                        rss += int(line.split()[1])
        except OSError:
            pass
    return hwm, rss


def read_state(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def wait_for(path, what, condition, timeout=60):
    end = time.time() + timeout
    while time.time() < end:
        s = read_state(path)
        if s and condition(s):
            return s
        time.sleep(0.05)
    last = read_state(path)
    summary = [{k: w.get(k) for k in ("path", "content", "tabIndex", "currentTab", "missingTiles", "painted", "framesDrawn", "viewWidth")}
               for w in (last or {}).get("windows", [])]
    raise RuntimeError("timed out waiting for %s; last state: %s" % (what, summary))


def current(s):
    """The window snapshot of the current tab."""
    for w in s["windows"]:
        if w.get("tabIndex") is None or w.get("tabIndex") == w.get("currentTab"):
            return w
    return s["windows"][0]


def sharp(w):
    return w["content"] == "document" and w["missingTiles"] == 0 and (w.get("framesDrawn") or 0) > 0 and w["viewWidth"] > 1000


def rest(pid, seconds=1.0):
    time.sleep(seconds)
    return tree_mem(pid)


def run_once(app, doc, work, display):
    env = {k: v for k, v in os.environ.items() if k not in ("WAYLAND_DISPLAY",)}
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp", "-noreset"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dbus = None
    app_proc = None
    try:
        env.update({"DISPLAY": display, "GDK_BACKEND": "x11", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1",
                    "GTK_A11Y": "none", "PDF_ANNOTATOR_DUMP_PROGRESS": "1", "LANG": "C.UTF-8"})
        for name in ("state", "data", "config"):
            env["XDG_%s_HOME" % name.upper()] = os.path.join(work, name)
        for _ in range(200):
            if os.path.exists("/tmp/.X11-unix/X" + display[1:]):
                break
            time.sleep(0.05)
        dbus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        env["DBUS_SESSION_BUS_ADDRESS"] = dbus.stdout.readline().strip()
        state = os.path.join(work, "state.json")
        first = os.path.join(work, "first.pdf")
        second = os.path.join(work, "second.pdf")
        shutil.copyfile(doc, first)
        shutil.copyfile(doc, second)
        app_proc = subprocess.Popen([app, "--state-file", state, first], env=env,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for(state, "the first document", lambda s: s["windows"] and s["windows"][0]["content"] == "document")
        ids = subprocess.run(["xdotool", "search", "--pid", str(app_proc.pid), "--onlyvisible", "--name", ".*"], env=env,
                             capture_output=True, text=True).stdout.split()
        for wid in ids:
            geo = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid], env=env, capture_output=True, text=True).stdout
            width = [int(l[6:]) for l in geo.splitlines() if l.startswith("WIDTH=")]
            if width and width[0] > 100:
                subprocess.run(["xdotool", "windowsize", wid, "1920", "1080"], env=env)
                subprocess.run(["xdotool", "windowmove", wid, "0", "0"], env=env)
        wait_for(state, "page 1 of the first tab, sharp at 1920x1080", lambda s: sharp(current(s)) and current(s).get("tilesAhead", 0) == 0)
        open_hwm, open_rss = rest(app_proc.pid)
        # A second launch hands the second document to the first app, as a tab of its window.
        subprocess.run([app, second], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
        s = wait_for(state, "page 1 of the second tab, sharp",
                     lambda s: len(s["windows"]) == 2 and current(s).get("path") == second and sharp(current(s)))
        two_hwm, two_rss = rest(app_proc.pid)
        # Back to the first tab: what its first frame had, and what was rendered for it.
        s = read_state(state)
        before = [w for w in s["windows"] if w.get("path") == first][0]
        subprocess.run(["xdotool", "key", "ctrl+Page_Up"], env=env)
        s = wait_for(state, "the first tab in front, drawn again",
                     lambda s: current(s).get("path") == first and current(s)["framesDrawn"] > before["framesDrawn"] and sharp(current(s)))
        after = current(s)
        return {
            "open_hwm": open_hwm, "open_rss": open_rss, "two_hwm": two_hwm, "two_rss": two_rss,
            "switch_frames_missing": after["framesDrawnMissingTiles"] - before["framesDrawnMissingTiles"],
            "switch_requests": after["visibleTileRequests"] - before["visibleTileRequests"],
            "switch_tiles_rendered": (after.get("tilesRendered") or 0) - (before.get("tilesRendered") or 0),
        }
    finally:
        for p in (app_proc, dbus, xvfb):
            if p is not None and p.poll() is None:
                p.terminate()
                try:
                    p.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    p.kill()


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    app = os.path.abspath(sys.argv[1])
    doc = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2].endswith(".pdf") else None
    reps = int(sys.argv[-1]) if len(sys.argv) > 2 and sys.argv[-1].isdigit() else 3
    gen = None
    if doc is None:
        gen = tempfile.mkdtemp(prefix="tab-memory-docs-")
        sys.path.insert(0, BENCH)
        import gen_docs
        doc = os.path.join(gen, "b_500pages.pdf")
        gen_docs.gen_b(doc)
    print("app %s, document %s, %d reps, load %s" % (app, doc, reps, open("/proc/loadavg").read().split()[:3]))
    rows = []
    for rep in range(reps):
        work = tempfile.mkdtemp(prefix="tab-memory-")
        try:
            r = run_once(app, doc, work, ":%d" % (83 + rep % 5))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        rows.append(r)
        print("rep %d: one tab peak %.1f MiB rss %.1f MiB; two tabs peak %.1f rss %.1f; second tab +%.1f MiB peak, +%.1f MiB rss;"
              " switch back: %d frames missing tiles, %d requests for tiles on screen, %d tiles rendered" % (
                  rep + 1, r["open_hwm"] / 1024, r["open_rss"] / 1024, r["two_hwm"] / 1024, r["two_rss"] / 1024,
                  (r["two_hwm"] - r["open_hwm"]) / 1024, (r["two_rss"] - r["open_rss"]) / 1024,
                  r["switch_frames_missing"], r["switch_requests"], r["switch_tiles_rendered"]))
    for key, name in (("hwm", "peak (VmHWM)"), ("rss", "resident (VmRSS)")):
        deltas = sorted((r["two_" + key] - r["open_" + key]) / 1024 for r in rows)
        print("second tab, %s: median +%.1f MiB (%.1f to %.1f); goal at most 40" % (
            name, deltas[len(deltas) // 2], deltas[0], deltas[-1]))
    if gen:
        shutil.rmtree(gen, ignore_errors=True)


if __name__ == "__main__":
    main()
