#!/usr/bin/env bash
# reach-binary-plugin.sh BUNDLE WORK: the plugins package (BinaryPlugins/) as a consumer
# meets it, from .ci/reach.sh.
#   1. Laid out as publish-plugins.sh lays it out (links copied), with the local binary
#      target reading BUNDLE (make artifactbundle's zip) from its folder.
#   2. A fresh consumer (its own new scratch folder) runs `swift package layerlint`: the first
#      lint finishes within 90 s, and the build compiles nothing of LayerLint: no LayerLint
#      module in the verbose log, no module built in the scratch folder at all.
#   3. The plugin behaves as the from-source one: default discovery, a budget, a finding,
#      --help, a broken dump (exit codes 1 and 2 named by SwiftPM).
#   4. The build-tool plugin: `swift build` of a target with a dump in its folder prints the
#      finding as a warning and succeeds; with the budget exceeded (an error) it fails.
#   5. publish-plugins.sh writes a manifest SwiftPM reads, with the release's url and checksum.
set -euo pipefail
bundle=${1:?usage: reach-binary-plugin.sh BUNDLE WORK}
WORK=${2:?usage: reach-binary-plugin.sh BUNDLE WORK}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "reach-binary-plugin: FAILED: $*" >&2; exit 1; }
FIRST_LINT_LIMIT=${REACH_BINARY_PLUGIN_LIMIT:-90}

plugins="$WORK/layerlint-plugins"
mkdir -p "$plugins"
(cd "$ROOT/BinaryPlugins" && tar -chf - --exclude '*.artifactbundle.zip' .) | tar -xf - -C "$plugins"
cp "$bundle" "$plugins/layerlint.artifactbundle.zip"
[ -z "$(find "$plugins" -type l)" ] || fail "the copied plugins package still holds links"

consumer="$WORK/binary-consumer"
mkdir -p "$consumer/Tests/AppTests/__Snapshots__/CardTests" "$consumer/Dumps"
cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "BinaryConsumer",
    dependencies: [.package(path: "$plugins")],
    targets: []
)
SWIFT
cat > "$consumer/Tests/AppTests/__Snapshots__/CardTests/testCard.1.yml" <<'YAML'
layerlint: 1
screen: Card
root:
  frame: [0, 0, 390, 200]
  sublayers:
    - name: card
      frame: [16, 16, 358, 168]
      backgroundColor: "#FFFFFF"
      cornerRadius: 12
      shadowOpacity: 0.2
      shadowRadius: 8
YAML
# swift-snapshot-testing's own text next to the dump: not a dump, so not linted.
printf '▿ Card\n  - title: "Hello"\n' > "$consumer/Tests/AppTests/__Snapshots__/CardTests/testTitle.1.txt"
cat > "$consumer/Dumps/settings.layers.json" <<'JSON'
{"layerlint": 1, "screen": "Settings", "root": {"frame": [0, 0, 390, 844], "backgroundColor": "#FFFFFF"}}
JSON
printf 'budgets: { passesPerSnapshot: 0 }\n' > "$consumer/.layerlint.yml"

cd "$consumer"
scratch="$WORK/binary-consumer-scratch"
plugin() { swift package --scratch-path "$scratch" "$@"; }
tool_status() { grep -q "Plugin ended with exit code $1" "$2" || { tail -30 "$2"; fail "expected layerlint's exit status $1 in $2"; }; }

log="$WORK/binary-first.log"
started=$(date +%s)
set +e
timeout 600 swift package --verbose --scratch-path "$scratch" layerlint --fail-on never > "$log" 2>&1
status=$?
set -e
elapsed=$(( $(date +%s) - started ))
[ "$status" -eq 1 ] || { tail -40 "$log"; fail "the first lint exited $status, expected 1 (the budget)"; }
tool_status 1 "$log"
{ grep -q "budget" "$log" && grep -q "2 files" "$log"; } || { tail -40 "$log"; fail "the first lint did not lint the two dumps against the budget"; }
echo "first lint through the binary plugin, from a fresh consumer: ${elapsed}s (limit ${FIRST_LINT_LIMIT}s)"
[ "$elapsed" -le "$FIRST_LINT_LIMIT" ] || fail "the first lint took ${elapsed}s"
# The only thing compiled is the plugin itself: no LayerLint module, no libyaml.
modules=$(find "$ROOT/Sources" -mindepth 1 -maxdepth 1 -type d -exec basename {} \; | paste -sd'|' -)
if grep -E -- "-module-name ($modules)( |$)" "$log"; then fail "the consumer's build compiled LayerLint's sources"; fi
if grep -E "Compiling ($modules) " "$log"; then fail "the consumer's build compiled LayerLint's sources"; fi
built=$(find "$scratch" -name '*.build' -type d | grep -v '/plugins/' || true)
[ -z "$built" ] || { echo "$built"; fail "the consumer's scratch folder holds built modules"; }
grep -q "LayerLintBinaryCommand" "$log" || { tail -40 "$log"; fail "the verbose log does not show the plugin being compiled (is the log what it should be?)"; }

