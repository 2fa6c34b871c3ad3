#!/usr/bin/env python3
"""gradient-reference.py - independent references for TransitionKit's gradients.

Draws the gradient scenes of Tests/Fixtures/oracles/gradients/README.md twice, with two
renderers nobody on this project wrote the raster core of, and writes both as PNGs:

- `<scene>.skia.png`: Skia (skia-python from PyPI): a linear, radial or sweep shader with
  clamped tiling (Core Animation's padding with the end colours) and default (unpremultiplied)
  colour interpolation, mapped from the layer's unit square by a local matrix, filled over the
  scene's backdrop (the rounded scene through an anti-aliased rounded rectangle).
- `<scene>.numpy.png`: the closed form of `Gradient`'s doc evaluated with numpy at each pixel
  centre (t from the unit position, the straight components interpolated with np.interp, which
  pads with the end values, premultiplied, rounded), composited source-over on the backdrop;
  the rounded scene's coverage is a 32 x 32 supersampled area.

It prints PSNR(numpy, skia) per scene: how far the two references are from each other, which
bounds how closely any renderer can be held to Skia. CI never runs this script: the tests read
the committed PNGs only.

    Scripts/gradient-reference.py            # venv in .build/reference-venv, writes the PNGs
    Scripts/gradient-reference.py OUT_DIR    # writes them elsewhere

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


# The frame (pixels at scale 1) and the scenes. Colours are multiples of 1/255 so both
# renderers start from the same 8-bit values. A scene: (name, backdrop RGB, layer frame
# (x, y, w, h), corner radius, type, colours RGBA, locations or None, startPoint, endPoint).
W, H = 96, 64
FULL = (0, 0, W, H)
SCENES = [
    ("axial", (0, 0, 0), FULL, 0, "axial",
     [(1, 0, 0, 1), (1, 1, 0, 1), (0, 0, 1, 1)], None, (0.1, 0.2), (0.9, 0.7)),
    ("radial", (0, 0, 0), FULL, 0, "radial",
     [(1, 1, 1, 1), (0.2, 0.6, 1, 1), (0.2, 0.2, 0.4, 1)], None, (0.4, 0.5), (0.9, 1.0)),
    ("conic", (0, 0, 0), FULL, 0, "conic",
     [(1, 0, 0, 1), (0, 1, 0, 1), (0, 0, 1, 1), (1, 0, 0, 1)], None, (0.5, 0.5), (0.5, 0.0)),
    ("locations", (0, 0, 0), FULL, 0, "axial",
     [(1, 0.6, 0, 1), (1, 1, 1, 1), (0.4, 0, 0.6, 1)], [0.25, 0.4, 0.8], (0, 0), (1, 1)),
    ("rounded", (0.2, 0.2, 0.2), (8, 8, 80, 48), 14, "axial",
     [(0, 0.8, 1, 1), (1, 0, 0.6, 1)], None, (0, 0), (1, 1)),
    ("translucent", (1, 0, 0), FULL, 0, "axial",
     [(1, 1, 1, 1), (0, 0, 0, 0)], None, (0, 0.5), (1, 0.5)),
]


def skia_render(scene):
    import numpy as np
    import skia
    name, backdrop, (x, y, w, h), radius, kind, colors, locations, (sx, sy), (ex, ey) = scene
    surface = skia.Surface(skia.ImageInfo.Make(W, H, skia.kRGBA_8888_ColorType, skia.kPremul_AlphaType))
    canvas = surface.getCanvas()
    canvas.clear(skia.Color(*[round(255 * c) for c in backdrop]))
    argb = [skia.Color(*[round(255 * c) for c in col[:3]], round(255 * col[3])) for col in colors]
    # Unit square -> layer pixels.
    unit = skia.Matrix()
    unit.setScale(w, h)
    unit.postTranslate(x, y)
    if kind == "axial":
        shader = skia.GradientShader.MakeLinear(
            [skia.Point(sx, sy), skia.Point(ex, ey)], argb, locations, skia.TileMode.kClamp, 0, unit)
    elif kind == "radial":
        # The unit circle about (0, 0) scaled to the half-axes |end - start|, moved to start.
        m = skia.Matrix()
        m.setScale(abs(ex - sx), abs(ey - sy))
        m.postTranslate(sx, sy)
        m.postConcat(unit)
        shader = skia.GradientShader.MakeRadial(skia.Point(0, 0), 1, argb, locations, skia.TileMode.kClamp, 0, m)
    else:
        # A sweep about (0, 0) from +x towards +y, turned so 0 points from start to end.
        m = skia.Matrix()
        m.setRotate(math.degrees(math.atan2(ey - sy, ex - sx)))
        m.postTranslate(sx, sy)
        m.postConcat(unit)
        shader = skia.GradientShader.MakeSweep(0, 0, argb, locations, skia.TileMode.kClamp, 0, 360, 0, m)
    paint = skia.Paint(Shader=shader, AntiAlias=True)
    rect = skia.Rect.MakeXYWH(x, y, w, h)
    if radius > 0:
        canvas.drawRRect(skia.RRect.MakeRectXY(rect, radius, radius), paint)
    else:
        canvas.drawRect(rect, paint)
    return np.array(surface.makeImageSnapshot().toarray(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType))


def numpy_render(scene):
    import numpy as np
    name, backdrop, (x, y, w, h), radius, kind, colors, locations, (sx, sy), (ex, ey) = scene
    px, py = np.meshgrid(np.arange(W) + 0.5, np.arange(H) + 0.5)
    u, v = (px - x) / w, (py - y) / h
    dx, dy = ex - sx, ey - sy
    if kind == "axial":
        t = ((u - sx) * dx + (v - sy) * dy) / (dx * dx + dy * dy)
    elif kind == "radial":
        t = np.sqrt(((u - sx) / abs(dx)) ** 2 + ((v - sy) / abs(dy)) ** 2)
    else:
        t = np.mod((np.arctan2(v - sy, u - sx) - math.atan2(dy, dx)) / (2 * math.pi), 1.0)
    stops = locations or [i / (len(colors) - 1) for i in range(len(colors))]
    straight = [np.interp(t, stops, [c[k] for c in colors]) for k in range(4)]
    a = straight[3]
    src = np.stack([straight[0] * a, straight[1] * a, straight[2] * a, a], axis=-1)
    # Coverage: the layer's (rounded) rectangle, 32 x 32 samples a pixel.
    n = 32
    offsets = (np.arange(n) + 0.5) / n
    coverage = np.zeros((H, W))
    for oy in offsets:
        for ox in offsets:
            qx, qy = px - 0.5 + ox, py - 0.5 + oy
            inside = (qx >= x) & (qx < x + w) & (qy >= y) & (qy < y + h)
            if radius > 0:
                cx = np.clip(qx, x + radius, x + w - radius)
                cy = np.clip(qy, y + radius, y + h - radius)
                inside &= (qx - cx) ** 2 + (qy - cy) ** 2 <= radius * radius
            coverage += inside
    coverage /= n * n
    src = np.floor(255 * src + 0.5) * coverage[..., None] / 255
    dst = np.array(list(backdrop) + [1.0])[None, None, :]
    out = src + dst * (1 - src[..., 3:4])
    return np.floor(255 * out + 0.5).clip(0, 255).astype(np.uint8)


def psnr(a, b):
    import numpy as np
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return float("inf") if mse == 0 else 10 * math.log10(255 * 255 / mse)


def main():
    ensure_venv()
    from PIL import Image
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "Tests", "Fixtures", "oracles", "gradients")
    os.makedirs(out, exist_ok=True)
    for scene in SCENES:
        name = scene[0]
        sk, ref = skia_render(scene), numpy_render(scene)
        Image.fromarray(sk, "RGBA").save(os.path.join(out, f"{name}.skia.png"))
        Image.fromarray(ref, "RGBA").save(os.path.join(out, f"{name}.numpy.png"))
        print(f"{name}: PSNR(numpy, skia) = {psnr(ref, sk):.2f} dB")


if __name__ == "__main__":
    main()
