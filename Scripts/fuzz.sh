#!/usr/bin/env bash
# Fuzzes TransitionKit's file readers with libFuzzer and the address sanitizer:
#   fuzz-png    PNGDecoder.decode on arbitrary bytes
#   fuzz-trace  GestureTrace(jsonData:) on arbitrary bytes
#
# Usage: Scripts/fuzz.sh [SECONDS] [TARGET...]
#   SECONDS  run time per target (default 600); 0 builds and runs the seed corpus only
#   TARGET   fuzz-png and/or fuzz-trace (default both, one after the other)
#
# The targets live in the separate package Fuzz/ (the main package's build is unchanged).
# Seed corpus: Tests/Fixtures/png (PNG) or Tests/Fixtures/traces (JSON), plus
# Tests/Fixtures/fuzz-regressions; dictionaries of chunk names and JSON keys in Fuzz/*.dict.
# The growing corpus is kept in Fuzz/.work/<target>/corpus;
# an input that crashes, leaks or hangs is written to Fuzz/.work/<target>/ as crash-*, leak-*
# or timeout-*: copy it to Tests/Fixtures/fuzz-regressions/ and add a test that expects a
# typed error. One process, one worker: the machine is shared.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz-png fuzz-trace)

(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 | tail -3)
bin=$(cd Fuzz && swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)

status=0
for target in "${targets[@]}"; do
  case "$target" in
    fuzz-png) seeds=("$root/Tests/Fixtures/png") pattern='*.png' dict="$root/Fuzz/png.dict" ;;
    fuzz-trace) seeds=("$root/Tests/Fixtures/traces") pattern='*.json' dict="$root/Fuzz/trace.dict" ;;
    *) echo "fuzz.sh: unknown target '$target'; accepted: fuzz-png, fuzz-trace" >&2; exit 2 ;;
  esac
  work="$root/Fuzz/.work/$target"
  mkdir -p "$work/corpus"
  # Seeds: fixtures of the format and earlier findings (the corpus keeps what it learns).
  find "${seeds[@]}" -name "$pattern" -exec cp {} "$work/corpus/" \;
  if [ -d "$root/Tests/Fixtures/fuzz-regressions" ]; then
    find "$root/Tests/Fixtures/fuzz-regressions" -name "$target-*" -exec cp {} "$work/corpus/" \;
  fi
  echo "== $target: ${seconds} s, corpus $(ls "$work/corpus" | wc -l) files"
  if [ "$seconds" = 0 ]; then
    flags=(-runs=0)
  else
    flags=(-max_total_time="$seconds" -workers=1 -jobs=1)
  fi
  set +e
  (cd "$work" && "$bin/$target" "${flags[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -dict="$dict" -artifact_prefix="$work/" -print_final_stats=1 "$work/corpus")
  rc=$?
  set -e
  [ -f "$work/fuzz-0.log" ] && tail -25 "$work/fuzz-0.log"
  if [ $rc -ne 0 ]; then
    echo "== $target: FAILED (exit $rc); inputs: $(ls "$work" | grep -E '^(crash|leak|timeout|oom)-' || true)"
    status=1
  else
    echo "== $target: no finding"
  fi
done
exit $status
