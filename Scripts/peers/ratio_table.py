#!/usr/bin/env python3
"""Markdown ratio table of effect-bench against the peer harness, for Scripts/compare-peers.sh.

usage: ratio_table.py [--json OUT.json] HEADING.txt PEERS.txt BENCH.json [ONE.json TWO.json]...
       ratio_table.py --sizes [--json OUT.json] BENCH.json BENCH.json...
       ratio_table.py --many-layer [--json OUT.json] BENCH.json

--json OUT.json: also write the main table as JSON (schema transitionkit-performance/1: the heading's
             `key: value` lines, the frame, and one object per effect row with the same figures the table
             prints); Scripts/performance-table.py renders README.md's performance table from such a file.

--sizes:     cost per pixel across frame sizes, from effect-bench JSONs of one build at several sizes (the
             first is the reference): per effect, its slowest full-render operation at the first size, and at
             every size that operation's render p50 per megapixel (ms ÷ (width × height ÷ 10^6)) and its × floor
             (`x_floor`, render p50 ÷ a frame memcpy's p50 at that size; "-" for an older effect-bench); then the
             spread of each figure over the sizes, (highest − lowest) ÷ lowest, against the 10 % target.
             With --json OUT.json, OUT.json (a table this script wrote, or a new file) gets the key
             "per_megapixel": {"sizes": [...], "rows": [...]} with the same figures; other keys are kept.

--many-layer: the layer-count rows of an `effect-bench run --many-layer` report (rows with a "variant": the
             40-cell list screen flattened into one bitmap, then kept as its live layers): per effect and
             operation, the layers per frame, the flat and the live render p50, live ÷ flat (`vs_flat`; target at
             most 1.3x), the model + lowering cost per layer (`ns_per_layer`; target at most 50 ns) and the live
             row's × floor. With --json OUT.json, OUT.json gets the key "many_layer": {"rows": [...]}; other keys
             are kept.

HEADING.txt: lines printed above the table as they are (machine, date, toolchain).
PEERS.txt:   the harness's lines, `case=NAME width=W height=H ... p50_ms=X min_ms=Y ...`.
BENCH.json:  `effect-bench run --json` (schema transitionkit-effect-bench/1; read by key, so keys
             added later do not matter).
ONE.json TWO.json: optional pairs, an effect's run with `--threads 1` and right after with `--threads 2`:
             add the "2 threads" column, the one-thread render p50 ÷ the two-thread render p50 of each operation,
             the lowest and highest over the effect's operations, and, when PEERS.txt has floor_memcpy and
             floor_memcpy_threads2 (run on two cores), one line under the table: the memory floor's own
             two-thread gain, floor_memcpy p50 ÷ floor_memcpy_threads2 p50 (with a warning below 1.2x, and
             above 2x a note on how it may exceed two cores' worth). Then a line with effect-bench's own copy
             test from the TWO.json files (`copy_scaling`: CopyScaling's frame-sized copy on one thread ÷ on
             two, which decides whether copy-bound frames are split into two bands), lowest–highest over the
             runs and whether they split (naming the runs that did not, when some did); two-thread JSONs
             without the key (older effect-bench, or the copy could not be measured) are counted, not read.

Per effect, the operation with the highest render p50 is its row (full renders only: neither damage rows nor
`run --many-layer` rows, those with a "variant"). Its last column is its render p50 per megapixel of the frame
(ms ÷ (width × height ÷ 10^6)) with its × floor (`x_floor`) when the report has it; the JSON row has them as
"render_ms_per_megapixel" and "x_floor". The peer and floor ratios
divide effect-bench's render p50 by the peer case's p50 (both nearest-rank medians of a sweep of
progress 0...1 over the same number of frames, in milliseconds), one ratio per peer or floor of the effect
(PEERS, FLOORS), "; "-separated; a case missing from PEERS.txt (lines of an older harness) is left out, and
the cell is "-" when none is there. p99 of model + render is taken over the JSON's per-frame samples (nearest rank, effect-bench's definition) and is the highest over the
effect's operations, as is the model p50 (the model-only sweep; after a full render in parentheses when the
report has it); allocations per frame are the steady-state model + render means, the highest over the operations
(n/a when effect-bench did not count them).

Damage rows (`effect-bench run --damage`: results with `damaged_fraction`, operation "push (damage)"
and so on) get a second table, one row per effect and operation: the median fraction of the frame
redrawn, the render p50, that p50 ÷ the memcpy floor's p50, and ÷ the same operation's full render.
Last, a table of every peer case in PEERS.txt: sweep p50 and min, and the progress-0.5 frame's p50 and min.
"""
import json
import math
import re
import sys

