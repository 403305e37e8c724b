#!/usr/bin/env bash
# Reach (issue 17): every documented way of getting LayerLint into a project, exercised
# from a scratch consumer package that depends on this checkout by path:
#   1. the docs name one repository URL and no placeholder;
#   2. `swift run layerlint` from the consumer;
#   3. `swift package layerlint` (the command plugin): default discovery, configured
#      include, named paths, reports, and the exit status passed through (a budget fails);
#   4. `make install PREFIX=…` / `make uninstall`, and what Mint needs (one executable
#      product whose binary works alone);
#   4c. `make artifactbundle` from the same release build, checked (.ci/check-artifactbundle.sh:
#      SE-0305 layout, ldd, a run in a chroot without the toolchain or libyaml);
#   4d. `make install-mcp`: the MCP server's release build, driven by .ci/mcp-client.py;
#   5. action.yml: metadata schema, no expression inside a script, bash -n and shellcheck
#      on every step's script, the release download (a local HTTP server serves the
#      bundle), and the lint and comment scripts run against stand-ins;
#   6. the plugins package (BinaryPlugins/) from a fresh consumer: the first lint within
#      90 s, nothing of LayerLint compiled (.ci/reach-binary-plugin.sh);
#   7. the pre-commit hook through `pre-commit try-repo` (.ci/pre-commit.sh).
# Builds: the consumer builds LayerLint once more (debug) in .build-reach/consumer, kept
# between runs, and SwiftPM builds the plugin's tool apart from it; make install builds
# release in .build, and make artifactbundle bundles that same binary (no second release
# build); the binary plugin's consumer builds only the plugin, in a new scratch folder each
# run. Each step is bounded by `timeout`. Measured on the shared 2-core machine: 341 s
# from cold before steps 4c-7 (consumer 79 s, plugin tool 64 s, release build 177 s);
# 135 s when nothing changed, of which 4c takes 33 s (SwiftPM's relink and the chroot
# run), 5 6 s, 6 17 s (the first binary-plugin lint 6 s) and 7 12 s.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
started=$(date +%s)
step() { echo "== reach: $* ($(( $(date +%s) - started ))s)"; }
fail() { echo "reach: FAILED: $*" >&2; exit 1; }
WORK=$(mktemp -d "${TMPDIR:-/tmp}/layerlint-reach.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
SCRATCH="$ROOT/.build-reach/consumer"
BUILD_TIMEOUT=${REACH_BUILD_TIMEOUT:-1800}
RUN_TIMEOUT=${REACH_RUN_TIMEOUT:-300}

# Runs a command and checks its exit status: expect STATUS LOG command...
expect() {
    local want=$1 log=$2; shift 2
    set +e
    "$@" > "$log" 2>&1
    local got=$?
    set -e
    if [ "$got" -ne "$want" ]; then
        tail -40 "$log"
        fail "expected exit status $want, got $got from: $*"
    fi
}

python3 -c "import yaml, jsonschema" 2> /dev/null || pip install -q pyyaml jsonschema

step "1. one documented repository URL, no placeholder"
python3 .ci/check-repository-url.py

step "2. a scratch consumer package that depends on this checkout by path"
consumer="$WORK/consumer"
mkdir -p "$consumer/Tests/AppTests/__Snapshots__/CardTests" "$consumer/Dumps"
cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ReachConsumer",
    dependencies: [.package(path: "$ROOT")],
    targets: []
)
SWIFT
# A card with a shadow and no shadowPath: one finding, and passes above a budget of 0.
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
# A clean screen, in JSON, named as the plugin finds it by default.
cat > "$consumer/Dumps/settings.layers.json" <<'JSON'
{"layerlint": 1, "screen": "Settings", "root": {"frame": [0, 0, 390, 844], "backgroundColor": "#FFFFFF"}}
JSON
printf 'budgets: { passesPerSnapshot: 0 }\n' > "$consumer/.layerlint.yml"
# Not a dump: the plugin's default discovery must not pick it up.
printf '{"not": "a dump"}\n' > "$consumer/Dumps/settings.json"

cd "$consumer"
step "2a. swift run layerlint (builds LayerLint in the consumer)"
expect 0 "$WORK/run-version.log" timeout "$BUILD_TIMEOUT" swift run --scratch-path "$SCRATCH" layerlint --version
version=$(tail -1 "$WORK/run-version.log")
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail "swift run layerlint --version printed '$version'"
expect 1 "$WORK/run-lint.log" timeout "$RUN_TIMEOUT" swift run --skip-build --scratch-path "$SCRATCH" layerlint lint Tests
grep -q "testCard.1.yml:.*shadow-without-path" "$WORK/run-lint.log" || { cat "$WORK/run-lint.log"; fail "swift run layerlint lint: no shadow finding"; }
expect 0 "$WORK/run-clean.log" timeout "$RUN_TIMEOUT" swift run --skip-build --scratch-path "$SCRATCH" layerlint lint Dumps/settings.layers.json

