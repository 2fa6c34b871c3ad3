#!/usr/bin/env bash
# render-digests.sh - the byte-identity check: renders every registered effect and composition,
# every operation, at 11 progress values, on 1 and 2 threads, with the release effect-bench, and
# prints one line per frame: `<effect> <operation> <progress> threads=<n> <sha256 of the PNG>`.
#
#   Scripts/render-digests.sh > before.txt        # on the commit before a change
#   Scripts/render-digests.sh > after.txt         # after it
#   diff before.txt after.txt                     # empty: every frame byte-identical
#
# An optimisation must leave the output identical; a change that moves pixels on purpose lists
# the frames it moves in its commit message. Knobs (environment): SIZE (points, default 390x844),
# SCALE (default 1), BENCH (an effect-bench binary; default: build the release one).
# Exit status: 0 ok, 1 a build or a render failed (its error on standard error).
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${SIZE:-390x844}
SCALE=${SCALE:-1}
if [ -z "${BENCH:-}" ]; then
    swift build -c release --product effect-bench >&2
    BENCH="$(swift build -c release --show-bin-path)/effect-bench"
fi
[ -x "$BENCH" ] || { echo "render-digests: no effect-bench at $BENCH" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# `list` prints "<name>: <summary>" then "  operations: a, b, ..." for every effect
"$BENCH" list | awk '/^[^ ].*: / { name = substr($0, 1, index($0, ": ") - 1) }
                     /^  operations: / { sub(/^  operations: /, ""); gsub(/, /, " "); print name, $0 }' >"$work/effects"
[ -s "$work/effects" ] || { echo "render-digests: effect-bench list named no effect" >&2; exit 1; }
while read -r effect operations; do
    for operation in $operations; do
        for progress in 0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1; do
            for threads in 1 2; do
                out="$work/frame.png"
                "$BENCH" render "$effect" --operation "$operation" --progress "$progress" --size "$SIZE" \
                    --scale "$SCALE" --threads "$threads" --out "$out" >/dev/null ||
                    { echo "render-digests: render $effect $operation $progress failed" >&2; exit 1; }
                echo "$effect $operation $progress threads=$threads $(sha256sum "$out" | cut -d' ' -f1)"
            done
        done
    done
done <"$work/effects"
