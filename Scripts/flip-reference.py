#!/usr/bin/env python3
"""Independent reference frames of the flip effect (FlipEffect), for FlipReferenceTests.

Draws the push of `Flip` at progress 0.25, 0.4 and 0.75 in each direction, 195x422 pt at
scale 1 over black, twice, by two programs that share no code with TransitionKit:

1. Chromium's CSS 3-D (`chromium --headless --screenshot`): each screen is an <img> with
   `transform: perspective(1000px) rotateY|rotateX(angle)` about its centre and
   `backface-visibility: hidden`. CSS rotateY(a) and rotateX(a) turn the same way as
   Core Animation's rotation about (0, 1, 0) and (1, 0, 0) (CSS Transforms 2, the rotate3d
   matrix), and perspective(d) is m34 = -1/d applied after the rotation.
2. A numpy inverse-projection render: for 8x8 samples per pixel, the inverse of each face's
   plane homography finds the texture point, read bilinearly; a face is drawn only while it
   looks at the eye (cos(angle) > 0).

The geometry is the one Flip documents, written here from the description, not from the
Swift code: the outgoing screen (the front face) turns by s*pi*p, the incoming screen (the
back face) by s*pi*(p - 1); s = +1 from the left (about y) and from the bottom (about x), -1
from the right (y) and from the top (x); d = 1000 pt.

Inputs: the screenshots Tests/Fixtures/screenshots/shell-exit-expanded.png (outgoing) and
shell-appts.png (incoming), aspect-filled (centre crop, Lanczos) into 195x422 textures that
are committed too, so every renderer, TransitionKit's included, starts from the same pixels.

Output: Tests/Fixtures/oracles/flip/{from,to}.png, chromium/<direction>.p<p>.png,
numpy/<direction>.p<p>.png, and the PSNR of numpy against Chromium per frame on stdout.

Needs: chromium (Debian: apt-get install -y chromium) and python3 with venv; numpy and
Pillow are installed into .build/flip-reference-venv on first run.
Usage: python3 Scripts/flip-reference.py
"""
import math
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build", "flip-reference-venv")
OUT = os.path.join(ROOT, "Tests", "Fixtures", "oracles", "flip")
W, H, D = 195, 422, 1000.0
PROGRESSES = [0.25, 0.4, 0.75]
# direction: (axis, sign)
DIRECTIONS = {"fromleft": ("y", 1), "fromright": ("y", -1), "fromtop": ("x", -1), "frombottom": ("x", 1)}


def ensure_venv():
    """Re-runs this script inside a venv that has numpy and Pillow."""
    if os.environ.get("FLIP_REFERENCE_IN_VENV") == "1":
        return
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.check_call([sys.executable, "-m", "venv", VENV])
        subprocess.check_call([python, "-m", "pip", "install", "--quiet", "numpy", "pillow"])
    env = dict(os.environ, FLIP_REFERENCE_IN_VENV="1")
    sys.exit(subprocess.call([python, os.path.abspath(__file__)] + sys.argv[1:], env=env))


def angles(sign, p):
    """(outgoing, incoming) turns in radians at push progress p."""
    return sign * math.pi * p, sign * math.pi * (p - 1)


def textures():
    from PIL import Image

    out = {}
    for key, name in (("from", "shell-exit-expanded.png"), ("to", "shell-appts.png")):
        im = Image.open(os.path.join(ROOT, "Tests", "Fixtures", "screenshots", name)).convert("RGB")
        scale = max(W / im.width, H / im.height)
        sw, sh = im.width * scale, im.height * scale
        box = ((sw - W) / 2 / scale, (sh - H) / 2 / scale, (sw + W) / 2 / scale, (sh + H) / 2 / scale)
        tex = im.resize((W, H), Image.LANCZOS, box=box)
        path = os.path.join(OUT, f"{key}.png")
        tex.save(path)
        out[key] = path
    return out


