#!/usr/bin/env python3
"""README.md's performance table, rendered from one run of Scripts/compare-peers.sh.

usage: performance-table.py [--update | --check] [PERFORMANCE.json] [README.md] [PERFORMANCE.md]

PERFORMANCE.json: the JSON compare-peers.sh writes next to its table (schema transitionkit-performance/1;
                  default Documentation/performance.json, the run the repository publishes).
README.md:        default README.md at the repository's root: the main table (one row per effect).
PERFORMANCE.md:   default Documentation/Performance.md: the detail tables, when the JSON has them (cost per
                  pixel across frame sizes, "per_megapixel"; the layer-count rows, "many_layer"), between
                  `<!-- performance-detail:begin -->` and `<!-- performance-detail:end -->`.

Without a flag the table is printed. --update replaces the lines between the README's markers
`<!-- performance-table:begin -->` and `<!-- performance-table:end -->` with it (and the detail
tables likewise); --check exits 1 when those lines differ from what --update would write (CI runs it, so every figure in the README is one
run's output). Exit status: 0 ok, 1 a difference (--check) or an unreadable file, 2 bad arguments.
"""
import json
import os
import sys

BEGIN = "<!-- performance-table:begin -->"
END = "<!-- performance-table:end -->"
DETAIL_BEGIN = "<!-- performance-detail:begin -->"
DETAIL_END = "<!-- performance-detail:end -->"


def fail(message, status=1):
    print(f"performance-table: {message}", file=sys.stderr)
    sys.exit(status)


# Short names for the peer and floor cases (Documentation/Performance.md describes each).
SHORT = {
    "pixman radial": "pixman", "cairo radial": "cairo", "pixman fade": "pixman", "cairo fade": "cairo",
    "pixman same frame (y-axis tilt)": "pixman same frame", "pixman sub-pixel slide": "pixman slide",
    "pixman same frame (scale + slide)": "pixman same frame", "read-two-write-one": "r2w1",
}


def ratios(cells):
    return ", ".join(f"{c['ratio']:.2f}x {SHORT.get(c['label'], c['label'])}" for c in cells) or "-"


def render(report):
    if not str(report.get("schema", "")).startswith("transitionkit-performance/"):
        fail("the JSON's schema is not transitionkit-performance/*")
    h, frame = report["heading"], report["frame"]
    lines = [
        f"One run of `Scripts/compare-peers.sh` ({h.get('date', '?')}, commit {h.get('commit', '?')}): "
        f"{h.get('machine', '?')}; {h.get('toolchain', '?')}; {h.get('peers', '?')}; "
        f"{frame['width_pixels']}x{frame['height_pixels']} px frames, {h.get('frames', '?')}, one thread. "
        "Each row is the effect's slowest operation; below 1.0x TransitionKit is faster.",
        "",
    ]
    # The × floor column appears once the published run has it (an older run has no "x_floor").
    floors = any(r.get("x_floor") is not None for r in report["rows"])
    lines += [
        "| effect | render p50 |" + (" × floor |" if floors else "") + " vs peers | vs floor | p99 | model | allocs | 2 threads |",
        "| --- | --- |" + (" --- |" if floors else "") + " --- | --- | --- | --- | --- | --- |",
    ]
    for r in report["rows"]:
        p99 = f"{r['p99_model_render_ms']:.2f} ms" if r.get("p99_model_render_ms") is not None else "-"
        allocs = "n/a" if r.get("allocations_per_frame") is None else f"{r['allocations_per_frame']:g}"
        t = r.get("two_threads")
        two = f"{t['lowest']:.2f}–{t['highest']:.2f}x" if t else "-"
        xf = (f" {r['x_floor']:.2f}x |" if r.get("x_floor") is not None else " - |") if floors else ""
        lines.append(f"| {r['effect']} ({r['operation']}) | {r['render_p50_ms']:.2f} ms |{xf} {ratios(r['vs_peer'])} | "
                     f"{ratios(r['vs_floor'])} | {p99} | {r['model_p50_ns']:.0f} ns | {allocs} | {two} |")
    return "\n".join(lines)


def percent(x):
    return "-" if x is None else f"{100 * x:.1f} %"