# Which peer cases draw the frame each effect draws, and which floors bound it: radial and the
# push-back start from one screen copied (memcpy), and a radial frame's pixels come from two
# screens split at its circle (floor_copy2: that copy alone, streamed, no edge; memcpy re-copies one
# screen whose working set stays in the last-level cache); fade and drag-dismiss blend two screens
# into the frame (read two frames, write one). drag-dismiss's first peer is the slide alone (dimmed
# "from" under it), its second the dismiss frame itself (a scaled screen under the slide). pushback3d's
# first peer draws its own frame (rotateY -10° about the right-edge midpoint, m34 = -1/300 pt, no
# scale); the other three draw an external benchmark's push-back (rotateX 10° and scale 1 - 0.1p
# about the centre, perspective 500 pt; the affine two the scale alone).
PEERS = {
    "radial": [("pixman radial", "radial_pixman"), ("cairo radial", "radial_cairo")],
    "fade": [("pixman fade", "fade_pixman"), ("cairo fade", "fade_cairo")],
    "pushback3d": [
        ("pixman same frame (y-axis tilt)", "pushback3d_pixman"),
        ("pixman projective", "pushback_pixman_projective"),
        ("pixman affine", "pushback_pixman_affine"),
        ("cairo affine", "pushback_cairo_affine"),
    ],
    "dragdismiss": [
        ("pixman sub-pixel slide", "slide_pixman_subpx"),
        ("pixman same frame (scale + slide)", "dragdismiss_pixman"),
    ],
}
FLOORS = {
    "radial": [("memcpy", "floor_memcpy"), ("two-screen copy", "floor_copy2")],
    "fade": [("read-two-write-one", "floor_r2w1")],
    "pushback3d": [("memcpy", "floor_memcpy")],
    "dragdismiss": [("read-two-write-one", "floor_r2w1")],
}


# CopyScaling.minimumPixels in TransitionKitRender: a copy-bound frame with fewer pixels is never split.
SPLIT_MIN_PIXELS = 1 << 19


def fail(message):
    print(f"ratio_table: {message}", file=sys.stderr)
    sys.exit(1)


def nearest_rank(values, q):
    s = sorted(values)
    return s[max(0, math.ceil(q * len(s)) - 1)]


def read_peers(path):
    cases = {}
    with open(path) as f:
        for line in f:
            fields = dict(re.findall(r"(\w+)=(\S+)", line))
            if "case" in fields and "p50_ms" in fields:
                cases[fields["case"]] = fields
    if not cases:
        fail(f"{path} has no peer result lines")
    return cases


def is_full(r):
    """A full-render row: not a damage row, not a `--many-layer` row."""
    return "damaged_fraction" not in r and "variant" not in r


def megapixels(scene):
    return scene["width_pixels"] * scene["height_pixels"] / 1e6


def spread(values):
    """(highest − lowest) ÷ lowest, or None for fewer than two positive values."""
    v = [x for x in values if x is not None and x > 0]
    return (max(v) - min(v)) / min(v) if len(v) > 1 else None


