#!/usr/bin/env python3
"""stroke-reference.py - independent references for TransitionKit's strokes.

Draws the stroke scenes of Tests/Fixtures/oracles/strokes/README.md twice, with two
renderers nobody on this project wrote the raster core of (Skia) or that follow the
definition directly (numpy), and writes both as PNGs:

- `<scene>.skia.png`: Skia (skia-python from PyPI): the scene's path (the same move, line,
  cubic and close elements) stroked by an anti-aliased stroke paint with the scene's width,
  cap, join and miter limit, over the scene's backdrop; dashed (intervals from the phase, per
  contour) or trimmed (start, stop: fractions of the whole path's length) by Skia's contour
  measure (`skia_cut`: the cuts of `DashPathEffect` and `TrimPathEffect`, measured finer).
- `<scene>.numpy.png`: the definition of `Layer.strokeColor`'s doc evaluated with numpy: the
  path flattened finely (256 steps a cubic), trimmed and dashed by arc length, and each point
  of a 16 x 16 grid per pixel tested for lying in the union of each segment's rectangle (half
  the width either side), each corner's join (a disc for round joins, the triangle to the
  offset corners for bevel, the quadrilateral to the miter point for miter when
  1/sin(theta/2) <= the miter limit, and inside curves, where the turns are tiny) and each
  open end's cap (a disc, a half-width square, nothing); coverage = the fraction of the grid
  inside, composited source-over.

It prints PSNR(numpy, skia) per scene: how far the two references are from each other, which
bounds how closely any renderer can be held to Skia. CI never runs this script: the tests read
the committed PNGs only.

    Scripts/stroke-reference.py            # venv in .build/reference-venv, writes the PNGs
    Scripts/stroke-reference.py OUT_DIR    # writes them elsewhere

Exit status: 0 ok, 1 the venv or a render failed.
"""
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "reference-venv")
PACKAGES = ["skia-python", "numpy", "pillow"]


def ensure_venv():
    """Re-runs this script inside the venv (created and filled from PyPI on first use)."""
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    if not os.path.exists(python):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([python, "-m", "pip", "install", "-q"] + PACKAGES)
    os.execv(python, [python] + sys.argv)


# The frame (pixels at scale 1) and the scenes. Colours are multiples of 1/255. A scene:
# (name, path elements, width, cap, join, miter limit, dash (intervals, phase) or None,
# trim (start, end)). Elements: ("M", x, y), ("L", x, y), ("C", c1x, c1y, c2x, c2y, x, y), ("Z",).
W, H = 96, 64
BACKDROP = (0.2, 0.2, 0.2)
STROKE = (1.0, 0.8, 0.2)
K = 4.0 / 3.0 * (math.sqrt(2) - 1)
ZIGZAG = [("M", 12, 52), ("L", 36, 12), ("L", 60, 52), ("L", 84, 12)]
# A circle of radius 24 about (48, 32) from its top, clockwise on the y-down screen, four
# cubics with the standard constant (as ShapePath.elements).
CX, CY, R = 48, 32, 24
CIRCLE = [
    ("M", CX, CY - R),
    ("C", CX + K * R, CY - R, CX + R, CY - K * R, CX + R, CY),
    ("C", CX + R, CY + K * R, CX + K * R, CY + R, CX, CY + R),
    ("C", CX - K * R, CY + R, CX - R, CY + K * R, CX - R, CY),
    ("C", CX - R, CY - K * R, CX - K * R, CY - R, CX, CY - R),
    ("Z",),
]
SCENES = [
    ("butt", ZIGZAG, 6, "butt", "miter", 10, None, (0, 1)),
    ("round", ZIGZAG, 6, "round", "round", 10, None, (0, 1)),
    ("square", ZIGZAG, 6, "square", "bevel", 10, None, (0, 1)),
    ("miterlimit", [("M", 10, 56), ("L", 30, 36), ("L", 50, 56), ("M", 56, 56), ("L", 86, 32), ("L", 56, 44)],
     6, "butt", "miter", 4, None, (0, 1)),
    ("dashes", [("M", 8, 50), ("C", 30, -10, 60, 80, 88, 14)], 4, "butt", "miter", 10, ([12, 6, 3, 6], 5), (0, 1)),
    ("dashround", [("M", 10, 20), ("L", 86, 20), ("L", 86, 50), ("L", 10, 50)], 5, "round", "round", 10, ([8, 8], 4), (0, 1)),
    ("trim", CIRCLE, 6, "butt", "miter", 10, None, (0.1, 0.7)),
    ("closed", [("M", 14, 12), ("L", 82, 12), ("L", 82, 52), ("L", 14, 52), ("Z",)], 6, "butt", "miter", 10, None, (0, 1)),
]