def detail(report):
    """The detail tables (sizes, layer count), or a line saying the run has none."""
    lines = []
    sizes = report.get("per_megapixel")
    if sizes:
        labels = [f"{z['width_points']:g}x{z['height_points']:g} pt @{z['scale']:g}x" for z in sizes["sizes"]]
        lines += ["Cost per pixel across frame sizes: render p50 per megapixel, with × floor in parentheses; "
                  "each effect's slowest operation at the first size. Target: spread within 10 %.", "",
                  "| effect | " + " | ".join(labels) + " | spread ms/Mpx | spread × floor |",
                  "| --- |" + " --- |" * (len(labels) + 2)]
        for r in sizes["rows"]:
            cells = ["-" if c is None else f"{c['render_ms_per_megapixel']:.3f} ms"
                     + (f" ({c['x_floor']:.2f}x)" if c.get("x_floor") is not None else "") for c in r["sizes"]]
            lines.append(f"| {r['effect']} ({r['operation']}) | " + " | ".join(cells)
                         + f" | {percent(r.get('spread_ms_per_megapixel'))} | {percent(r.get('spread_x_floor'))} |")
        lines.append("")
    layers = report.get("many_layer")
    if layers:
        lines += ["Layer count: the 40-cell list screen (200 layers) live against its flattened screenshot. "
                  "Targets: live ÷ flat at most 1.3x; model + lowering at most 50 ns per layer.", "",
                  "| effect | layers | flat p50 | live p50 | live ÷ flat | ns per layer | × floor |",
                  "| --- | --- | --- | --- | --- | --- | --- |"]
        for r in layers["rows"]:
            def ms(x):
                return "-" if x is None else f"{x:.2f} ms"
            lines.append(f"| {r['effect']} ({r['operation']}) | {r.get('layers') or '-'} | {ms(r.get('flat_render_p50_ms'))} | "
                         f"{ms(r.get('render_p50_ms'))} | " + ("-" if r.get("vs_flat") is None else f"{r['vs_flat']:.2f}x")
                         + " | " + ("-" if r.get("ns_per_layer") is None else f"{r['ns_per_layer']:.1f} ns") + " | "
                         + ("-" if r.get("x_floor") is None else f"{r['x_floor']:.2f}x") + " |")
        lines.append("")
    if not lines:
        return "The published run has no size or layer-count tables."
    return "\n".join(lines).rstrip()


def replace_between(path, begin, end, body, mode, json_path):
    """--update writes `body` between `path`'s markers; --check fails when it is not there already."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as error:
        fail(f"cannot read {path}: {error}")
    if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
        fail(f"{path} needs one {begin} line before one {end} line")
    head, rest = text.split(begin, 1)
    old, tail = rest.split(end, 1)
    new = f"\n{body}\n"
    if mode == "--check":
        if old != new:
            fail(f"{path}'s performance tables are not the ones {json_path} gives; run: python3 Scripts/performance-table.py --update")
        return
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(head + begin + new + end + tail)
    os.replace(tmp, path)


def main(argv):
    mode = None
    args = []
    for a in argv[1:]:
        if a in ("--update", "--check"):
            if mode:
                fail("give one of --update and --check", 2)
            mode = a
        elif a.startswith("-"):
            fail(f"unknown option {a}; usage: performance-table.py [--update | --check] [PERFORMANCE.json] [README.md] [PERFORMANCE.md]", 2)
        else:
            args.append(a)
    if len(args) > 3:
        fail("too many arguments; usage: performance-table.py [--update | --check] [PERFORMANCE.json] [README.md] [PERFORMANCE.md]", 2)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    json_path = args[0] if args else os.path.join(root, "Documentation", "performance.json")
    readme_path = args[1] if len(args) > 1 else os.path.join(root, "README.md")
    detail_path = args[2] if len(args) > 2 else os.path.join(root, "Documentation", "Performance.md")
    try:
        with open(json_path, encoding="utf-8") as f:
            report = json.load(f)
        table, details = render(report), detail(report)
    except (OSError, ValueError, KeyError, TypeError) as error:
        fail(f"cannot read {json_path}: {error}")
    if not mode:
        print(table + "\n\n" + details)
        return
    replace_between(readme_path, BEGIN, END, table, mode, json_path)
    replace_between(detail_path, DETAIL_BEGIN, DETAIL_END, details, mode, json_path)


if __name__ == "__main__":
    main(sys.argv)
