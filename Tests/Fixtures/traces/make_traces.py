#!/usr/bin/env python3
"""Generates the gesture-trace fixtures in this folder (see README.md).

Every trace is for a 320x480 pt window, sampled every 8 ms (125 Hz, close to the 120 Hz
touch sampling of current iPhones). Movements are at constant speed, so the release
velocity of each trace is known in closed form. Run from any directory:

    python3 Tests/Fixtures/traces/make_traces.py
"""
import json
import math
import os

W, H = 320.0, 480.0
DT = 0.008  # seconds between samples


class Trace:
    def __init__(self):
        self.samples = []
        self.t = 0.0
        self.x = 0.0
        self.y = 0.0

    def add(self, phase):
        self.samples.append({"t": round(self.t, 6), "x": round(self.x, 4), "y": round(self.y, 4), "phase": phase})

    def began(self, x, y, t=None):
        if t is not None:
            self.t = t
        self.x, self.y = x, y
        self.add("began")

    def move_to(self, x, y, speed):
        """Moves in a straight line at `speed` pt/s, a sample every DT; the last sample is
        exactly at (x, y) (a shorter last interval: uneven spacing on purpose)."""
        x0, y0, t0 = self.x, self.y, self.t
        dist = math.hypot(x - x0, y - y0)
        duration = dist / speed
        n = math.ceil(duration / DT - 1e-9)
        for k in range(1, n + 1):
            f = min(1.0, k * DT / duration)
            self.t = t0 + f * duration
            self.x = x0 + f * (x - x0)
            self.y = y0 + f * (y - y0)
            self.add("moved")

    def hold(self, seconds):
        """The finger rests: `moved` samples at the same place every DT."""
        for _ in range(int(round(seconds / DT))):
            self.t += DT
            self.add("moved")

    def end(self, phase="ended"):
        """Lifts (or is cancelled) DT after the last sample, where the finger is."""
        self.t += DT
        self.add(phase)

    def write(self, name):
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name)
        with open(path, "w") as f:
            f.write('{"samples":[\n')
            f.write(",\n".join(json.dumps(s, separators=(",", ":")) for s in self.samples))
            f.write("\n]}\n")


def edge(y=240.0):
    tr = Trace()
    tr.began(1.0, y)
    return tr


# D1: slow edge pan to 0.95 w at 100 pt/s, rests 0.15 s, lifts: release velocity 0.
tr = edge(); tr.move_to(0.95 * W, 240, 100); tr.hold(0.15); tr.end(); tr.write("slow-drag.json")

# D1: 15 % flick toward completion at 800 pt/s, lifts at once: velocity +800, progress 0.15.
tr = edge(); tr.move_to(1 + 0.15 * W, 240, 800); tr.end(); tr.write("flick.json")

# D1: slow drag to 70 % (200 pt/s), rests 0.2 s, then the same 15 % flick away from
# completion at 800 pt/s: released at 55 % moving back (position alone would finish).
tr = edge(); tr.move_to(1 + 0.70 * W, 240, 200); tr.hold(0.2); tr.move_to(1 + 0.55 * W, 240, 800); tr.end()
tr.write("flick-back.json")

# S5: drag to 50 % then back to 10 % (300 pt/s), rests 0.15 s, lifts: velocity 0.
tr = edge(); tr.move_to(1 + 0.5 * W, 240, 300); tr.move_to(1 + 0.1 * W, 240, 300); tr.hold(0.15); tr.end()
tr.write("reversal.json")

# C2: drag to 60 % (300 pt/s), then the system cancels the touch.
tr = edge(); tr.move_to(1 + 0.6 * W, 240, 300); tr.end("cancelled"); tr.write("system-cancel.json")

# S4: edge pan released at x = 0.6 w (300 pt/s, rests 0.15 s).
tr = edge(); tr.move_to(0.6 * W, 240, 300); tr.hold(0.15); tr.end(); tr.write("edge-pan-root.json")


# D3: drag from the middle down 20 % of h at a constant speed, lift right away.
def vertical(tr, speed, t=None):
    tr.began(W / 2, H / 2, t)
    tr.move_to(W / 2, H / 2 + 0.2 * H, speed)
    tr.end()


tr = Trace(); vertical(tr, 101); tr.write("vertical-drag-101.json")
tr = Trace(); vertical(tr, 99); tr.write("vertical-drag-99.json")
# Both gestures in one trace: 101 pt/s, then 1 s later 99 pt/s.
tr = Trace(); vertical(tr, 101); vertical(tr, 99, t=tr.t + 1.0); tr.write("vertical-drag.json")


