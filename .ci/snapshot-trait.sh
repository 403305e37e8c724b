#!/usr/bin/env bash
# swift-snapshot-testing (and the swift-syntax it brings) is an opt-in dependency behind
# the package trait SnapshotTesting (docs/exporting.md): resolving this package, or a
# consumer that depends on it without the trait, must not fetch it. Resolution only, so
# this takes seconds; the trait's own build is `swift test --traits SnapshotTesting`.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

git clone -q "$PWD" "$work/layerlint"
(cd "$work/layerlint" && swift package resolve > "$work/resolve.log" 2>&1) || { cat "$work/resolve.log"; exit 1; }
pins=$(cd "$work/layerlint" && grep -o '"identity" : "[^"]*"' Package.resolved | sort | tr '\n' ' ')
# swift-argument-parser, and the MCP SDK with what it resolves (its swift-nio is only
# resolved: the MCP library LayerMCP links needs swift-log and swift-system alone).
expected='"identity" : "eventsource" "identity" : "swift-argument-parser" "identity" : "swift-atomics" "identity" : "swift-collections" "identity" : "swift-log" "identity" : "swift-nio" "identity" : "swift-sdk" "identity" : "swift-system" '
[ "$pins" = "$expected" ] || { echo "resolved without the trait: $pins"; exit 1; }

mkdir -p "$work/consumer/Sources/Consumer"
cat > "$work/consumer/Package.swift" <<'SWIFT'
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Consumer",
    dependencies: [.package(path: "../layerlint")],
    targets: [.target(name: "Consumer", dependencies: [.product(name: "LayerTreeExport", package: "layerlint")])]
)
SWIFT
echo "import LayerTreeExport" > "$work/consumer/Sources/Consumer/Consumer.swift"
(cd "$work/consumer" && swift package resolve > "$work/consumer.log" 2>&1) || { cat "$work/consumer.log"; exit 1; }
if ls "$work/consumer/.build/checkouts" 2>/dev/null | grep -q snapshot; then
    echo "a consumer without the trait fetched swift-snapshot-testing"; exit 1
fi
echo "snapshot trait: not resolved without it (pins: $pins)"
