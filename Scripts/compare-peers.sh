#!/usr/bin/env bash
# compare-peers.sh - check effect-bench's performance claims on your own machine.
#
# Draws the frames effect-bench measures with pixman and cairo (the C harness in Scripts/peers/),
# measures the memory floor (a frame memcpy; read two frames, write one; a radial frame's pixels
# copied from two screens; a frame memcpy split over two threads), runs the release effect-bench
# right after on the same core, and prints one table of ratios per frame size: effect (its slowest
# operation), render p50, render p50 / peer p50, render p50 / floor p50 (every floor of the
# effect), p99 of model + render, model p50, heap allocations per frame; then effect-bench's damage
# rows (`run --damage`: each frame redraws only what changed) as render p50 / memcpy floor p50;
# and, from runs of each effect with `--threads 1` and `--threads 2` back to back (one core, two
# cores), one-thread p50 / two-thread p50 per operation, with the memory floor's own two-thread
# gain (floor_memcpy p50 / floor_memcpy_threads2 p50) under the table, and effect-bench's own copy
# test from its two-thread runs' JSON (`copy_scaling`: the one-time CopyScaling measurement that
# decides whether copy-bound frames split into two bands; effect-bench's text output is not kept).
# After the sizes, effect-bench's layer-count rows at the first size (`run --many-layer`: the 40-cell list
# screen flattened, then as its 200 live layers; ratio_table.py --many-layer, JSON key "many_layer").
#
# Every peer case runs pinned to one core (CPU), except the cases whose name ends in _threads2,
# which draw with two threads and run pinned to cores 0 and 1 (when pinning and the machine has
# at least two cores), as effect-bench's --threads 2 runs do.
#
# Ratios are what to compare: absolute times on a shared or virtual machine drift between runs,
# so the peers and effect-bench run back to back in one invocation.
#
# Usage: Scripts/compare-peers.sh            (from anywhere; minutes per size after the builds)
# Knobs (environment):
#   SIZES   frame sizes, space-separated, each WIDTHxHEIGHT in pixels or WIDTHxHEIGHT@S in points at
#           scale S (1...8, pixels = points x S). Default "1179x2556 390x844@1 1024x1366@2":
#           effect-bench's default scene (393x852 points at scale 3), an iPhone 14 at 1x and an
#           iPad Pro 12.9" at 2x (2048x2732 px), the two ends of the cost-per-pixel target. A pixel
#           size whose sides divide by 3 runs effect-bench at scale 3, any other at scale 1; the
#           peers take the same pixels and scale. With two or more sizes, a last table gives each
#           effect's render p50 per megapixel and x floor at every size and their spread
#           (ratio_table.py --sizes; also written into JSON as "per_megapixel"). SIZES=1179x2556
#           runs the one size (about a third of the default's time).
#   FRAMES  frames per sweep, progress 0...1, for effect-bench and for each peer case (default 120)
#   WARMUP  peer warm-up frames, not counted (default 10)
#   CPU     the core to pin every one-thread measurement to with taskset (default 1); the two-thread
#           ones (_threads2 peer cases, effect-bench --threads 2) go to cores 0 and 1; CPU= runs
#           everything unpinned
#   KEEP    a directory to keep the raw peer lines and effect-bench JSON in (default: discarded)
#   JSON    where to write the first size's main table as JSON (schema transitionkit-performance/1;
#           default .build/peers/performance.json). To publish a run as README.md's performance
#           table: copy it to Documentation/performance.json, then `python3 Scripts/performance-table.py --update`.
# Needs: a C compiler, pkg-config, pixman and cairo headers (installed with apt-get when missing),
# python3, Swift 6.3. Exit status: 0 ok, 1 failure (one line on standard error), 2 bad knob.
# Not run by CI: it takes minutes and its figures depend on the machine.
set -euo pipefail

fail() { echo "compare-peers: $*" >&2; exit 1; }
usage() { echo "compare-peers: $*" >&2; exit 2; }
note() { echo "compare-peers: $*" >&2; }

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

SIZES=${SIZES:-1179x2556 390x844@1 1024x1366@2}
FRAMES=${FRAMES:-120}
WARMUP=${WARMUP:-10}
CPU=${CPU-1}
KEEP=${KEEP:-}
JSON=${JSON:-.build/peers/performance.json}

