#!/usr/bin/env python3
"""Independent reference frames of a transform layer (CATransformLayer), for
TransformLayerReferenceTests.

The scene, written here from Core Animation's documented model, not from TransitionKit's code:
200x200 pt at scale 1 over black; a cube of six solid 100x100 pt faces centred on the frame,
each face turned about its centre and moved half the edge along its normal (front z = +50,
back turned 180 deg about y to z = -50, left/right turned -/+90 deg about y to x = -/+50,
bottom/top turned -/+90 deg about x to y = +/-50), every face double-sided; the cube turned
about y by A then about x by B; the frame's perspective m34 = -1/400 about its centre.

Drawn twice, by two programs that share no code with TransitionKit:

1. Chromium's CSS 3-D (`chromium --headless --screenshot`): a 200x200 wrapper with
   `perspective: 400px` (origin at its centre), the cube a `transform-style: preserve-3d` div
   with `transform: rotateX(B) rotateY(A)` (CSS applies the rightmost function first, so this
   is "about y, then about x"; CSS rotateX/rotateY turn as Core Animation's rotations about
   (1, 0, 0) and (0, 1, 0): CSS Transforms 2, the rotate3d matrix), each face
   `translate3d(...) rotateX|rotateY(...)`, `backface-visibility: visible`.
2. A numpy z-buffer render: 8x8 samples per pixel; for each sample and face, the face's plane
   is intersected with the eye ray and the nearest face that contains the hit wins (true
   visibility, not a painter's sort).

Output: Tests/Fixtures/oracles/transform-layer/{chromium,numpy}/cube.a<A>.b<B>.png and the PSNR
of numpy against Chromium per frame on stdout.

Needs: chromium (Debian: apt-get install -y chromium) and python3 with venv; numpy and Pillow
are installed into .build/transform-layer-reference-venv on first run.
Usage: python3 Scripts/transform-layer-reference.py
"""
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "transform-layer-reference-venv")
OUT = os.path.join(ROOT, "Tests", "Fixtures", "oracles", "transform-layer")
SIZE, EDGE, D = 200, 100, 400.0
# (A about y, B about x), degrees.
ANGLES = [(30, -20), (45, 0), (120, 30), (200, -35)]
# name: (rgb, axis of the face's own turn, turn in degrees, offset (x, y, z) in points).
FACES = [
    ("front", (255, 0, 0), "y", 0, (0, 0, 50)),
    ("back", (0, 0, 255), "y", 180, (0, 0, -50)),
    ("left", (255, 255, 0), "y", -90, (-50, 0, 0)),
    ("right", (0, 255, 0), "y", 90, (50, 0, 0)),
    ("bottom", (255, 0, 255), "x", -90, (0, 50, 0)),
    ("top", (0, 255, 255), "x", 90, (0, -50, 0)),
]


def ensure_venv():
    """Re-runs this script inside a venv that has numpy and Pillow."""
    if os.environ.get("TRANSFORM_LAYER_REFERENCE_IN_VENV") == "1":
        return
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([python, "-m", "pip", "install", "--quiet", "numpy", "pillow"])
    env = dict(os.environ, TRANSFORM_LAYER_REFERENCE_IN_VENV="1")
    sys.exit(subprocess.call([python, os.path.abspath(__file__)] + sys.argv[1:], env=env))


def label(a, b):
    return f"cube.a{a}.b{b}.png"


def chromium(a, b, path):
    rot = {"x": "rotateX", "y": "rotateY"}
    faces = "".join(
        f'<div style="position:absolute;left:0;top:0;width:{EDGE}px;height:{EDGE}px;'
        f"background:rgb({c[0]},{c[1]},{c[2]});backface-visibility:visible;"
        f'transform:translate3d({o[0]}px,{o[1]}px,{o[2]}px) {rot[axis]}({turn}deg)"></div>'
        for _, c, axis, turn, o in FACES
    )
    off = (SIZE - EDGE) // 2
    html = (
        f'<html><body style="margin:0;background:#000;overflow:hidden">'
        f'<div style="position:absolute;left:0;top:0;width:{SIZE}px;height:{SIZE}px;perspective:{D:g}px">'
        f'<div style="position:absolute;left:{off}px;top:{off}px;width:{EDGE}px;height:{EDGE}px;'
        f'transform-style:preserve-3d;transform:rotateX({b}deg) rotateY({a}deg)">{faces}</div></div></body></html>'
    )
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
        f.write(html)
    subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
         "--force-device-scale-factor=1", f"--window-size={SIZE},{SIZE}", f"--screenshot={path}", f"file://{f.name}"],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    os.unlink(f.name)