set +e
again=$(date +%s%N)
plugin layerlint --no-config Tests > "$WORK/binary-finding.log" 2>&1; s1=$?
echo "a second lint (plugin compiled, bundle unpacked): $(( ($(date +%s%N) - again) / 1000000 )) ms"
plugin layerlint --help > "$WORK/binary-help.log" 2>&1; s2=$?
printf 'layerlint: 1\nroot: [\n' > Dumps/broken.layers.yml
plugin layerlint Dumps/broken.layers.yml > "$WORK/binary-broken.log" 2>&1; s3=$?
rm Dumps/broken.layers.yml
plugin layerlint Dumps/settings.layers.json > "$WORK/binary-clean.log" 2>&1; s4=$?
set -e
{ [ "$s1" -eq 1 ] && grep -q "testCard.1.yml:.*shadow-without-path" "$WORK/binary-finding.log"; } || { cat "$WORK/binary-finding.log"; fail "no finding through the binary plugin"; }
tool_status 1 "$WORK/binary-finding.log"
{ [ "$s2" -eq 0 ] && grep -q "Reporters (" "$WORK/binary-help.log"; } || { cat "$WORK/binary-help.log"; fail "--help is not lint's help"; }
{ [ "$s3" -eq 1 ] && grep -q "broken.layers.yml:[0-9]*:[0-9]*" "$WORK/binary-broken.log"; } || { cat "$WORK/binary-broken.log"; fail "no line:column for the broken dump"; }
tool_status 2 "$WORK/binary-broken.log"
[ "$s4" -eq 0 ] || { cat "$WORK/binary-clean.log"; fail "the clean dump did not pass"; }

# The build-tool plugin: a target with a dump in its folder warns about it on build and
# builds; with the budget of .layerlint.yml exceeded (an error), the build fails. (After
# the checks above: this builds the consumer's target.)
mkdir -p "$consumer/Sources/App"
printf 'public let app = 1\n' > "$consumer/Sources/App/App.swift"
cp "$consumer/Tests/AppTests/__Snapshots__/CardTests/testCard.1.yml" "$consumer/Sources/App/card.layers.yml"
cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "BinaryConsumer",
    dependencies: [.package(path: "$plugins")],
    targets: [
        .target(name: "App", exclude: ["card.layers.yml"],
                plugins: [.plugin(name: "LayerLintBuildTool", package: "layerlint-plugins")]),
    ]
)
SWIFT
mv .layerlint.yml budget.layerlint.yml
set +e
timeout 600 swift build --scratch-path "$scratch" > "$WORK/binary-build.log" 2>&1; s5=$?
mv budget.layerlint.yml .layerlint.yml
timeout 600 swift build --scratch-path "$scratch" > "$WORK/binary-build-budget.log" 2>&1; s6=$?
set -e
[ "$s5" -eq 0 ] || { tail -40 "$WORK/binary-build.log"; fail "a build with the build-tool plugin and a warning failed"; }
grep -q "Sources/App/card.layers.yml:[0-9]*:[0-9]*: warning: .*shadow-without-path" "$WORK/binary-build.log" \
    || { tail -40 "$WORK/binary-build.log"; fail "the build-tool plugin printed no warning for the dump"; }
[ "$s6" -ne 0 ] || { tail -40 "$WORK/binary-build-budget.log"; fail "a build over the budget succeeded"; }
grep -q "card.layers.yml:[0-9]*:[0-9]*: error: .*passes-budget" "$WORK/binary-build-budget.log" \
    || { tail -40 "$WORK/binary-build-budget.log"; fail "the failed build does not say the budget is exceeded"; }
if grep -E -- "Compiling ($modules) " "$WORK/binary-build.log" "$WORK/binary-build-budget.log"; then fail "the build compiled LayerLint's sources"; fi
echo "build-tool plugin: swift build warns about the target's dump and succeeds; over the budget it fails with the error"

# What the release workflow publishes: the manifest with the release's url and checksum.
published="$WORK/published-plugins"
checksum=$(cut -d' ' -f1 "$bundle.sha256")
version=$(unzip -p "$bundle" layerlint.artifactbundle/info.json | python3 -c 'import json, sys; print(json.load(sys.stdin)["artifacts"]["layerlint"]["version"])')
url="https://github.com/layerlint/layerlint/releases/download/$version/layerlint.artifactbundle.zip"
"$ROOT/scripts/publish-plugins.sh" "$published" "$url" "$checksum" > /dev/null
(cd "$published" && timeout 300 swift package dump-package) > "$WORK/published.json" 2> "$WORK/published.err" || { cat "$WORK/published.err"; fail "SwiftPM cannot read the published manifest"; }
python3 - "$WORK/published.json" "$url" "$checksum" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
binary = [t for t in d["targets"] if t["type"] == "binary"]
assert len(binary) == 1 and binary[0]["url"] == sys.argv[2] and binary[0]["checksum"] == sys.argv[3], binary
assert binary[0].get("path") is None, binary
print("published manifest ok: .binaryTarget(url:checksum:) of the release's bundle")
PY
[ -z "$(find "$published" -type l)" ] || fail "the published package holds links"
