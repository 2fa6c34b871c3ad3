#!/usr/bin/env bash
# Builds and tests Examples/IrisEffect, the outside effect package (it depends on this checkout
# by path and uses public API only), then runs its bench executable on a small scene and
# checks that `iris` and `radial` are measured in one table with the iris ÷ radial rows.
# Debug build: the timings are not the point here, the table is.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
example="$root/Examples/IrisEffect"
swift build --package-path "$example" --build-tests -Xswiftc -warnings-as-errors
TRANSITIONKIT_RECORD=never swift test --package-path "$example"
out="$(swift run --package-path "$example" iris-bench run --effects iris,radial --compare iris:radial \
    --size 120x200 --scale 1 --frames 8 2>/dev/null)"
echo "$out"
for row in '^iris +push' '^iris +pop' '^radial +push' '^radial +pop' '^iris ÷ radial +push' '^iris ÷ radial +pop'; do
    grep -Eq "$row" <<<"$out" || { echo "check-example: no row matching '$row' in iris-bench's table" >&2; exit 1; }
done
echo "check-example: Examples/IrisEffect builds, passes its tests, and its bench measures iris next to radial"