def rotation(axis, degrees):
    """Row-vector 3x3 rotation (p' = p . R) about x or y, Core Animation's sense."""
    import numpy as np

    t = math.radians(degrees)
    c, s = math.cos(t), math.sin(t)
    if axis == "y":
        return np.array([[c, 0, -s], [0, 1, 0], [s, 0, c]])
    return np.array([[1, 0, 0], [0, c, s], [0, -s, c]])


def zbuffer_render(a, b, ss=8):
    import numpy as np

    cube = rotation("y", a) @ rotation("x", b)
    offs = (np.arange(ss) + 0.5) / ss
    ys, xs = np.mgrid[0:SIZE, 0:SIZE].astype(float)
    acc = np.zeros((SIZE, SIZE, 3))
    for oy in offs:
        for ox in offs:
            # The eye at (0, 0, D) above the frame's centre; the sample on the plane z = 0.
            sx, sy = xs + ox - SIZE / 2, ys + oy - SIZE / 2
            best = np.full(sx.shape, -np.inf)
            color = np.zeros(sx.shape + (3,))
            for _, c, axis, turn, o in FACES:
                r = rotation(axis, turn) @ cube
                origin = np.array(o, dtype=float) @ cube  # the face's centre
                eu, ev = r[0], r[1]  # the face's own x and y axes in the frame's space
                n = np.cross(eu, ev)
                # Ray from the eye E = (0, 0, D) through (sx, sy, 0): P = E + t (S - E).
                dx, dy, dz = sx, sy, -D * np.ones_like(sx)
                denom = dx * n[0] + dy * n[1] + dz * n[2]
                with np.errstate(divide="ignore", invalid="ignore"):
                    t = ((origin[0]) * n[0] + (origin[1]) * n[1] + (origin[2] - D) * n[2]) / denom
                px, py, pz = t * dx, t * dy, D + t * dz
                u = (px - origin[0]) * eu[0] + (py - origin[1]) * eu[1] + (pz - origin[2]) * eu[2]
                v = (px - origin[0]) * ev[0] + (py - origin[1]) * ev[1] + (pz - origin[2]) * ev[2]
                hit = np.isfinite(t) & (t > 0) & (np.abs(u) <= EDGE / 2) & (np.abs(v) <= EDGE / 2) & (pz > best)
                best = np.where(hit, pz, best)
                color = np.where(hit[..., None], np.array(c, dtype=float), color)
            acc += color
    return np.clip(np.rint(acc / (ss * ss)), 0, 255).astype(np.uint8)


def psnr(x, y):
    import numpy as np

    mse = np.mean((x.astype(float) - y.astype(float)) ** 2)
    return float("inf") if mse == 0 else 10 * math.log10(255**2 / mse)


def main():
    ensure_venv()
    import numpy as np
    from PIL import Image

    for sub in ("chromium", "numpy"):
        os.makedirs(os.path.join(OUT, sub), exist_ok=True)
    for a, b in ANGLES:
        name = label(a, b)
        cpath = os.path.join(OUT, "chromium", name)
        chromium(a, b, cpath)
        third = zbuffer_render(a, b)
        Image.fromarray(third).save(os.path.join(OUT, "numpy", name))
        ref = np.asarray(Image.open(cpath).convert("RGB"))
        print(f"{name}: PSNR(numpy, chromium) = {psnr(third, ref):.2f} dB")


if __name__ == "__main__":
    main()