def skia_render(scene):
    import numpy as np
    import skia
    name, elements, width, cap, join, limit, dash, (start, end) = scene
    surface = skia.Surface(skia.ImageInfo.Make(W, H, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.Color(*[round(255 * c) for c in BACKDROP]))
    path = skia.Path()
    for e in elements:
        if e[0] == "M":
            path.moveTo(e[1], e[2])
        elif e[0] == "L":
            path.lineTo(e[1], e[2])
        elif e[0] == "C":
            path.cubicTo(*e[1:])
        else:
            path.close()
    caps = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
    joins = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}
    paint = skia.Paint(
        Color=skia.Color(*[round(255 * c) for c in STROKE]), AntiAlias=True, Style=skia.Paint.kStroke_Style,
        StrokeWidth=width, StrokeCap=caps[cap], StrokeJoin=joins[join], StrokeMiter=limit)
    if dash is not None or (start, end) != (0, 1):
        path = skia_cut(path, dash, (start, end))
    canvas.drawPath(path, paint)
    return np.array(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType))


def skia_cut(path, dash, trim):
    """The parts of `path` the dashes or the trim keep, cut by Skia's own contour measure
    (`PathMeasure.getSegment`, what `DashPathEffect` and `TrimPathEffect` do) but measured
    at a resolution scale of 64: those effects measure curves at the drawing's scale, with
    chords up to 0.5 px off, which moves a dash on a curve by up to a pixel."""
    import skia
    lengths, m = [], skia.PathMeasure(path, False, 64)
    while True:
        lengths.append(m.getLength())
        if not m.nextContour():
            break
    total = sum(lengths)
    a, b = trim[0] * total, trim[1] * total
    out, offset = skia.Path(), 0.0
    m = skia.PathMeasure(path, False, 64)
    for k, length in enumerate(lengths):
        if k > 0:
            m.nextContour()
        lo, hi = max(a - offset, 0), min(b - offset, length)
        offset += length
        if hi <= lo:
            continue
        def keep(d0, d1):
            segment = skia.Path()
            m.getSegment(d0, d1, segment, True)
            out.addPath(segment)
        if dash is None:
            keep(lo, hi)
            continue
        intervals, phase = dash
        if len(intervals) % 2:
            intervals = intervals * 2
        s, i = -(phase % sum(intervals)), 0
        while s <= hi:
            if i % 2 == 0 and min(s + intervals[i], hi) > max(s, lo):
                keep(max(s, lo), min(s + intervals[i], hi))
            s += intervals[i]
            i = (i + 1) % len(intervals)
    return out


def subpaths(elements):
    """[(points, closed, smooth flags)]: cubics in 256 uniform steps, inner points smooth."""
    out, pts, smooth, last, first = [], [], [], (0, 0), (0, 0)

    def finish(closed):
        if len(pts) >= 2:
            out.append((list(pts), closed, list(smooth)))
    for e in elements:
        if e[0] == "M":
            finish(False)
            pts, smooth, last, first = [(e[1], e[2])], [False], (e[1], e[2]), (e[1], e[2])
        elif e[0] == "L":
            pts.append((e[1], e[2]))
            smooth.append(False)
            last = (e[1], e[2])
        elif e[0] == "C":
            p0, p1, p2, p3 = last, (e[1], e[2]), (e[3], e[4]), (e[5], e[6])
            for i in range(1, 257):
                t = i / 256
                u = 1 - t
                pts.append(tuple(u ** 3 * p0[k] + 3 * u * u * t * p1[k] + 3 * u * t * t * p2[k] + t ** 3 * p3[k] for k in range(2)))
                smooth.append(i < 256)
            last = p3
        else:
            if pts and math.dist(pts[-1], pts[0]) < 1e-9:
                pts.pop()
                smooth.pop()
            finish(True)
            pts, smooth, last = [], [], first
    finish(False)
    return out