step "3a. swift package layerlint: default discovery, budget exceeded -> 1"
plugin() { timeout "$BUILD_TIMEOUT" swift package --scratch-path "$SCRATCH" "$@"; }
# SwiftPM exits 1 whenever a plugin ends with a non-zero status, and names the status:
# `error: Plugin ended with exit code N` tells layerlint's 1 and 2 apart (README).
tool_status() { grep -q "Plugin ended with exit code $1" "$2" || { tail -30 "$2"; fail "expected layerlint's exit status $1 in $2"; }; }
expect 1 "$WORK/plugin-budget.log" plugin layerlint --fail-on never
tool_status 1 "$WORK/plugin-budget.log"
grep -q "budget" "$WORK/plugin-budget.log" || { cat "$WORK/plugin-budget.log"; fail "the plugin's output does not name the budget"; }
grep -q "Tests/AppTests/__Snapshots__/CardTests/testCard.1.yml" "$WORK/plugin-budget.log" || { cat "$WORK/plugin-budget.log"; fail "the plugin did not lint the __Snapshots__ folder"; }
grep -q "2 files" "$WORK/plugin-budget.log" || { cat "$WORK/plugin-budget.log"; fail "the plugin should lint exactly the two dumps (not Dumps/settings.json)"; }

step "3b. swift package layerlint PATH, --no-config, a broken dump: layerlint exits 0, 1, 2"
expect 0 "$WORK/plugin-path.log" plugin layerlint Dumps/settings.layers.json
expect 0 "$WORK/plugin-help.log" plugin layerlint --help
grep -q "Reporters (" "$WORK/plugin-help.log" || { cat "$WORK/plugin-help.log"; fail "swift package layerlint --help is not lint's help"; }
expect 1 "$WORK/plugin-finding.log" plugin layerlint --no-config Tests
tool_status 1 "$WORK/plugin-finding.log"
grep -q "shadow-without-path" "$WORK/plugin-finding.log" || { cat "$WORK/plugin-finding.log"; fail "no finding through the plugin"; }
printf 'layerlint: 1\nroot: [\n' > "$consumer/Dumps/broken.layers.yml"
expect 1 "$WORK/plugin-broken.log" plugin layerlint Dumps/broken.layers.yml
tool_status 2 "$WORK/plugin-broken.log"
grep -q "broken.layers.yml:[0-9]*:[0-9]*" "$WORK/plugin-broken.log" || { cat "$WORK/plugin-broken.log"; fail "no line:column for the broken dump"; }
rm "$consumer/Dumps/broken.layers.yml"

step "3c. configured include, and a report written with --allow-writing-to-package-directory"
printf 'include: ["Dumps/**/*.layers.json"]\n' > "$consumer/.layerlint.yml"
expect 0 "$WORK/plugin-include.log" plugin --allow-writing-to-package-directory layerlint --reporter text --reporter sarif:layerlint.sarif
grep -q "1 file" "$WORK/plugin-include.log" || { cat "$WORK/plugin-include.log"; fail "include should leave one dump"; }
python3 -c "import json,sys; d=json.load(open('layerlint.sarif')); assert d['version']=='2.1.0'" || fail "no SARIF report from the plugin"
# A pattern that starts with a wildcard: every visible top-level folder is searched, and
# include keeps the one JSON dump (not Dumps/settings.json, which is no dump).
printf 'include: ["**/*.layers.json"]\n' > "$consumer/.layerlint.yml"
expect 0 "$WORK/plugin-include-any.log" plugin layerlint
grep -q "1 file" "$WORK/plugin-include-any.log" || { cat "$WORK/plugin-include-any.log"; fail "include **/*.layers.json should leave one dump"; }

cd "$ROOT"
step "4. make install PREFIX=… (release build), the binary alone, make uninstall"
prefix="$WORK/prefix"
expect 0 "$WORK/make-install.log" timeout "$BUILD_TIMEOUT" make install PREFIX="$prefix"
[ -x "$prefix/bin/layerlint" ] || fail "make install left no $prefix/bin/layerlint"
# The Swift runtime is linked in: the binary runs without the toolchain's libraries.
# The Swift runtime, libyaml and zlib are linked in: it runs without the toolchain or them.
if ldd "$prefix/bin/layerlint" | grep -qE "libswiftCore|libyaml|libz\.so"; then ldd "$prefix/bin/layerlint"; fail "the installed binary needs the toolchain's libswiftCore, libyaml or zlib"; fi
# Run from elsewhere, as Mint and make install use it: nothing may be looked up beside it.
expect 0 "$WORK/installed-version.log" "$prefix/bin/layerlint" --version
[ "$(cat "$WORK/installed-version.log")" = "$version" ] || fail "installed --version $(cat "$WORK/installed-version.log") != $version"
(cd "$WORK" && expect 1 "$WORK/installed-lint.log" "$prefix/bin/layerlint" lint --no-config "$consumer/Tests")
grep -q "shadow-without-path" "$WORK/installed-lint.log" || fail "the installed binary found nothing"
(cd "$WORK" && expect 0 "$WORK/installed-rules.log" "$prefix/bin/layerlint" rules)

