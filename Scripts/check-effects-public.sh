#!/usr/bin/env bash
# Proves that no effect module uses a non-public Core symbol: builds every Sources/Effects/*
# module as a target of a throwaway package in a temporary directory that depends on this
# checkout by path. From another package only `public` API is visible (`package` and
# `internal` are not), so any use of them fails this build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A path dependency's package identity is its folder's last path component.
identity="$(basename "$root")"
mkdir -p "$work/outside/Sources"
targets=""
for dir in "$root"/Sources/Effects/*/; do
    name="$(basename "$dir")Outside"
    cp -R "$dir" "$work/outside/Sources/$name"
    targets+="        .target(name: \"$name\", dependencies: [.product(name: \"TransitionKitCore\", package: \"$identity\")]),"$'\n'
done
cat > "$work/outside/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "EffectsOutside",
    dependencies: [.package(path: "$root")],
    targets: [
$targets    ],
    swiftLanguageModes: [.v6]
)
SWIFT
swift build --package-path "$work/outside" -Xswiftc -warnings-as-errors
echo "check-effects-public: every effect module builds against TransitionKitCore's public API only"