def pieces(elements, dash, trim):
    """The stroked parts: [(points, closed, smooth flags)] after the trim and the dashes."""
    subs = subpaths(elements)

    def lengths(pts, closed):
        ring = pts + [pts[0]] if closed else pts
        d = [0.0]
        for a, b in zip(ring, ring[1:]):
            d.append(d[-1] + math.dist(a, b))
        return ring, d
    total = sum(lengths(p, c)[1][-1] for p, c, _ in subs)
    a, b = trim[0] * total, trim[1] * total
    out, offset = [], 0.0
    for pts, closed, smooth in subs:
        ring, d = lengths(pts, closed)
        flags = smooth + [smooth[0]] if closed else smooth
        length = d[-1]
        lo, hi = max(a - offset, 0), min(b - offset, length)
        offset += length
        if hi <= lo:
            continue

        def cut(s0, s1):
            def at(s):
                k = max(i for i in range(len(d) - 1) if d[i] <= s) if s < length else len(d) - 2
                t = (s - d[k]) / (d[k + 1] - d[k])
                return tuple(ring[k][j] + (ring[k + 1][j] - ring[k][j]) * t for j in range(2))
            inner = [i for i in range(len(d)) if s0 < d[i] < s1]
            return [at(s0)] + [ring[i] for i in inner] + [at(s1)], [False] + [flags[i] for i in inner] + [False]
        if dash is None:
            if closed and lo == 0 and hi == length:
                out.append((pts, True, smooth))
            else:
                p, f = cut(lo, hi)
                out.append((p, False, f))
            continue
        intervals, phase = dash
        if len(intervals) % 2:
            intervals = intervals * 2
        s, i = -(phase % sum(intervals)), 0
        while s <= hi:
            if i % 2 == 0:
                s0, s1 = max(s, lo), min(s + intervals[i], hi)
                if s1 > s0:
                    p, f = cut(s0, s1)
                    out.append((p, False, f))
            s += intervals[i]
            i = (i + 1) % len(intervals)
    return out