step "4c. make artifactbundle: the same release build, as an SE-0305 bundle, run without the toolchain"
bundle="$WORK/layerlint.artifactbundle.zip"
expect 0 "$WORK/make-bundle.log" timeout "$BUILD_TIMEOUT" make artifactbundle BUNDLE="$WORK/layerlint.artifactbundle"
# No second release build: the bundle holds the binary make install just installed. SwiftPM
# runs the rule catalog's build-tool plugin on every build, which recompiles that one file
# and relinks to the same bytes; anything else compiled means the flags differ.
if grep "Compiling" "$WORK/make-bundle.log" | grep -v "Compiling LayerRules RuleCatalog.swift"; then
    cat "$WORK/make-bundle.log"; fail "make artifactbundle rebuilt what make install built"
fi
unzip -q -o "$bundle" -d "$WORK/bundle"
cmp "$prefix/bin/layerlint" "$WORK/bundle/layerlint.artifactbundle/layerlint-$version-linux-$(uname -m)/bin/layerlint" \
    || fail "the bundled binary is not the one make install installed"
bash .ci/check-artifactbundle.sh "$bundle" || fail "the artifact bundle"

step "4d. make install-mcp PREFIX=…: the MCP server's own release build, driven by the Python MCP client"
# Foundation linked dynamically (docs/mcp.md), in .build-mcp: the static build above is untouched.
expect 0 "$WORK/make-install-mcp.log" timeout "$BUILD_TIMEOUT" make install-mcp PREFIX="$prefix"
[ -x "$prefix/bin/layerlint-mcp" ] || fail "make install-mcp left no $prefix/bin/layerlint-mcp"
(cd "$WORK" && expect 0 "$WORK/installed-mcp-version.log" "$prefix/bin/layerlint-mcp" --version)
[ "$(cat "$WORK/installed-mcp-version.log")" = "$version" ] || fail "layerlint-mcp --version $(cat "$WORK/installed-mcp-version.log") != $version"
python3 -c "import mcp" 2> /dev/null || pip install -q "mcp>=2,<3"
python3 .ci/mcp-client.py "$prefix/bin/layerlint" "$prefix/bin/layerlint-mcp" > "$WORK/installed-mcp-client.log" 2>&1 \
    || { tail -20 "$WORK/installed-mcp-client.log"; fail "the installed layerlint-mcp, driven by the MCP client"; }
tail -1 "$WORK/installed-mcp-client.log"

step "5. action.yml: metadata schema, scripts (bash -n, shellcheck), download, lint and comment scripts run"
command -v shellcheck > /dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get install -y -qq shellcheck > /dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq shellcheck > /dev/null; }; }
shellcheck scripts/artifactbundle.sh scripts/fetch-release.sh scripts/static-libs.sh scripts/publish-plugins.sh .ci/pre-commit.sh \
    scripts/libyaml-static.sh scripts/pre-commit-hook.sh .ci/check-artifactbundle.sh .ci/reach-binary-plugin.sh .ci/actionlint.sh || fail "shellcheck of the release scripts"
# The installed binary plays the one the action builds; the bundle, the release it downloads.
PATH="$prefix/bin:$PATH" LAYERLINT_BUNDLE="$bundle" timeout "$RUN_TIMEOUT" python3 .ci/check-action.py

step "6. the binary plugins package (BinaryPlugins/) from a fresh consumer: the bundle's binary, no LayerLint source compiled"
bash .ci/reach-binary-plugin.sh "$bundle" "$WORK" || fail "the binary plugin"

step "7. pre-commit: the hook blocks a staged dump with a finding and passes a clean one (pre-commit try-repo)"
# The bundle's binary is the hook's: nothing is built for the hook.
bash .ci/pre-commit.sh "$WORK/bundle/layerlint.artifactbundle/layerlint-$version-linux-$(uname -m)/bin/layerlint" "$bundle" \
    || fail "the pre-commit hook"

step "4b. make uninstall, and Mint's layout"
expect 0 "$WORK/make-uninstall.log" make uninstall PREFIX="$prefix"
[ ! -e "$prefix/bin/layerlint" ] || fail "make uninstall left $prefix/bin/layerlint"
[ ! -e "$prefix/bin/layerlint-mcp" ] || fail "make uninstall left $prefix/bin/layerlint-mcp"
# Mint clones the repository, builds in release and copies .build/release/<product> for
# every executable product of `swift package dump-package`: there must be exactly one.
expect 0 "$WORK/dump-package.json" timeout "$RUN_TIMEOUT" swift package dump-package
python3 - "$WORK/dump-package.json" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
d = json.loads(text[text.index("{"):])
executables = [p["name"] for p in d["products"] if "executable" in p["type"]]
assert executables == ["layerlint"], f"Mint installs every executable product; expected only layerlint, found {executables}"
plugins = [p["name"] for p in d["products"] if "plugin" in p["type"]]
assert "LayerLintCommand" in plugins, plugins
print("mint layout ok: one executable product, layerlint")
PY

echo "reach ok in $(( $(date +%s) - started ))s"
