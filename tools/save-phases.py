#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Each save of an `EDIT_TIMING_STRACE=1` run of tools/edit-timing.py, split into its phases.

    EDIT_TIMING_OUT=DIR EDIT_TIMING_STRACE=1 tools/edit-timing.py BEFORE AFTER DOC ROUNDS
    tools/save-phases.py DIR

edit-timing.py writes every step's wall-clock start and end (steps.jsonl) and one strace log a
session (strace-<round><B|A>.txt: openat, write, fsync, rename, unlink and close of every
thread, with their wall-clock times and durations). For each save this finds, in the app's
calls between the step's start and end:

- `call`:    the gdbus call until the journal's save mark is written (D-Bus, the action, the
             editor's prepareSave up to the mark; the gdbus process start is in it);
- `journal`: the save mark written and fsynced on the main thread (from its write to its fsync's end);
- `prepare`: from the mark to the temporary file's creation (the rest of prepareSave, the
             worker's start);
- `write`:   the temporary file created and written;
- `fsync`:   the temporary file's fsync;
- `check`:   from that fsync to the rename (close, the saved file opened and read back);
- `rename`:  the rename over the document;
- `dirsync`: the folder opened and fsynced (from the rename's end);
- `finish`:  from the folder's fsync to the journal removed (the main loop woken, finishSave:
             the window's title shows the save done then);
- `dump`:    from there to the state dump that shows the save done (gathered and written);
- `poll`:    from that dump's rename to the step's end (the tool's 2 ms poll and its read);

`fsyncs` = the three fsyncs (journal mark, file, folder); `ours` = the whole step minus them:
what is left when the disk's share is taken out; `window` = the whole step without `dump` and
`poll` (the save as the window has it done, without the test-only state dump), and
`windowNoSync` = that minus the fsyncs. Prints every save, then medians and p90 by build.
"""
import collections, glob, json, os, re, statistics, sys

folder = sys.argv[1]
LINE = re.compile(r"^(\d+)\s+(\d+\.\d+)\s+(.*)$")
DONE = re.compile(r"^(\w+)\((.*)\)\s+=\s+(.*?)\s+<([\d.]+)>$")
UNFINISHED = re.compile(r"^(\w+)\((.*) <unfinished \.\.\.>$")
RESUMED = re.compile(r"^<\.\.\. (\w+) resumed>(.*)\)\s+=\s+(.*?)\s+<([\d.]+)>$")
Call = collections.namedtuple("Call", "tid start end name args ret")


def calls(path):
    """Every finished call in an strace -f -ttt -T -y log, in the order they started."""
    pending, out, main = {}, [], None
    for line in open(path, errors="replace"):
        m = LINE.match(line.rstrip("\n"))
        if not m:
            continue
        tid, t, rest = int(m[1]), float(m[2]), m[3]
        if main is None:
            main = tid
        if d := DONE.match(rest):
            out.append(Call(tid, t, t + float(d[4]), d[1], d[2], d[3]))
        elif u := UNFINISHED.match(rest):
            pending[tid] = (t, u[1], u[2])
        elif r := RESUMED.match(rest):
            if tid in pending:
                start, name, args = pending.pop(tid)
                out.append(Call(tid, start, start + float(r[4]), name, args + r[2], r[3]))
    out.sort(key=lambda c: c.start)
    return out, main


def phases(step, trace, main):
    """The phases of one save (ms), or None when its calls are not all there."""
    t0, t1 = step["start"], step["end"]
    inside = [c for c in trace if t0 <= c.start <= t1]
    temp = next((c for c in inside if c.name == "openat" and "O_CREAT" in c.args and re.search(r'/\.doc\.pdf\.\w{6}"', c.args)), None)
    if temp is None:
        return None
    name = re.search(r'"([^"]*/\.doc\.pdf\.\w{6})"', temp.args)[1]
    mine = lambda c: c.args.split(",")[0].endswith(f"<{name}>")
    writes = [c for c in inside if c.name in ("write", "pwrite64") and mine(c)]
    fsync = next((c for c in inside if c.name in ("fsync", "fdatasync") and mine(c)), None)
    rename = next((c for c in inside if c.name.startswith("rename") and f'"{name}"' in c.args), None)
    if not writes or fsync is None or rename is None:
        return None
    directory = os.path.dirname(name)
    dirsync = next((c for c in inside if c.name == "fsync" and c.start > rename.start and c.args.split(",")[0].endswith(f"<{directory}>")), None)
    journal_sync = [c for c in inside if c.name in ("fsync", "fdatasync") and c.tid == main and c.end <= temp.start and "/state/" in c.args]
    journal_write = [c for c in inside if c.name == "write" and c.tid == main and c.end <= temp.start and "/state/" in c.args]
    dumps = [c for c in inside if c.name.startswith("rename") and "state.json.tmp" in c.args and c.end <= t1]
    if dirsync is None or not journal_sync or not dumps:
        return None
    mark = journal_write[-1] if journal_write else journal_sync[-1]
    shown = dumps[-1]
    # finishSave on the main loop removes the journal (nothing unsaved is left).
    removed = next((c for c in inside if c.name in ("unlink", "unlinkat") and c.tid == main and c.start > dirsync.end
                    and "/state/" in c.args and c.end <= shown.end), None)
    if removed is None:
        return None
    ms = lambda a, b: (b - a) * 1000
    result = {
        "call": ms(t0, mark.start),
        "journal": ms(mark.start, journal_sync[-1].end),
        "prepare": ms(journal_sync[-1].end, temp.start),
        "write": ms(temp.start, writes[-1].end),
        "fsync": ms(fsync.start, fsync.end),
        "check": ms(fsync.end, rename.start),
        "rename": ms(rename.start, rename.end),
        "dirsync": ms(rename.end, dirsync.end),
        "finish": ms(dirsync.end, removed.end),
        "dump": ms(removed.end, shown.end),
        "poll": ms(shown.end, t1),
        "total": ms(t0, t1),
    }
    syncs = ms(journal_sync[-1].start, journal_sync[-1].end) + result["fsync"] + ms(dirsync.start, dirsync.end)
    result["fsyncs"] = syncs
    result["ours"] = result["total"] - syncs
    # What the window takes (the title shows the save done once finishSave ran): without the
    # state dump's write and the tool's poll.
    result["window"] = result["total"] - result["dump"] - result["poll"]
    result["windowNoSync"] = result["window"] - syncs
    result["bytes"] = sum(int(c.ret) for c in writes if c.ret.lstrip("-").isdigit())
    result["worker"] = temp.tid != main
    return result


def p90(values):
    return sorted(values)[min(len(values) - 1, round(0.9 * (len(values) - 1)))]


steps = [json.loads(line) for line in open(os.path.join(folder, "steps.jsonl"))]
keys = ["call", "journal", "prepare", "write", "fsync", "check", "rename", "dirsync", "finish", "dump", "poll", "total", "fsyncs", "ours",
        "window", "windowNoSync"]
pooled = {"B": collections.defaultdict(list), "A": collections.defaultdict(list)}
missing = 0
print("session " + " ".join(f"{k:>7}" for k in keys))
for path in sorted(glob.glob(os.path.join(folder, "strace-*.txt")), key=lambda p: (int(re.search(r"strace-(\d+)", p)[1]), p)):
    label = re.search(r"strace-(\w+)\.txt", path)[1]
    trace, main = calls(path)
    for step in (s for s in steps if s["session"] == label and s["step"] == "save"):
        result = phases(step, trace, main)
        if result is None:
            missing += 1
            continue
        build = label[-1]
        for k in keys:
            pooled[build][k].append(result[k])
        print(f"{label:>7} " + " ".join(f"{result[k]:7.2f}" for k in keys))
print(f"saves whose calls were not all found: {missing}")
for build, title in (("B", "before"), ("A", "after")):
    values = pooled[build]
    if not values:
        continue
    print(f"{title} median (n {len(values['total'])}) " + " ".join(f"{k} {statistics.median(values[k]):.2f}" for k in keys))
    print(f"{title} p90            " + " ".join(f"{k} {p90(values[k]):.2f}" for k in keys))
if pooled["B"] and pooled["A"]:
    print("after - before, medians (ms): " + " ".join(
        f"{k} {statistics.median(pooled['A'][k]) - statistics.median(pooled['B'][k]):+.2f}" for k in keys))