if ! [[ "$FRAMES" =~ ^[0-9]{1,5}$ ]] || ((10#$FRAMES < 2 || 10#$FRAMES > 10000)); then
    usage "FRAMES='$FRAMES' is not a whole number in 2...10000"
fi
if ! [[ "$WARMUP" =~ ^[0-9]{1,5}$ ]]; then usage "WARMUP='$WARMUP' is not a whole number in 0...99999"; fi
FRAMES=$((10#$FRAMES)) WARMUP=$((10#$WARMUP))
for size in $SIZES; do
    [[ "$size" =~ ^[1-9][0-9]*x[1-9][0-9]*(@[1-8])?$ ]] ||
        usage "SIZES entry '$size' is not WIDTHxHEIGHT in pixels (e.g. 1179x2556) or WIDTHxHEIGHT@S in points at scale 1...8 (e.g. 1024x1366@2)"
done
[ -n "$SIZES" ] || usage "SIZES is empty"

pin=()
if [ -n "$CPU" ]; then
    [[ "$CPU" =~ ^[0-9]+$ ]] || usage "CPU='$CPU' is not a core number (CPU= runs unpinned)"
    if ! command -v taskset >/dev/null; then
        note "taskset not found: running unpinned"
    elif ((CPU >= $(nproc))); then
        usage "CPU=$CPU but this machine has $(nproc) cores (0...$(($(nproc) - 1))); CPU= runs unpinned"
    else
        pin=(taskset -c "$CPU")
    fi
fi
# two cores for what runs two threads (the _threads2 peer cases, effect-bench --threads 2) when
# pinning and the machine has them; unpinned otherwise
pin2=()
if [ ${#pin[@]} -gt 0 ] && (($(nproc) >= 2)); then pin2=(taskset -c "0,1"); fi

command -v python3 >/dev/null || fail "python3 is needed to print the table"
command -v swift >/dev/null || fail "swift is needed to build effect-bench (Swift 6.3)"
cc=${CC:-cc}
command -v "$cc" >/dev/null || fail "no C compiler '$cc' (set CC, or apt-get install gcc)"

# pixman and cairo development files
if ! command -v pkg-config >/dev/null || ! pkg-config --exists pixman-1 cairo; then
    command -v apt-get >/dev/null || fail "pixman and cairo headers are missing and there is no apt-get: install pixman-1 and cairo development packages"
    sudo=()
    if [ "$(id -u)" != 0 ]; then
        command -v sudo >/dev/null || fail "pixman and cairo headers are missing: run 'apt-get install libpixman-1-dev libcairo2-dev pkg-config' as root"
        sudo=(sudo)
    fi
    note "installing libpixman-1-dev libcairo2-dev pkg-config with apt-get"
    { "${sudo[@]}" apt-get update -qq && "${sudo[@]}" apt-get install -y -qq libpixman-1-dev libcairo2-dev pkg-config; } >&2 ||
        fail "apt-get could not install libpixman-1-dev libcairo2-dev pkg-config"
    pkg-config --exists pixman-1 cairo || fail "pixman-1 or cairo still unknown to pkg-config after apt-get"
fi

# the C harness
mkdir -p .build/peers
harness=.build/peers/peers
read -r -a peer_flags <<<"$(pkg-config --cflags --libs pixman-1 cairo)"
note "building the peer harness into $harness"
"$cc" -O2 -std=c11 -D_GNU_SOURCE -pthread -Wall -Wextra -o "$harness" Scripts/peers/*.c "${peer_flags[@]}" -lm ||
    fail "the C harness did not build (command above)"

# effect-bench, release
note "building effect-bench (release; nice -n 10)"
nice -n 10 swift build -c release --product effect-bench >&2 || fail "swift build -c release --product effect-bench failed"
bench="$(swift build -c release --show-bin-path)/effect-bench"
[ -x "$bench" ] || fail "effect-bench not found at $bench after the build"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# the machine, for the table's heading
cpu_model=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ *//') || cpu_model=unknown
{
    echo "machine: ${cpu_model:-unknown}, $(nproc) cores, $(uname -sr)"
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "commit: $(git rev-parse --short=7 HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- Sources Package.swift 2>/dev/null || echo ' (with uncommitted changes)')"
    echo "toolchain: $(swift --version 2>&1 | grep -m1 'Swift version'); $("$cc" --version | head -1)"
    echo "peers: pixman $(pkg-config --modversion pixman-1), cairo $(pkg-config --modversion cairo), cc -O2"
    if [ ${#pin[@]} -eq 0 ]; then echo "pinned: no"
    elif [ ${#pin2[@]} -gt 0 ]; then echo "pinned: ${pin[*]}; two threads: ${pin2[*]}"
    else echo "pinned: ${pin[*]}; two threads: unpinned (one core)"; fi
    echo "frames: $FRAMES per sweep"
    # another process on the cores moves every figure; the 1-minute load average says whether one ran
    echo "load average (1, 5, 15 min) before the runs: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
} >"$work/heading.txt"

bench_jsons=()
# A SIZES entry into width, height (pixels), scale and points (WIDTHxHEIGHT in points).
parse_size() {
    if [[ "$1" == *@* ]]; then
        # points at a given scale: the frame is points x scale pixels
        scale=${1#*@} points=${1%@*}
        width=$((${points%x*} * scale)) height=$((${points#*x} * scale))
    else
        width=${1%x*} height=${1#*x}
        if ((width % 3 == 0 && height % 3 == 0)); then scale=3; else scale=1; fi
        points="$((width / scale))x$((height / scale))"
    fi
}

for entry in $SIZES; do
    parse_size "$entry"
    size="${width}x${height}"
    lines="$work/peers-$size.txt"
    : >"$lines"
    for case_name in $("$harness" --list | cut -d' ' -f1); do
        case_pin=("${pin[@]}")
        if [[ "$case_name" == *_threads2 ]]; then case_pin=("${pin2[@]}"); fi
        note "$size: $case_name${case_pin[*]:+ (${case_pin[*]})}"
        # one process per case: no allocator or cache state carried from one case to the next
        "${case_pin[@]}" "$harness" --case "$case_name" --size "$size" --scale "$scale" \
            --frames "$FRAMES" --warmup "$WARMUP" >>"$lines" || fail "peer case $case_name failed at $size"
    done
    note "$size: effect-bench run --size $points --scale $scale --frames $FRAMES --damage"
    "${pin[@]}" "$bench" run --size "$points" --scale "$scale" --frames "$FRAMES" --damage \
        --json "$work/bench-$size.json" >"$work/bench-$size.txt" || fail "effect-bench run failed at $size (its error is above)"
    # one thread against two threads (the compositor picks 1 or 2 bands per frame), effect by
    # effect with the two runs back to back so that the machine's drift over minutes does not
    # enter the ratio; pinned to one core and to two cores (pin2) when pinning
    python3 -c 'import json, sys; print("\n".join(dict.fromkeys(r["effect"] for r in json.load(open(sys.argv[1]))["results"])))' \
        "$work/bench-$size.json" >"$work/effects-$size.txt" || fail "could not read the effects of $work/bench-$size.json"
    pairs=()
    while read -r effect; do
        note "$size: effect-bench run --effects '$effect' --threads 1, then --threads 2"
        i=${#pairs[@]}
        "${pin[@]}" "$bench" run --effects "$effect" --size "$points" --scale "$scale" --frames "$FRAMES" --threads 1 \
            --json "$work/t1-$size-$i.json" >/dev/null || fail "effect-bench run --effects '$effect' --threads 1 failed at $size"
        "${pin2[@]}" "$bench" run --effects "$effect" --size "$points" --scale "$scale" --frames "$FRAMES" --threads 2 \
            --json "$work/t2-$size-$i.json" >/dev/null || fail "effect-bench run --effects '$effect' --threads 2 failed at $size"
        pairs+=("$work/t1-$size-$i.json" "$work/t2-$size-$i.json")
    done <"$work/effects-$size.txt"
    cp "$work/heading.txt" "$work/heading-$size.txt"
    echo "load average (1, 5, 15 min) after the runs: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)" >>"$work/heading-$size.txt"
    json_args=()
    if [ ${#bench_jsons[@]} -eq 0 ]; then mkdir -p "$(dirname "$JSON")" && json_args=(--json "$JSON"); fi
    bench_jsons+=("$work/bench-$size.json")
    python3 Scripts/peers/ratio_table.py "${json_args[@]}" "$work/heading-$size.txt" "$lines" "$work/bench-$size.json" "${pairs[@]}" ||
        fail "could not read the measurements of $size"
done

# the layer count: the 40-cell list screen as one bitmap and as its 200 live layers, at the first size
parse_size "${SIZES%% *}"
note "${width}x${height}: effect-bench run --many-layer --size $points --scale $scale --frames $FRAMES"
"${pin[@]}" "$bench" run --many-layer --size "$points" --scale "$scale" --frames "$FRAMES" \
    --json "$work/many-layer.json" >"$work/many-layer.txt" || fail "effect-bench run --many-layer failed (its error is above)"
python3 Scripts/peers/ratio_table.py --many-layer --json "$JSON" "$work/many-layer.json" || fail "could not read the many-layer rows"

if [ ${#bench_jsons[@]} -gt 1 ]; then
    python3 Scripts/peers/ratio_table.py --sizes --json "$JSON" "${bench_jsons[@]}" || fail "could not compare the sizes' costs per pixel"
fi

note "the ${SIZES%% *} table as JSON (with the sizes' costs per pixel when there were several): $JSON"
if [ -n "$KEEP" ]; then
    { mkdir -p "$KEEP" && cp "$work"/* "$KEEP"/; } || fail "could not copy the raw measurements into $KEEP"
    note "raw peer lines and effect-bench JSON kept in $KEEP"
fi
