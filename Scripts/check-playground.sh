#!/usr/bin/env bash
# The playground in a real X window: starts a virtual display (Xvfb), opens the playground on
# radial, drags the real pointer from the left edge with xdotool and checks, from the JSON lines
# the playground prints when a transition ends, that
#   1. a long drag pops (outcome finished, stack depth 2 -> 1),
#   2. a short slow drag cancels (outcome cancelled, depth stays 2),
#   3. a screenshot of the window taken mid-drag (xwd) equals, pixel for pixel in its scene
#      region, the headless render of the same state (the playground's `d` dump: the inputs
#      since the reset replayed in a session of its own and rendered without a display).
#
#   bash Scripts/check-playground.sh                   # the checks (debug build)
#   SCREENSHOT=Documentation/playground.png bash Scripts/check-playground.sh   # also save the mid-drag window
#   bash Scripts/check-playground.sh --measure         # frames per second, missed, upload per effect (release)
#
# Needs: libsdl2-dev (the playground loads libSDL2-2.0.so.0), xvfb, xdotool, x11-apps (xwd),
# python3. Installs the Debian packages when missing and it runs as root. Exit status 0 when
# every check passed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
need=()
[ -e /usr/lib/x86_64-linux-gnu/libSDL2-2.0.so.0 ] || grep -q libSDL2-2.0.so.0 <<<"$(ldconfig -p 2>/dev/null)" || need+=(libsdl2-dev)
command -v Xvfb >/dev/null || need+=(xvfb)
command -v xdotool >/dev/null || need+=(xdotool)
command -v xwd >/dev/null || need+=(x11-apps)
if [ ${#need[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || { echo "check-playground: missing ${need[*]}; apt-get install ${need[*]}" >&2; exit 1; }
  apt-get update -qq && apt-get install -y -qq "${need[@]}"
fi

measure=0
[ "${1:-}" = "--measure" ] && measure=1
config=debug
[ $measure = 1 ] && config=release
swift build -c $config --product playground
bin="$(swift build -c $config --show-bin-path)/playground"

work="$(mktemp -d)"
xvfb_pid=""
app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# A free display number.
n=99
while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
Xvfb ":$n" -screen 0 1280x1024x24 -nolisten tcp >"$work/xvfb.log" 2>&1 &
xvfb_pid=$!
export DISPLAY=":$n"
for _ in $(seq 50); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

if [ $measure = 1 ]; then
  for effect in radial fade pushback3d dragdismiss zoom; do
    line="$("$bin" "$effect" --loop --frames 600 2>/dev/null | tail -1)"
    echo "$effect: ${line#playground: }"
  done
  exit 0
fi

"$bin" radial --record-dir "$work" >"$work/out.log" 2>"$work/err.log" &
app_pid=$!
wid=""
for _ in $(seq 100); do
  wid="$(xdotool search --name 'TransitionKit playground' 2>/dev/null | head -1 || true)"
  [ -n "$wid" ] && break
  sleep 0.1
done
[ -n "$wid" ] || { echo "check-playground: no playground window" >&2; cat "$work/err.log" >&2; exit 1; }
sleep 0.5
y=420

# drag FROM TO STEP: the pointer down at FROM, moved by STEP points every 16 ms to TO.
drag_to() {
  local from=$1 to=$2 step=$3 x
  xdotool mousemove --window "$wid" "$from" $y mousedown 1
  sleep 0.05
  for ((x = from + step; x <= to; x += step)); do
    xdotool mousemove --window "$wid" "$x" $y
    sleep 0.016
  done
}
release() { xdotool mouseup 1; }
# wait_for PATTERN: until the playground printed a line containing PATTERN (5 s at most).
wait_for() {
  for _ in $(seq 50); do grep -q -- "$1" "$work/out.log" && return 0; sleep 0.1; done
  echo "check-playground: FAILED waiting for $1; the playground printed:" >&2
  cat "$work/out.log" >&2
  return 1
}
key() { xdotool key --window "$wid" "$1"; sleep 0.2; }

# 1. A long drag pops.
drag_to 2 330 12
release
wait_for '"operation":"pop","outcome":"finished","depth":1'
echo "check-playground: a drag over 85 % of the width popped (finished, depth 2 -> 1)"

# 2. A short, slow drag cancels.
key 0
drag_to 2 42 2
sleep 0.3
release
wait_for '"outcome":"cancelled","depth":2'
echo "check-playground: a short slow drag cancelled (depth stays 2)"

# 3. Mid-drag: the window equals the headless render of the same state.
key 0
drag_to 2 195 8
sleep 0.5
xwd -silent -id "$wid" -out "$work/mid.xwd"
key d
wait_for 'playground: dump '
size="$(grep -o '"width":[0-9]*,"height":[0-9]*' "$work/out.log" | tail -1)"
w="$(sed 's/.*"width":\([0-9]*\).*/\1/' <<<"$size")"
h="$(sed 's/.*"height":\([0-9]*\).*/\1/' <<<"$size")"
state="$(grep 'playground: dump ' "$work/out.log" | tail -1)"
python3 Scripts/playground_screens.py compare "$work/mid.xwd" 0 0 "$w" "$h" "$work/playground-dump.rgba" \
  || { echo "check-playground: FAILED: the mid-drag screenshot differs from the headless render ($state)" >&2; exit 1; }
echo "check-playground: mid-drag screenshot equals the headless render (${state#*.png })"
if [ -n "${SCREENSHOT:-}" ]; then
  python3 Scripts/playground_screens.py png "$work/mid.xwd" "$SCREENSHOT"
  echo "check-playground: wrote $SCREENSHOT"
fi
release
wait_for '"operation":"pop","outcome":"finished","depth":1'

key q
wait "$app_pid" || true
app_pid=""
tail -1 "$work/out.log"
echo "check-playground: all checks passed"
