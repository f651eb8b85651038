#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes shape-strokes.json: pen strokes as a hand draws them, for ShapeRecognizerTests.

A simulated hand (a damped spring chasing a moving target through the shape's corners, with
tremor and 120 Hz sampling, as a Wacom-class tablet reports) draws each shape in page points
(y up), with pressure and time. Run once; the JSON is what the tests read, so the tests do not
depend on this script or on Python.  python3 make-shape-strokes.py > shape-strokes.json
"""
import json, math, random

def hand(targets, seed, speed=260.0, hold=0.6, rate=120.0):
    """Follows the target polyline at `speed` points/s with a spring (stiffness k, damping c),
    tremor added; holds still at the end for `hold` seconds."""
    rnd = random.Random(seed)
    k, c = 900.0, 48.0
    dt = 1.0 / 1000
    # The target moves along the polyline, slowing into corners.
    path = []
    for a, b in zip(targets, targets[1:]):
        n = max(2, int(math.dist(a, b) / 0.5))
        for i in range(n):
            t = i / n
            path.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
    path.append(targets[-1])
    x, y = targets[0]
    vx = vy = 0.0
    out, t, s = [], 0.0, 0.0
    next_sample = 0.0
    phase = [rnd.uniform(0, 6.3) for _ in range(4)]
    i = 0.0
    end_time = None
    while True:
        # target index advances at speed (0.5 pt per path step)
        i = min(len(path) - 1, i + speed * dt / 0.5)
        tx, ty = path[int(i)]
        ax = k * (tx - x) - c * vx
        ay = k * (ty - y) - c * vy
        vx += ax * dt; vy += ay * dt
        x += vx * dt; y += vy * dt
        t += dt
        if t >= next_sample:
            trem = 0.35
            jx = trem * math.sin(2 * math.pi * 9 * t + phase[0]) + rnd.gauss(0, 0.12)
            jy = trem * math.sin(2 * math.pi * 7 * t + phase[1]) + rnd.gauss(0, 0.12)
            p = 0.55 + 0.2 * math.sin(2 * math.pi * 1.3 * t + phase[2]) + rnd.gauss(0, 0.02)
            out.append([round(x + jx, 2), round(y + jy, 2), round(t, 4), round(min(1, max(0.05, p)), 3)])
            next_sample += 1.0 / rate
        if i >= len(path) - 1 and end_time is None and math.hypot(vx, vy) < 2:
            end_time = t
        if end_time is not None and t - end_time >= hold:
            break
        if t > 30:
            break
    return out

def ellipse(cx, cy, rx, ry, start=0.3, sweep=2 * math.pi * 1.06, n=90):
    return [(cx + rx * math.cos(start + sweep * k / n), cy + ry * math.sin(start + sweep * k / n)) for k in range(n + 1)]

strokes = []
def add(name, expect, targets, seed, **kw):
    strokes.append({"name": name, "expect": expect, "points": hand(targets, seed, **kw)})

add("circle held", "ellipse", ellipse(300, 400, 60, 60), 1)
add("wide ellipse held", "ellipse", ellipse(250, 300, 110, 55, start=2.0), 2)
add("triangle held", "polygon3", [(200, 200), (320, 210), (255, 320), (198, 203)], 3)
add("triangle drawn the other way", "polygon3", [(400, 500), (330, 420), (470, 415), (402, 497)], 4)
add("rectangle held", "rectangle", [(100, 600), (300, 600), (300, 480), (100, 480), (100, 598)], 5)
add("line held", "line", [(80, 100), (420, 160)], 6)
add("arrow with a hook", "arrow", [(100, 300), (380, 300), (340, 325)], 7)
add("arrow with a chevron", "arrow", [(120, 200), (120, 420), (100, 385), (120, 420), (142, 386)], 8)
add("zigzag", "polyline", [(100, 100), (160, 200), (220, 100), (280, 200), (340, 100)], 9)
# A word in cursive: loops and reversals, no shape.
word = []
for k in range(5):
    x0 = 100 + k * 40
    word += [(x0, 300), (x0 + 20, 350), (x0 + 10, 360), (x0 + 5, 330), (x0 + 25, 300)]
add("handwriting", "none", word, 10, speed=320)
rnd = random.Random(11)
scribble = [(250 + rnd.uniform(-60, 60), 250 + rnd.uniform(-60, 60)) for _ in range(14)]
add("scribble", "none", scribble, 11)
spiral = [(300 + (10 + 3 * a) * math.cos(a), 300 + (10 + 3 * a) * math.sin(a)) for a in [k * 0.2 for k in range(95)]]
add("spiral", "none", spiral, 12)

print(json.dumps({"about": "Simulated pen strokes (x, y in page points, y up; t in seconds; pressure 0-1). Made by make-shape-strokes.py.",
                  "strokes": strokes}, separators=(",", ":")))