def chromium(tex, axis, a_out, a_in, path):
    rot = "rotateY" if axis == "y" else "rotateX"
    faces = "".join(
        f'<img src="file://{tex[k]}" style="position:absolute;left:0;top:0;width:{W}px;height:{H}px;'
        f'transform:perspective({D:g}px) {rot}({a:.17g}rad);backface-visibility:hidden">'
        for k, a in (("from", a_out), ("to", a_in))
    )
    html = f'<html><body style="margin:0;background:#000;overflow:hidden">{faces}</body></html>'
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
        f.write(html)
    subprocess.run(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
         "--force-device-scale-factor=1", f"--window-size={W},{H}", f"--screenshot={path}", f"file://{f.name}"],
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    os.unlink(f.name)


def rotation(axis, a):
    """Row-vector 3x3 rotation (p' = p . R) about x or y."""
    import numpy as np

    c, s = math.cos(a), math.sin(a)
    if axis == "y":
        return np.array([[c, 0, -s], [0, 1, 0], [s, 0, c]])
    return np.array([[1, 0, 0], [0, c, s], [0, -s, c]])


def inverse_render(tex, axis, a_out, a_in, ss=8):
    import numpy as np
    from PIL import Image

    acc = np.zeros((H, W, 3))
    offs = (np.arange(ss) + 0.5) / ss
    ys, xs = np.mgrid[0:H, 0:W].astype(float)
    for key, a in (("from", a_out), ("to", a_in)):
        if math.cos(a) <= 1e-12:
            continue  # turned away (or edge-on): culled
        img = np.asarray(Image.open(tex[key]).convert("RGB"), dtype=float)
        r = rotation(axis, a)
        # Local (x, y) about the centre -> homogeneous screen (X w, Y w, w), w = 1 - z/d.
        hm = np.array([[r[0, 0], r[0, 1], -r[0, 2] / D], [r[1, 0], r[1, 1], -r[1, 2] / D], [0, 0, 1.0]])
        inv = np.linalg.inv(hm)
        for oy in offs:
            for ox in offs:
                X, Y = xs + ox - W / 2, ys + oy - H / 2
                q = np.stack([X, Y, np.ones_like(X)], -1) @ inv
                lx, ly = q[..., 0] / q[..., 2] + W / 2, q[..., 1] / q[..., 2] + H / 2
                inside = (lx >= 0) & (lx < W) & (ly >= 0) & (ly < H) & (q[..., 2] > 0)
                # Bilinear, pixel centres at i + 0.5, clamped at the edges.
                fx, fy = np.clip(lx - 0.5, 0, W - 1), np.clip(ly - 0.5, 0, H - 1)
                x0, y0 = np.floor(fx).astype(int), np.floor(fy).astype(int)
                x1, y1 = np.minimum(x0 + 1, W - 1), np.minimum(y0 + 1, H - 1)
                tx, ty = (fx - x0)[..., None], (fy - y0)[..., None]
                top = img[y0, x0] * (1 - tx) + img[y0, x1] * tx
                bottom = img[y1, x0] * (1 - tx) + img[y1, x1] * tx
                acc += np.where(inside[..., None], top * (1 - ty) + bottom * ty, 0)
    return np.clip(np.rint(acc / (ss * ss)), 0, 255).astype(np.uint8)


def psnr(a, b):
    import numpy as np

    mse = np.mean((a.astype(float) - b.astype(float)) ** 2)
    return float("inf") if mse == 0 else 10 * math.log10(255**2 / mse)


def main():
    ensure_venv()
    import numpy as np
    from PIL import Image

    for sub in ("chromium", "numpy"):
        os.makedirs(os.path.join(OUT, sub), exist_ok=True)
    tex = textures()
    for name, (axis, sign) in DIRECTIONS.items():
        for p in PROGRESSES:
            a_out, a_in = angles(sign, p)
            label = f"{name}.p{p:g}.png"
            cpath = os.path.join(OUT, "chromium", label)
            chromium(tex, axis, a_out, a_in, cpath)
            third = inverse_render(tex, axis, a_out, a_in)
            Image.fromarray(third).save(os.path.join(OUT, "numpy", label))
            ref = np.asarray(Image.open(cpath).convert("RGB"))
            print(f"{label}: PSNR(numpy, chromium) = {psnr(third, ref):.2f} dB")


if __name__ == "__main__":
    main()
