#!/usr/bin/env python3
"""Makes the PNG fixtures in this folder and the expected pixels for the Swift tests.

Independent of TransitionKit and of libpng: the files are written and read back with pypng
(pure Python, `pip install pypng==0.20220715.0`). Run from the repository root:

    python3 Tests/Fixtures/png/make_fixtures.py

It rewrites the *.png files here and Tests/TransitionKitRenderTests/PNGFixtureExpectations.swift.
Expected pixels are RGBA8 *premultiplied*, computed from pypng's decoded straight values:
16-bit samples scaled with round(v*255/65535) = (v*255 + 32767) // 65535, 1/2/4-bit grey
with v*255 // (2**bits - 1) (exact), then
premultiplied with (c*a + 127) // 255. Colour values are taken as stored (no gamma).
"""
import os
import random
import zlib

import png

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SCREENSHOTS = os.path.join(ROOT, "Tests", "Fixtures", "screenshots")
OUT_SWIFT = os.path.join(ROOT, "Tests", "TransitionKitRenderTests", "PNGFixtureExpectations.swift")

rng = random.Random(20240611)


def rows_of(width, height, channels, maxval, special=()):
    rows = []
    for y in range(height):
        row = []
        for x in range(width):
            row.extend(rng.randint(0, maxval) for _ in range(channels))
        rows.append(row)
    for (x, y, px) in special:
        rows[y][x * channels:(x + 1) * channels] = list(px)
    return rows


def write(name, width, height, rows, **kw):
    with open(os.path.join(HERE, name), "wb") as f:
        png.Writer(width, height, **kw).write(f, rows)


def make():
    # 16-bit RGBA: random values plus alpha 0, alpha max and a pixel whose 16->8 scaling rounds.
    write("rgba16.png", 9, 7, rows_of(9, 7, 4, 65535, [(0, 0, (65535, 0, 32768, 0)),
                                                        (1, 0, (65535, 32896, 128, 65535)),
                                                        (2, 0, (257, 385, 386, 32767))]),
          greyscale=False, alpha=True, bitdepth=16)
    # Grey at 1, 2 and 4 bits, widths that do not fill the last byte of a row.
    write("gray1.png", 13, 5, rows_of(13, 5, 1, 1), greyscale=True, bitdepth=1)
    write("gray2.png", 11, 5, rows_of(11, 5, 1, 3), greyscale=True, bitdepth=2)
    write("gray4.png", 10, 5, rows_of(10, 5, 1, 15), greyscale=True, bitdepth=4)
    # Grey + alpha, 8-bit, with fully transparent and fully opaque samples.
    write("graya8.png", 9, 6, rows_of(9, 6, 2, 255, [(0, 0, (200, 0)), (1, 0, (200, 255)), (2, 0, (255, 1))]),
          greyscale=True, alpha=True, bitdepth=8)
    # 4-bit palette with a tRNS chunk (transparent, translucent and opaque entries).
    palette = [(rng.randint(0, 255), rng.randint(0, 255), rng.randint(0, 255), a)
               for a in (0, 255, 128, 1, 254, 77, 255, 255, 10, 200, 255, 33, 255, 255, 255, 255)]
    write("palette4_trns.png", 12, 6, rows_of(12, 6, 1, 15), palette=palette, bitdepth=4)
    # Adam7-interlaced 8-bit RGBA; 17x13 so every pass has pixels and partial blocks.
    write("adam7_rgba8.png", 17, 13, rows_of(17, 13, 4, 255), greyscale=False, alpha=True, bitdepth=8, interlace=True)
    # 16-bit RGB with a tRNS transparent colour (pixels of that colour get alpha 0).
    key = (1000, 2000, 3000)
    write("rgb16_trns.png", 8, 4, rows_of(8, 4, 3, 65535, [(0, 0, key), (5, 2, key)]),
          greyscale=False, bitdepth=16, transparent=key)
    # 8-bit RGB with gAMA 1.0: decoded as stored, no gamma conversion.
    write("gamma1_rgb8.png", 6, 4, rows_of(6, 4, 3, 255), greyscale=False, bitdepth=8, gamma=1.0)