def numpy_render(scene):
    import numpy as np
    name, elements, width, cap, join, limit, dash, trim = scene
    n = 16
    h = width / 2
    gx = (np.arange(W * n) + 0.5) / n
    gy = (np.arange(H * n) + 0.5) / n
    inside = np.zeros((H * n, W * n), dtype=bool)

    def window(xs, ys):
        x0 = max(int(math.floor((min(xs) - 1) * n)), 0)
        x1 = min(int(math.ceil((max(xs) + 1) * n)), W * n)
        y0 = max(int(math.floor((min(ys) - 1) * n)), 0)
        y1 = min(int(math.ceil((max(ys) + 1) * n)), H * n)
        return x0, x1, y0, y1

    def convex(poly):
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        x0, x1, y0, y1 = window(xs, ys)
        if x0 >= x1 or y0 >= y1:
            return
        X, Y = np.meshgrid(gx[x0:x1], gy[y0:y1])
        area = sum(poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1] for i in range(len(poly)))
        sign = 1 if area > 0 else -1
        m = np.ones(X.shape, dtype=bool)
        for i in range(len(poly)):
            (ax, ay), (bx, by) = poly[i], poly[(i + 1) % len(poly)]
            m &= sign * ((bx - ax) * (Y - ay) - (by - ay) * (X - ax)) >= 0
        inside[y0:y1, x0:x1] |= m

    def disc(c):
        x0, x1, y0, y1 = window([c[0] - h, c[0] + h], [c[1] - h, c[1] + h])
        if x0 >= x1 or y0 >= y1:
            return
        X, Y = np.meshgrid(gx[x0:x1], gy[y0:y1])
        inside[y0:y1, x0:x1] |= (X - c[0]) ** 2 + (Y - c[1]) ** 2 <= h * h

    def unit(a, b):
        l = math.dist(a, b)
        return ((b[0] - a[0]) / l, (b[1] - a[1]) / l)

    for pts, closed, smooth in pieces(elements, dash, trim):
        ring = pts + [pts[0]] if closed else pts
        for a, b in zip(ring, ring[1:]):
            if math.dist(a, b) < 1e-12:
                continue
            u = unit(a, b)
            nx, ny = -u[1] * h, u[0] * h
            convex([(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)])
        corners = range(len(pts)) if closed else range(1, len(pts) - 1)
        for i in corners:
            p, q, r = pts[i - 1], pts[i], pts[(i + 1) % len(pts)]
            if math.dist(p, q) < 1e-12 or math.dist(q, r) < 1e-12:
                continue
            u, v = unit(p, q), unit(q, r)
            if join == "round" and not smooth[i]:
                disc(q)
                continue
            cross = u[0] * v[1] - u[1] * v[0]
            s = -1 if cross > 0 else 1  # the outer side: the normal (-dy, dx) times s
            A = (q[0] - s * u[1] * h, q[1] + s * u[0] * h)
            B = (q[0] - s * v[1] * h, q[1] + s * v[0] * h)
            cos_phi = u[0] * v[0] + u[1] * v[1]
            theta = math.pi - math.acos(max(-1, min(1, cos_phi)))
            # Inside a curve (256 steps a cubic: turns of a degree or less) the miter point is
            # within 1e-4 h of the offset curve.
            if (join == "miter" or smooth[i]) and theta > 1e-9 and (smooth[i] or 1 / math.sin(theta / 2) <= limit):
                m = h / math.sin(theta / 2)
                bis = (A[0] + B[0] - 2 * q[0], A[1] + B[1] - 2 * q[1])
                bl = math.hypot(*bis)
                M = (q[0] + bis[0] / bl * m, q[1] + bis[1] / bl * m)
                convex([q, A, M, B])
            else:
                convex([q, A, B])
        if not closed:
            for end, other in ((pts[-1], pts[-2]), (pts[0], pts[1])):
                if cap == "round":
                    disc(end)
                elif cap == "square":
                    d = unit(other, end)
                    nx, ny = -d[1] * h, d[0] * h
                    e2 = (end[0] + d[0] * h, end[1] + d[1] * h)
                    convex([(end[0] + nx, end[1] + ny), (e2[0] + nx, e2[1] + ny), (e2[0] - nx, e2[1] - ny), (end[0] - nx, end[1] - ny)])
    coverage = inside.reshape(H, n, W, n).mean(axis=(1, 3))
    src = np.array(list(STROKE) + [1.0])[None, None, :] * coverage[..., None]
    src = np.floor(255 * src + 0.5) / 255
    dst = np.array(list(BACKDROP) + [1.0])[None, None, :]
    out = src + dst * (1 - src[..., 3:4])
    return np.floor(255 * out + 0.5).clip(0, 255).astype(np.uint8)


def psnr(a, b):
    import numpy as np
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)


def main():
    ensure_venv()
    from PIL import Image
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Tests", "Fixtures", "oracles", "strokes")
    os.makedirs(out, exist_ok=True)
    for scene in SCENES:
        name = scene[0]
        sk, ref = skia_render(scene), numpy_render(scene)
        Image.fromarray(sk, "RGBA").save(os.path.join(out, f"{name}.skia.png"))
        Image.fromarray(ref, "RGBA").save(os.path.join(out, f"{name}.numpy.png"))
        print(f"{name}: PSNR(numpy, skia) = {psnr(ref, sk):.2f} dB")


if __name__ == "__main__":
    main()
