#!/usr/bin/env python3
"""README.md's performance table, rendered from one run of Scripts/compare-peers.sh.

usage: performance-table.py [--update | --check] [PERFORMANCE.json] [README.md]

PERFORMANCE.json: the JSON compare-peers.sh writes next to its table (schema transitionkit-performance/1;
                  default Documentation/performance.json, the run the repository publishes).
README.md:        default README.md at the repository's root.

Without a flag the table is printed. --update replaces the lines between the README's markers
`<!-- performance-table:begin -->` and `<!-- performance-table:end -->` with it; --check exits 1 when
those lines differ from what --update would write (CI runs it, so every figure in the README is one
run's output). Exit status: 0 ok, 1 a difference (--check) or an unreadable file, 2 bad arguments.
"""
import json
import os
import sys

BEGIN = "<!-- performance-table:begin -->"
END = "<!-- performance-table:end -->"


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
        "| effect | render p50 | vs peers | vs floor | p99 | model | allocs | 2 threads |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in report["rows"]:
        p99 = f"{r['p99_model_render_ms']:.2f} ms" if r.get("p99_model_render_ms") is not None else "-"
        allocs = "n/a" if r.get("allocations_per_frame") is None else f"{r['allocations_per_frame']:g}"
        t = r.get("two_threads")
        two = f"{t['lowest']:.2f}–{t['highest']:.2f}x" if t else "-"
        lines.append(f"| {r['effect']} ({r['operation']}) | {r['render_p50_ms']:.2f} ms | {ratios(r['vs_peer'])} | "
                     f"{ratios(r['vs_floor'])} | {p99} | {r['model_p50_ns']:.0f} ns | {allocs} | {two} |")
    return "\n".join(lines)


def main(argv):
    mode = None
    args = []
    for a in argv[1:]:
        if a in ("--update", "--check"):
            if mode:
                fail("give one of --update and --check", 2)
            mode = a
        elif a.startswith("-"):
            fail(f"unknown option {a}; usage: performance-table.py [--update | --check] [PERFORMANCE.json] [README.md]", 2)
        else:
            args.append(a)
    if len(args) > 2:
        fail("too many arguments; usage: performance-table.py [--update | --check] [PERFORMANCE.json] [README.md]", 2)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    json_path = args[0] if args else os.path.join(root, "Documentation", "performance.json")
    readme_path = args[1] if len(args) > 1 else os.path.join(root, "README.md")
    try:
        with open(json_path, encoding="utf-8") as f:
            table = render(json.load(f))
    except (OSError, ValueError, KeyError, TypeError) as error:
        fail(f"cannot read {json_path}: {error}")
    if not mode:
        print(table)
        return
    try:
        with open(readme_path, encoding="utf-8") as f:
            text = f.read()
    except OSError as error:
        fail(f"cannot read {readme_path}: {error}")
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        fail(f"{readme_path} needs one {BEGIN} line before one {END} line")
    head, rest = text.split(BEGIN, 1)
    old, tail = rest.split(END, 1)
    new = f"\n{table}\n"
    if mode == "--check":
        if old != new:
            fail(f"{readme_path}'s performance table is not the one {json_path} gives; run: python3 Scripts/performance-table.py --update")
        return
    tmp = readme_path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(head + BEGIN + new + END + tail)
    os.replace(tmp, readme_path)


if __name__ == "__main__":
    main(sys.argv)