def sizes_main(argv):
    json_out = None
    if len(argv) > 1 and argv[0] == "--json":
        json_out, argv = argv[1], argv[2:]
    if len(argv) < 2:
        fail("usage: ratio_table.py --sizes [--json OUT.json] BENCH.json BENCH.json...")
    reports = []
    for path in argv:
        try:
            with open(path) as f:
                report = json.load(f)
            rows = {(r["effect"], r["operation"]): r for r in report["results"] if is_full(r)}
            reports.append((report["scene"], rows))
        except (OSError, ValueError, KeyError) as error:
            fail(f"{path} is not an effect-bench JSON report: {error}")
    labels = [f"{sc['width_pixels']}x{sc['height_pixels']} px ({sc['width_points']:g}x{sc['height_points']:g} pt "
              f"@{sc['scale']:g}x)" for sc, _ in reports]
    first = reports[0][1]
    slowest = {}
    for (effect, _), r in first.items():
        if effect not in slowest or r["render_milliseconds"]["p50"] > slowest[effect]["render_milliseconds"]["p50"]:
            slowest[effect] = r
    print("Cost per pixel across frame sizes (render p50 per megapixel; × floor = render p50 ÷ a frame memcpy's p50 "
          "at that size), each effect's slowest operation at the first size; target: spread within 10 %\n")
    print("| effect (operation) | " + " | ".join(labels) + " | spread ms/Mpx | spread × floor |")
    print("| --- |" + " --- |" * (len(labels) + 2))
    out_rows = []
    for effect, r in slowest.items():
        cells, per_mpx, floors, entry_sizes = [], [], [], []
        for (scene, rows), label in zip(reports, labels):
            row = rows.get((effect, r["operation"]))
            if row is None:
                cells.append("-")
                per_mpx.append(None)
                floors.append(None)
                entry_sizes.append(None)
                continue
            ms = row["render_milliseconds"]["p50"] / megapixels(scene)
            xf = row.get("x_floor")
            per_mpx.append(ms)
            floors.append(xf)
            cells.append(f"{ms:.3f} ms" + (f" ({xf:.2f}x)" if xf is not None else ""))
            entry_sizes.append({"render_ms_per_megapixel": round(ms, 5), "x_floor": None if xf is None else round(xf, 4),
                                "render_p50_ms": round(row["render_milliseconds"]["p50"], 4)})
        s_ms, s_floor = spread(per_mpx), spread(floors)

        def verdict(x):
            return "-" if x is None else f"{100 * x:.1f} %" + ("" if x <= 0.10 else " (over 10 %)")
        print(f"| {effect} ({r['operation']}) | " + " | ".join(cells) + f" | {verdict(s_ms)} | {verdict(s_floor)} |")
        out_rows.append({"effect": effect, "operation": r["operation"], "sizes": entry_sizes,
                         "spread_ms_per_megapixel": None if s_ms is None else round(s_ms, 4),
                         "spread_x_floor": None if s_floor is None else round(s_floor, 4)})
    print()
    if json_out:
        merge_json(json_out, "per_megapixel", {
            "sizes": [{"width_pixels": sc["width_pixels"], "height_pixels": sc["height_pixels"],
                       "width_points": sc["width_points"], "height_points": sc["height_points"], "scale": sc["scale"]}
                      for sc, _ in reports],
            "rows": out_rows,
        })


def merge_json(json_out, key, value):
    """Writes `value` under `key` into the JSON file `json_out` (created when missing), keeping its other keys."""
    summary = {}
    try:
        with open(json_out) as f:
            summary = json.load(f)
    except FileNotFoundError:
        summary = {"schema": "transitionkit-performance/1"}
    except (OSError, ValueError) as error:
        fail(f"{json_out} exists and is not JSON: {error}")
    summary[key] = value
    with open(json_out, "w") as f:
        json.dump(summary, f, indent=1, ensure_ascii=False)
        f.write("\n")


