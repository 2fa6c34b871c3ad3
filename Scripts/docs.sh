#!/usr/bin/env bash
# Builds the DocC documentation of every module that has a catalog (Sources/**/<Module>.docc)
# and fails on any DocC warning (unresolved link, undocumented or misnamed parameter, ...).
#
#   bash Scripts/docs.sh                      # every catalog
#   bash Scripts/docs.sh RadialEffect ...     # only these modules
#
# Steps: `swift package dump-symbol-graph` writes the public symbol graphs of all targets to
# .build/<triple>/symbolgraph/ (<Module>.symbols.json, plus <Module>@<Other>.symbols.json for
# extensions of another module's types); each catalog is converted by the toolchain's `docc`
# with a directory holding only its own module's graphs. Output: .build/docs/<Module>.doccarchive.
# Environment: DOCC (the docc binary; default: the one next to `swift`), SKIP_SYMBOL_GRAPHS=1
# (reuse the graphs of the last run). Exit status: 0 clean, 1 any warning or error.
set -euo pipefail
cd "$(dirname "$0")/.."

docc_bin=${DOCC:-$(command -v docc || true)}
if [ -z "$docc_bin" ]; then
  docc_bin="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
[ -x "$docc_bin" ] || { echo "docs.sh: no docc found (set DOCC=/path/to/docc)" >&2; exit 1; }

# Catalogs, each named after its module: Sources/TransitionKitCore/TransitionKitCore.docc,
# Sources/Effects/Radial/RadialEffect.docc, ...
mapfile -t catalogs < <(find Sources -type d -name '*.docc' | sort)
if [ $# -gt 0 ]; then
  wanted=" $* "
  selected=()
  for c in "${catalogs[@]}"; do
    m=$(basename "$c" .docc)
    [[ "$wanted" == *" $m "* ]] && selected+=("$c")
  done
  [ ${#selected[@]} -eq $# ] || { echo "docs.sh: no catalog for some of: $*" >&2; exit 1; }
  catalogs=("${selected[@]}")
fi

graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
if [ "${SKIP_SYMBOL_GRAPHS:-0}" != 1 ]; then
  rm -rf "$graphs"
  echo "== symbol graphs"
  # SwiftPM also tries the test runner's synthesised modules (<Package>PackageTests,
  # <Package>PackageDiscoveredTests), which exist only after a test build, and then exits 1;
  # those two are not documented, so only an error about another module fails here.
  log=$(mktemp)
  if ! swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols >/dev/null 2>"$log"; then
    if grep '^error:' "$log" | grep -vqE "symbol graph for '[A-Za-z0-9_]+Package(Discovered)?Tests'"; then
      cat "$log" >&2
      rm -f "$log"
      exit 1
    fi
  fi
  rm -f "$log"
fi
[ -d "$graphs" ] || { echo "docs.sh: no symbol graphs in $graphs" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p .build/docs
failed=()
for catalog in "${catalogs[@]}"; do
  module=$(basename "$catalog" .docc)
  echo "== $module ($catalog)"
  [ -f "$graphs/$module.symbols.json" ] || { echo "docs.sh: no symbol graph for $module" >&2; failed+=("$module"); continue; }
  dir="$work/$module"
  mkdir -p "$dir"
  cp "$graphs/$module.symbols.json" "$dir/"
  for extension in "$graphs/$module@"*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$dir/"
  done
  log="$work/$module.log"
  status=0
  "$docc_bin" convert "$catalog" \
    --additional-symbol-graph-dir "$dir" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.transitionkit.$module" \
    --output-path ".build/docs/$module.doccarchive" \
    --warnings-as-errors >"$log" 2>&1 || status=$?
  # --warnings-as-errors makes docc exit non-zero; the grep also catches a docc that does not.
  if [ $status -ne 0 ] || grep -qE '^(warning|error):' "$log"; then
    cat "$log"
    failed+=("$module")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "docs.sh: DocC reported problems in: ${failed[*]}" >&2
  exit 1
fi
echo "docs.sh: ${#catalogs[@]} catalogs built without warnings in .build/docs/"
