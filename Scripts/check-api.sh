#!/usr/bin/env bash
# Fails on an unannounced break of the public API since the last release.
#
#   bash Scripts/check-api.sh
#
# The last release is recorded in .api-baseline ("<commit> <version>", the first line that is not
# a comment). `swift package diagnose-api-breaking-changes <commit>` builds that commit (a clone
# of this repository inside .build) and this checkout, and lists every change of a public
# declaration of the release's library modules that can break a client ("API breakage: ...").
# No breakage: the check passes. Breakages: each must be announced in CHANGELOG.md's
# "## [Unreleased]" section, which then declares "Next version: N.0.0" with N above the
# release's major version (semantic versioning: a break needs a new major version); an
# announced break names the declaration as the tool prints it (e.g.
# `Bitmap.subscript(_:_:)`; a removed accessor counts as its property). Any unannounced break
# fails the check, and the message lists each with the line to add.
#
# Needs the baseline commit in the clone's history (CI's clone of main has it). The baseline's
# API is cached in .build/api-baseline/<commit> for later runs on the same machine.
# CHECK_API_LOG=<file>: judge the tool's saved output instead of running it (a fast re-check of
# CHANGELOG.md). Exit status: 0 no break or every break announced; 1 otherwise, or the tool failed.
set -euo pipefail
cd "$(dirname "$0")/.."

baseline_file=.api-baseline
read -r commit version < <(grep -v '^[[:space:]]*\(#\|$\)' "$baseline_file" | head -n 1)
if [ -z "${commit:-}" ] || [ -z "${version:-}" ]; then
    echo "check-api.sh: $baseline_file must hold '<commit> <version>'" >&2
    exit 1
fi
if ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "check-api.sh: the baseline commit $commit ($version) is not in this clone's history (clone without --depth)" >&2
    exit 1
fi
major=${version%%.*}

if [ -n "${CHECK_API_LOG:-}" ]; then
    # The tool's output of an earlier run (to check CHANGELOG.md without building again).
    log=$CHECK_API_LOG
    status=1
else
    log=$(mktemp)
    trap 'rm -f "$log"' EXIT
    set +e
    swift package diagnose-api-breaking-changes "$commit" --baseline-dir ".build/api-baseline/$commit" >"$log" 2>&1
    status=$?
    set -e
fi
breaks=$(grep -o 'API breakage: .*' "$log" || true)
if [ -z "$breaks" ]; then
    if [ $status -ne 0 ]; then
        cat "$log" >&2
        echo "check-api.sh: diagnose-api-breaking-changes failed (status $status) without listing a breakage" >&2
        exit 1
    fi
    echo "check-api.sh: no breaking change of the public API since $version ($commit)"
    exit 0
fi

# The [Unreleased] section: from its heading to the next version heading.
unreleased=$(awk '/^## \[Unreleased\]/ { on = 1; next } /^## \[/ { on = 0 } on' CHANGELOG.md 2>/dev/null || true)
next=$(printf '%s\n' "$unreleased" | sed -n 's/^Next version: \([0-9][0-9]*\)\.0\.0.*/\1/p' | head -n 1)
count=$(printf '%s\n' "$breaks" | wc -l)
missing=()
while IFS= read -r line; do
    # "API breakage: <kind> <name> <what happened>": the name is the third word.
    name=$(printf '%s\n' "$line" | awk '{ print $4 }')
    property=$(printf '%s\n' "$name" | sed -E 's/\.(Get|Set|Modify|_modify|_read)\(\)$//')
    # A here-string, not a pipe: under pipefail, grep -q exiting at its first match could kill the
    # writer with SIGPIPE and turn a found name into a missing one (it did, once, in CI).
    if ! grep -qF -- "$name" <<<"$unreleased" && ! grep -qF -- "\`$property\`" <<<"$unreleased"; then
        missing+=("$line")
    fi
done <<<"$breaks"

if [ ${#missing[@]} -eq 0 ] && [ -n "$next" ] && [ "$next" -gt "$major" ]; then
    echo "check-api.sh: $count breaking changes since $version ($commit), all announced in CHANGELOG.md for $next.0.0"
    exit 0
fi
echo "check-api.sh: the public API breaks since $version ($commit):" >&2
if [ -z "$next" ] || [ "$next" -le "$major" ]; then
    echo "  CHANGELOG.md's [Unreleased] section must declare 'Next version: $((major + 1)).0.0' (a break needs a new major version)" >&2
fi
if [ ${#missing[@]} -gt 0 ]; then
    echo "  ${#missing[@]} of $count breaks are not announced in CHANGELOG.md's [Unreleased] section; keep a deprecated forwarding" >&2
    echo "  declaration instead, or name each (as printed) in an entry:" >&2
    printf '    %s\n' "${missing[@]}" >&2
fi
exit 1