def many_layer_main(argv):
    json_out = None
    if len(argv) > 1 and argv[0] == "--json":
        json_out, argv = argv[1], argv[2:]
    if len(argv) != 1:
        fail("usage: ratio_table.py --many-layer [--json OUT.json] BENCH.json")
    try:
        with open(argv[0]) as f:
            results = json.load(f)["results"]
        flat = {(r["effect"], r["operation"].split(" (")[0]): r for r in results if r.get("variant") == "flat"}
        live = [r for r in results if r.get("variant") == "many-layer"]
    except (OSError, ValueError, KeyError) as error:
        fail(f"{argv[0]} is not an effect-bench JSON report: {error}")
    if not live:
        fail(f"{argv[0]} has no --many-layer rows")
    print("Layer count (run --many-layer: a 40-cell list screen as one flattened bitmap, then as its live layers); "
          "targets: live ÷ flat at most 1.3x, model + lowering at most 50 ns per layer\n")
    print("| effect (operation) | layers | flat p50 | live p50 | live ÷ flat | ns per layer | × floor |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    rows = []
    for r in live:
        op = r["operation"].split(" (")[0]
        f = flat.get((r["effect"], op))
        flat_ms = f["render_milliseconds"]["p50"] if f else None
        live_ms = r["render_milliseconds"]["p50"]
        vs = r.get("vs_flat")
        npl = r.get("ns_per_layer")
        xf = r.get("x_floor")
        print(f"| {r['effect']} ({op}) | {r.get('layers', '-')} | " + (f"{flat_ms:.2f} ms" if flat_ms else "-")
              + f" | {live_ms:.2f} ms | " + (f"{vs:.2f}x" if vs is not None else "-") + " | "
              + (f"{npl:.1f} ns" if npl is not None else "-") + " | " + (f"{xf:.2f}x" if xf is not None else "-") + " |")
        rows.append({"effect": r["effect"], "operation": op, "layers": r.get("layers"),
                     "flat_render_p50_ms": None if flat_ms is None else round(flat_ms, 4),
                     "render_p50_ms": round(live_ms, 4), "vs_flat": None if vs is None else round(vs, 4),
                     "ns_per_layer": None if npl is None else round(npl, 2), "x_floor": None if xf is None else round(xf, 4)})
    print()
    if json_out:
        merge_json(json_out, "many_layer", {"rows": rows})


def main(argv):
    if len(argv) > 1 and argv[1] == "--sizes":
        return sizes_main(argv[2:])
    if len(argv) > 1 and argv[1] == "--many-layer":
        return many_layer_main(argv[2:])
    json_out = None
    if len(argv) > 2 and argv[1] == "--json":
        json_out = argv[2]
        argv = argv[:1] + argv[3:]
    if len(argv) < 4 or len(argv) % 2 != 0:
        fail("usage: ratio_table.py HEADING.txt PEERS.txt BENCH.json [ONE.json TWO.json]...")
    with open(argv[1]) as f:
        heading = f.read().rstrip("\n")
    peers = read_peers(argv[2])
    try:
        with open(argv[3]) as f:
            report = json.load(f)
        schema = report["schema"]
        results = report["results"]
        scene = report["scene"]
        counted = report.get("allocation_counting", False)
    except (OSError, ValueError, KeyError) as error:
        fail(f"{argv[3]} is not an effect-bench JSON report: {error}")
    one, two = {}, {}
    copy_tests, untested = [], 0  # the two-thread runs' copy_scaling, and how many lack it
    for k, path in enumerate(argv[4:]):
        try:
            with open(path) as f:
                run = json.load(f)
            rows = {(r["effect"], r["operation"]): r for r in run["results"] if is_full(r)}
        except (OSError, ValueError, KeyError) as error:
            fail(f"{path} is not an effect-bench JSON report: {error}")
        (one if k % 2 == 0 else two).update(rows)
        if k % 2 == 1:
            c = run.get("copy_scaling")
            if isinstance(c, dict) and c.get("one_thread_ms") and c.get("two_threads_ms"):
                effects = list(dict.fromkeys(r["effect"] for r in run["results"]))
                copy_tests.append((", ".join(effects) or "?", c))
            else:
                untested += 1
    if not schema.startswith("transitionkit-effect-bench/"):
        fail(f"{argv[3]} has schema '{schema}', not transitionkit-effect-bench/*")
    size = f"{scene['width_pixels']}x{scene['height_pixels']}"
    first = next(iter(peers.values()))
    if f"{first['width']}x{first['height']}" != size:
        fail(f"peers drew {first['width']}x{first['height']} but effect-bench {size}")

    def peer_ms(case):
        # a missing case, or a p50 that is not a positive finite number (0.000 at a tiny frame,
        # nan), gives no ratio
        if case not in peers:
            return None
        try:
            ms = float(peers[case]["p50_ms"])
        except ValueError:
            return None
        return ms if math.isfinite(ms) and ms > 0 else None

    def ratio_list(render, cases):
        """render ÷ each measured case's p50 (cases the peer lines lack are left out)."""
        return [{"label": label, "ratio": round(render / ms, 4), "peer_ms": round(ms, 4)}
                for label, case in cases for ms in [peer_ms(case)] if ms]

    def ratios_to(render, cases):
        """render ÷ each measured case's p50, "; "-separated (cases the peer lines lack are left out)."""
        cells = [f"{r['ratio']:.2f}x {r['label']} ({r['peer_ms']:.2f} ms)" for r in ratio_list(render, cases)]
        return "; ".join(cells) or "-"

    summary = {
        "schema": "transitionkit-performance/1",
        "heading": dict(line.split(": ", 1) for line in heading.splitlines() if ": " in line),
        "frame": {"width_pixels": scene["width_pixels"], "height_pixels": scene["height_pixels"],
                  "width_points": scene["width_points"], "height_points": scene["height_points"], "scale": scene["scale"]},
        "rows": [],
    }

    damage_rows = [r for r in results if "damaged_fraction" in r]
    full_rows = {(r["effect"], r["operation"]): r for r in results if is_full(r)}
    slowest = {}
    for r in results:
        if not is_full(r):
            continue
        e = r["effect"]
        if e not in slowest or r["render_milliseconds"]["p50"] > slowest[e]["render_milliseconds"]["p50"]:
            slowest[e] = r

    print(heading)
    print(f"frame: {size} pixels ({scene['width_points']:g}x{scene['height_points']:g} points at scale "
          f"{scene['scale']:g}), one thread\n")
    print("| effect (slowest operation) | render p50 | vs peer (render p50 ÷ peer p50) | vs floor | "
          "p99 model+render (worst op) | model p50 (worst op) | allocs/frame (worst op) |"
          + (" 2 threads (1-thread p50 ÷ 2-thread p50, lowest–highest op) |" if two else "")
          + " render p50 per Mpx (× floor) |")
    print("| --- | --- | --- | --- | --- | --- | --- |" + (" --- |" if two else "") + " --- |")
    for effect, r in slowest.items():
        ops = [o for (e, _), o in full_rows.items() if e == effect]
        render = r["render_milliseconds"]["p50"]
        vs_peer = ratios_to(render, PEERS.get(effect, []))
        vs_floor = ratios_to(render, FLOORS.get(effect, []))
        p99s = []
        for o in ops:
            frames = o.get("per_frame") or []
            if frames:
                total = [f["render_milliseconds"] + f["model_nanoseconds"] / 1e6 for f in frames]
                p99s.append((nearest_rank(total, 0.99), o["operation"]))
        p99 = f"{max(p99s)[0]:.2f} ms ({max(p99s)[1]})" if p99s else "-"
        worst_model = max(ops, key=lambda o: o["model_nanoseconds"]["p50"])
        # nanoseconds, as effect-bench prints the model
        model = f"{worst_model['model_nanoseconds']['p50']:.0f} ns"
        if "model_p50_after_render" in worst_model:
            model += f" ({worst_model['model_p50_after_render']:.0f} ns after a render)"
        model += f" ({worst_model['operation']})"
        allocs = "n/a"
        steady = [(o.get("steady_state", {}), o["operation"]) for o in ops]
        if counted and all("model_allocations" in st for st, _ in steady):
            n, op = max((st["model_allocations"] + st["render_allocations"], op) for st, op in steady)
            allocs = (f"{n:.0f}" if abs(n - round(n)) < 0.05 else f"{n:.1f}") + f" ({op})"
        row = (f"| {effect} ({r['operation']}) | {render:.2f} ms | {vs_peer} | {vs_floor} | "
               f"{p99} | {model} | {allocs} |")
        entry = {
            "effect": effect, "operation": r["operation"], "render_p50_ms": round(render, 4),
            "vs_peer": ratio_list(render, PEERS.get(effect, [])), "vs_floor": ratio_list(render, FLOORS.get(effect, [])),
            "p99_model_render_ms": round(max(p99s)[0], 4) if p99s else None, "p99_operation": max(p99s)[1] if p99s else None,
            "model_p50_ns": round(worst_model["model_nanoseconds"]["p50"], 1), "model_operation": worst_model["operation"],
            "allocations_per_frame": None if allocs == "n/a" else round(n, 2),
        }
        if two:
            ratios = sorted((u["render_milliseconds"]["p50"] / t["render_milliseconds"]["p50"], o["operation"])
                            for o in ops for u, t in [(one.get((effect, o["operation"])), two.get((effect, o["operation"])))]
                            if u and t and t["render_milliseconds"]["p50"] > 0)
            row += (f" {ratios[0][0]:.2f}x ({ratios[0][1]})–{ratios[-1][0]:.2f}x ({ratios[-1][1]}) |" if ratios else " - |")
            if ratios:
                entry["two_threads"] = {"lowest": round(ratios[0][0], 3), "lowest_operation": ratios[0][1],
                                        "highest": round(ratios[-1][0], 3), "highest_operation": ratios[-1][1]}
        per_mpx = render / megapixels(scene)
        entry["render_ms_per_megapixel"] = round(per_mpx, 5)
        entry["x_floor"] = None if r.get("x_floor") is None else round(r["x_floor"], 4)
        row += f" {per_mpx:.3f} ms" + (f" ({r['x_floor']:.2f}x)" if r.get("x_floor") is not None else "") + " |"
        summary["rows"].append(entry)
        print(row)
    if json_out:
        with open(json_out, "w") as f:
            json.dump(summary, f, indent=1, ensure_ascii=False)
            f.write("\n")
    one_ms, two_ms = peer_ms("floor_memcpy"), peer_ms("floor_memcpy_threads2")
    if two:
        print()  # ends the Markdown table
    if two and one_ms and two_ms:
        gain = one_ms / two_ms
        half_mb = scene["width_pixels"] * scene["height_pixels"] * 4 / 2 / 1e6
        print(f"two threads, memory floor: a frame memcpy is {gain:.2f}x as fast on two cores "
              f"({one_ms:.2f} → {two_ms:.2f} ms)"
              + ("; below 1.2x the two threads did not have two cores to themselves (another process on the "
                 "second core, or one core for both): the two-thread column then says nothing about the "
                 "compositor, rerun on an idle machine" if gain < 1.2 else "")
              + (f"; above 2x each thread copies half the frame ({half_mb:.1f} MB), which may be served from the "
                 "last-level cache where a whole-frame copy is not (glibc's memcpy stores through the caches below "
                 "its non-temporal threshold; README, Performance)" if gain > 2 else ""))
    if two:
        print(copy_test_line(copy_tests, untested, scene["width_pixels"] * scene["height_pixels"]))

    if damage_rows:
        memcpy = peer_ms("floor_memcpy")
        print("\nDamage rendering (each frame after the first redraws only what changed since the previous one, "
              "into its pixels; render includes finding the region):\n")
        print("| effect | operation | damaged p50 | render p50 | vs memcpy floor | vs full render |")
        print("| --- | --- | --- | --- | --- | --- |")
        for r in damage_rows:
            render = r["render_milliseconds"]["p50"]
            operation = r["operation"].replace(" (damage)", "")
            full = full_rows.get((r["effect"], operation))
            vs_floor = f"{render / memcpy:.2f}x ({memcpy:.2f} ms)" if memcpy else "-"
            vs_full = f"{render / full['render_milliseconds']['p50']:.2f}x" if full and full["render_milliseconds"]["p50"] > 0 else "-"
            print(f"| {r['effect']} | {operation} | {100 * r['damaged_fraction']['p50']:.1f} % | {render:.2f} ms | "
                  f"{vs_floor} | {vs_full} |")

    print("\n| peer case | sweep p50 | sweep min | p = 0.5 frame p50 | p = 0.5 frame min |")
    print("| --- | --- | --- | --- | --- |")
    for name, f in peers.items():
        print(f"| {name} | {float(f['p50_ms']):.2f} ms | {float(f['min_ms']):.2f} ms | "
              f"{float(f['mid_p50_ms']):.2f} ms | {float(f['mid_min_ms']):.2f} ms |")
    print()


def copy_test_line(tests, untested, pixels):
    """effect-bench's own copy test over its two-thread runs (`copy_scaling`): one-thread ms ÷ two-thread ms,
    lowest–highest, and whether copy-bound frames of this size were split (CopyScaling.splitsCopyBoundFrame:
    splits_copies, the gain at least 1.2x, and the frame at least 2^19 px)."""
    head = "effect-bench's copy test (CopyScaling, decides whether copy-bound frames split): "
    missing = (f"{untested} of the two-thread JSONs {'has' if untested == 1 else 'have'} no copy_scaling (an "
               "effect-bench older than the key, or the copy could not be measured: nothing split)") if untested else ""
    if not tests:
        return head + (missing or "no two-thread runs")
    gains = sorted(c["one_thread_ms"] / c["two_threads_ms"] for _, c in tests)
    span = f"{gains[0]:.2f}x" if f"{gains[0]:.2f}" == f"{gains[-1]:.2f}" else f"{gains[0]:.2f}–{gains[-1]:.2f}x"
    unsplit = [f"{name} {c['one_thread_ms'] / c['two_threads_ms']:.2f}x" for name, c in tests if not c.get("splits_copies")]
    if pixels < SPLIT_MIN_PIXELS:
        verdict = f"no (the frame, {pixels} px, is under 2^19 px)"
    elif not unsplit:
        verdict = "yes"
    elif len(unsplit) == len(tests):
        verdict = "no"
    else:
        verdict = (f"in {len(tests) - len(unsplit)} of {len(tests)} runs (not in the runs of "
                   + ", ".join(unsplit) + ")")
    return (head + f"{span} over the {len(tests)} two-thread run{'s' if len(tests) != 1 else ''} "
            f"(its frame-sized copy, one thread ÷ two; split from 1.2x); copy-bound frames split: {verdict}"
            + (f"; {missing}" if missing else ""))


if __name__ == "__main__":
    try:
        main(sys.argv)
    except (KeyError, TypeError, ValueError) as error:
        fail(f"unexpected measurement layout ({type(error).__name__}: {error})")
    except OSError as error:
        fail(str(error))
