#!/usr/bin/env bash
# pre-commit.sh BIN BUNDLE: the hooks of .pre-commit-hooks.yaml as a team meets them, with
# `pre-commit try-repo` (PyPI's pre-commit) on a scratch git repository:
#   1. a staged dump with a finding fails, and the output carries the finding's text;
#   2. a clean staged dump passes, with swift-snapshot-testing text (`.1.txt` that is no
#      dump) staged in __Snapshots__ beside it: skipped, never a failure;
#   3. only the staged files are linted: an unstaged dump with a finding is not;
#   4. without LAYERLINT_BIN the hook downloads the release binary (BUNDLE served from a
#      file:// URL as the release of this version), checks it and keeps it in the cache.
# BIN (the release build .ci/reach.sh made) is handed over as LAYERLINT_BIN, so no case
# builds anything. The hook `layerlint-from-source` builds with SwiftPM for minutes and
# is not run here; its entry is the same command.
set -euo pipefail
bin=${1:?usage: pre-commit.sh BIN BUNDLE}
bundle=${2:?usage: pre-commit.sh BIN BUNDLE}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "pre-commit: FAILED: $*" >&2; exit 1; }
command -v pre-commit > /dev/null || pip install -q pre-commit
work=$(mktemp -d "${TMPDIR:-/tmp}/layerlint-pre-commit.XXXXXX")
trap 'rm -rf "$work"' EXIT

repo="$work/app"
mkdir -p "$repo/Snapshots" "$repo/Tests/__Snapshots__/CardTests"
cd "$repo"
git init -q
git config user.name ci && git config user.email ci@example.invalid
git commit -q --allow-empty -m start
# The repository's configuration applies: shadow-without-path is an error here, and
# the failure must say so (the catalog's severity is a warning).
printf 'rules:\n  shadow-without-path: { severity: error }\n' > .layerlint.yml
cat > Snapshots/card.layers.yml <<'YAML'
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
printf 'layerlint: 1\nscreen: Clean\nroot: {frame: [0, 0, 390, 844], backgroundColor: "#FFFFFF"}\n' > Snapshots/clean.layers.yml
printf '\xe2\x96\xbf Card\n  - title: "Hello"\n' > Tests/__Snapshots__/CardTests/testTitle.1.txt
printf 'build started\nbuild finished\n' > Tests/__Snapshots__/CardTests/testLog.1.txt

try() { pre-commit try-repo "$ROOT" "$1" > "$2" 2>&1; }
pre-commit validate-manifest "$ROOT/.pre-commit-hooks.yaml" || fail ".pre-commit-hooks.yaml is not a valid hooks manifest"

git add .layerlint.yml Snapshots/card.layers.yml
set +e; LAYERLINT_BIN=$bin try layerlint "$work/finding.log"; status=$?; set -e
[ "$status" -ne 0 ] || { cat "$work/finding.log"; fail "a staged dump with a finding passed"; }
grep -q "Snapshots/card.layers.yml:.*shadow-without-path" "$work/finding.log" || { cat "$work/finding.log"; fail "the failure does not show the finding"; }
grep -q "card.layers.yml:[0-9]*:[0-9]*: error: .*shadow-without-path" "$work/finding.log" || { cat "$work/finding.log"; fail "the repository's .layerlint.yml was not applied"; }
grep -q "^LayerLint\.*Failed" "$work/finding.log" || { cat "$work/finding.log"; fail "pre-commit did not report the hook as failed"; }
echo "staged dump with a finding: the hook fails with the finding"

git reset -q
git add .layerlint.yml Snapshots/clean.layers.yml Tests/__Snapshots__/CardTests/testTitle.1.txt Tests/__Snapshots__/CardTests/testLog.1.txt
set +e; LAYERLINT_BIN=$bin try layerlint "$work/clean.log"; status=$?; set -e
[ "$status" -eq 0 ] || { cat "$work/clean.log"; fail "a clean dump and two text snapshots failed (card.layers.yml is not staged)"; }
grep -q "^LayerLint\.*Passed" "$work/clean.log" || { cat "$work/clean.log"; fail "pre-commit did not run the hook"; }
echo "staged clean dump and non-dump .txt snapshots, an unstaged dump with a finding: the hook passes"

# The hook's own download: the bundle served as the release of this version.
version=$(unzip -p "$bundle" layerlint.artifactbundle/info.json | python3 -c 'import json, sys; print(json.load(sys.stdin)["artifacts"]["layerlint"]["version"])')
mkdir -p "$work/release/$version"
cp "$bundle" "$bundle.sha256" "$work/release/$version/"
git reset -q && git add Snapshots/card.layers.yml
set +e
XDG_CACHE_HOME="$work/cache" LAYERLINT_RELEASE_URL="file://$work/release" try layerlint "$work/download.log"; status=$?
set -e
{ [ "$status" -ne 0 ] && grep -q "shadow-without-path" "$work/download.log"; } || { cat "$work/download.log"; fail "the downloaded binary did not find the shadow"; }
[ -x "$work/cache/layerlint/$version/layerlint" ] || fail "the downloaded binary is not in the cache"
echo "without LAYERLINT_BIN: the release binary is downloaded, checked, cached, and finds the shadow"
