#!/usr/bin/env python3
"""Screenshots for Scripts/check-playground.sh, standard library only.

  playground_screens.py png SHOT.xwd OUT.png [X Y W H]   the window (or a region) as a PNG
  playground_screens.py compare SHOT.xwd X Y W H EXPECTED.rgba
      exit 0 when the region's RGB equals EXPECTED's (W*H*4 RGBA8 bytes, the playground's
      `d` dump), else 1 with the count of differing pixels and their largest difference.

XWD is the X Window Dump format `xwd` writes (X11's XWDFile.h): a header of big-endian
32-bit fields, the window name, the colour map, then the pixels (ZPixmap, 32 bits per pixel
on a 24-bit screen, red/green/blue at the header's masks).
"""
import struct
import sys
import zlib


def read_xwd(path):
    data = open(path, "rb").read()
    fields = struct.unpack(">25I", data[:100])
    header_size, _, fmt, depth, width, height = fields[:6]
    byte_order, bits_per_pixel, bytes_per_line = fields[7], fields[11], fields[12]
    red_mask, green_mask, blue_mask = fields[14:17]
    ncolors = fields[19]
    if fmt != 2 or bits_per_pixel != 32:
        sys.exit(f"playground_screens: unsupported XWD (format {fmt}, {bits_per_pixel} bits per pixel)")
    offset = header_size + ncolors * 12
    shifts = [(m & -m).bit_length() - 1 for m in (red_mask, green_mask, blue_mask)]
    order = "<" if byte_order == 0 else ">"
    rows = []
    for y in range(height):
        line = data[offset + y * bytes_per_line : offset + y * bytes_per_line + width * 4]
        values = struct.unpack(f"{order}{width}I", line)
        rows.append([tuple((v >> s) & 0xFF for s in shifts) for v in values])
    return width, height, rows


def write_png(path, rows):
    height, width = len(rows), len(rows[0])
    raw = b"".join(b"\0" + bytes(c for px in row for c in px) for row in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)


def crop(rows, x, y, w, h):
    return [row[x : x + w] for row in rows[y : y + h]]


def main(argv):
    if len(argv) >= 3 and argv[0] == "png":
        _, _, rows = read_xwd(argv[1])
        if len(argv) == 7:
            rows = crop(rows, *map(int, argv[3:7]))
        write_png(argv[2], rows)
        return 0
    if len(argv) == 7 and argv[0] == "compare":
        _, _, rows = read_xwd(argv[1])
        x, y, w, h = map(int, argv[2:6])
        region = crop(rows, x, y, w, h)
        expected = open(argv[6], "rb").read()
        if len(expected) != w * h * 4 or len(region) != h or any(len(r) != w for r in region):
            print(f"size mismatch: expected {len(expected)} bytes for {w}x{h}, screenshot region {len(region[0]) if region else 0}x{len(region)}")
            return 1
        differing, worst = 0, 0
        for j in range(h):
            for i in range(w):
                k = (j * w + i) * 4
                d = max(abs(a - b) for a, b in zip(region[j][i], expected[k : k + 3]))
                if d:
                    differing += 1
                    worst = max(worst, d)
        print(f"{differing} of {w * h} pixels differ (largest difference {worst})")
        return 0 if differing == 0 else 1
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