# D3 with the default policy: from (160, 96) down 60 % of h (288 pt) at 200 pt/s, rests
# 0.15 s, lifts: progress 0.6 at velocity 0 (position alone decides).
tr = Trace(); tr.began(W / 2, 0.2 * H); tr.move_to(W / 2, 0.8 * H, 200); tr.hold(0.15); tr.end()
tr.write("vertical-drag-slow-60.json")

# C3: from the centre down 30 % of h (144 pt) at 300 pt/s, then the system cancels the touch.
tr = Trace(); tr.began(W / 2, H / 2); tr.move_to(W / 2, H / 2 + 0.3 * H, 300); tr.end("cancelled")
tr.write("vertical-cancel.json")

# Re-grab of an edge-swipe pop: edge pan to 30 % (300 pt/s), rests 0.15 s, lifts (a cancel
# at velocity 0); 50 ms later a new touch at the left edge drags 256 pt to x = 0.8 w + 1
# (300 pt/s), rests 0.15 s, lifts.
tr = edge(); tr.move_to(1 + 0.3 * W, 240, 300); tr.hold(0.15); tr.end()
tr.began(1.0, 240, t=tr.t + 0.05); tr.move_to(1 + 0.8 * W, 240, 300); tr.hold(0.15); tr.end()
tr.write("regrab-edge.json")

# Re-grab of a drag-to-dismiss card: from (160, 100) down 30 % of h (144 pt) at 300 pt/s,
# rests 0.15 s, lifts (a cancel at velocity 0); 100 ms later a touch at (160, 150) drags
# 320 pt down to y = 470 (400 pt/s), rests 0.15 s, lifts.
tr = Trace(); tr.began(W / 2, 100); tr.move_to(W / 2, 100 + 0.3 * H, 300); tr.hold(0.15); tr.end()
tr.began(W / 2, 150, t=tr.t + 0.1); tr.move_to(W / 2, 470, 400); tr.hold(0.15); tr.end()
tr.write("regrab-card.json")

# Tab switch (the neighbour pan in the 320x431 content area above the 49 pt tab bar): a
# horizontal pan from (280, 200) to the left, towards the next tab; progress = distance / w.
# Finish: 70 % (224 pt) at 300 pt/s, rests 0.15 s, lifts (velocity 0).
tr = Trace(); tr.began(280, 200); tr.move_to(280 - 0.7 * W, 200, 300); tr.hold(0.15); tr.end(); tr.write("tab-swipe.json")
# Cancel: 30 % (96 pt) at 300 pt/s, rests 0.15 s, lifts (velocity 0).
tr = Trace(); tr.began(280, 200); tr.move_to(280 - 0.3 * W, 200, 300); tr.hold(0.15); tr.end(); tr.write("tab-swipe-short.json")
# Flick: 15 % (48 pt) at 800 pt/s, lifts at once (velocity 800 pt/s towards the next tab).
tr = Trace(); tr.began(280, 200); tr.move_to(280 - 0.15 * W, 200, 800); tr.end(); tr.write("tab-flick.json")

# Full-width back swipe (the content pop): a horizontal pan from the middle of the content,
# (100, 240), toward the trailing (right) edge, outside the 20 pt edge band.
# Finish: 60 % of w (192 pt) at 300 pt/s, rests 0.15 s, lifts (velocity 0).
tr = Trace(); tr.began(100, 240); tr.move_to(100 + 0.6 * W, 240, 300); tr.hold(0.15); tr.end(); tr.write("content-swipe.json")
# Cancel: 30 % of w (96 pt) at 300 pt/s, rests 0.15 s, lifts (velocity 0).
tr = Trace(); tr.began(100, 240); tr.move_to(100 + 0.3 * W, 240, 300); tr.hold(0.15); tr.end(); tr.write("content-swipe-short.json")

# Sheet detents (SheetPresentationController, detents [medium, large], presented at medium):
# on 320x480 the large sheet's top is at 69 (safe area 59 + gap 10), the medium one's at
# 480 - 411 / 2 = 274.5. Touch 1: from (160, 300) on the medium sheet up 200 pt to y = 100
# at 300 pt/s, rests 0.15 s, lifts (velocity 0). Touch 2, 2 s later (the sheet has settled at
# large): from (160, 150) a flick down 60 pt at 800 pt/s to y = 210, lifts at once
# (velocity +800 pt/s).
tr = Trace(); tr.began(W / 2, 300); tr.move_to(W / 2, 100, 300); tr.hold(0.15); tr.end()
tr.write("sheet-medium-to-large.json")  # touch 1 alone
tr.began(W / 2, 150, t=tr.t + 2.0); tr.move_to(W / 2, 210, 800); tr.end()
tr.write("sheet-detents.json")