def premultiplied_rgba8(path):
    """(width, height, flat RGBA8 premultiplied list) decoded by pypng."""
    r = png.Reader(filename=path)
    width, height, rows, info = r.asRGBA()
    maxval = (1 << info["bitdepth"]) - 1
    out = []
    for row in rows:
        for i in range(0, len(row), 4):
            px = row[i:i + 4]
            if maxval == 65535:
                px = [(v * 255 + 32767) // 65535 for v in px]
            elif maxval in (1, 3, 15):  # 1, 2, 4-bit grey: exact, the PNG spec's bit replication
                px = [v * 255 // maxval for v in px[:3]] + [px[3] * 255 // maxval]
            elif maxval != 255:
                raise SystemExit("asRGBA gave bitdepth %d" % info["bitdepth"])
            a = px[3]
            out.extend([(px[0] * a + 127) // 255, (px[1] * a + 127) // 255, (px[2] * a + 127) // 255, a])
    return width, height, out


def swift_array(values, per_line=32):
    lines = []
    for i in range(0, len(values), per_line):
        lines.append("        " + ", ".join(str(v) for v in values[i:i + per_line]) + ",")
    return "\n".join(lines)


FIXTURES = ["rgba16.png", "gray1.png", "gray2.png", "gray4.png", "graya8.png", "palette4_trns.png",
            "adam7_rgba8.png", "rgb16_trns.png", "gamma1_rgb8.png"]
SCREENSHOT_FILES = ["shell-exit-expanded.png", "shell-appmenu-shell.png", "shell-appts.png", "screenshot-tool.png"]


def screenshot_samples(name):
    width, height, px = premultiplied_rgba8(os.path.join(SCREENSHOTS, name))
    points = [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1), (width // 2, height // 2)]
    local = random.Random(name)
    points += [(local.randrange(width), local.randrange(height)) for _ in range(5)]
    # For images with alpha: a few translucent and transparent pixels too.
    translucent = [(i // 4 % width, i // 4 // width) for i in range(3, len(px), 4) if 0 < px[i] < 255]
    transparent = [(i // 4 % width, i // 4 // width) for i in range(3, len(px), 4) if px[i] == 0]
    if translucent:
        points += [translucent[0], translucent[len(translucent) // 2], translucent[-1]]
    if transparent:
        points += [transparent[0]]
    samples = []
    for (x, y) in points:
        i = (y * width + x) * 4
        samples.append((x, y, px[i:i + 4]))
    return width, height, samples, zlib.crc32(bytes(px))


def main():
    make()
    parts = [
        "// Generated by `python3 Tests/Fixtures/png/make_fixtures.py` with pypng 0.20220715.0, a pure-Python",
        "// PNG decoder independent of libpng and of TransitionKit. Do not edit; re-run the script.",
        "// Pixels are RGBA8 premultiplied: 16-bit samples (v*255 + 32767) // 65535, then (c*a + 127) // 255.",
        "",
        "enum PNGFixtureExpectations {",
        "    struct Image {",
        "        let file: String",
        "        let width: Int",
        "        let height: Int",
        "        /// Every pixel, rows top to bottom, RGBA8 premultiplied.",
        "        let pixels: [UInt8]",
        "    }",
        "",
        "    struct Sample {",
        "        let x: Int",
        "        let y: Int",
        "        let rgba: [UInt8]",
        "    }",
        "",
        "    struct Screenshot {",
        "        let file: String",
        "        let width: Int",
        "        let height: Int",
        "        /// CRC-32 (Python's zlib.crc32) of all pixels, packed RGBA8 premultiplied rows.",
        "        let pixelsCRC32: UInt32",
        "        let samples: [Sample]",
        "    }",
        "",
        "    /// Files in Tests/Fixtures/png/.",
        "    static let images: [Image] = [",
    ]
    for name in FIXTURES:
        w, h, px = premultiplied_rgba8(os.path.join(HERE, name))
        parts.append("        Image(file: %r, width: %d, height: %d, pixels: [" % (name, w, h))
        parts.append(swift_array(px).replace("        ", "            ", 1).replace("\n        ", "\n            "))
        parts.append("        ]),")
    parts.append("    ]")
    parts.append("")
    parts.append("    /// Samples from Tests/Fixtures/screenshots/ (corners, centre, 5 seeded random points,")
    parts.append("    /// and for RGBA the first, middle and last translucent and the first transparent pixel).")
    parts.append("    static let screenshots: [Screenshot] = [")
    for name in SCREENSHOT_FILES:
        w, h, samples, crc = screenshot_samples(name)
        parts.append("        Screenshot(file: %r, width: %d, height: %d, pixelsCRC32: 0x%08X, samples: [" % (name, w, h, crc))
        for (x, y, rgba) in samples:
            parts.append("            Sample(x: %d, y: %d, rgba: [%s])," % (x, y, ", ".join(map(str, rgba))))
        parts.append("        ]),")
    parts.append("    ]")
    parts.append("}")
    text = "\n".join(parts).replace("'", '"') + "\n"
    with open(OUT_SWIFT, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
