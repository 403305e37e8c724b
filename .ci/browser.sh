#!/usr/bin/env bash
# The html and svg reports in a real browser: installs Debian's chromium when missing,
# builds layerlint, writes the reports of fixtures/feed-cell.yml, and checks them in
# headless Chromium from screenshot pixels and the DOM (.ci/check-browser.py): offscreen
# layers yellow and the others not, a selected finding highlights its layer, the
# after-fixes toggle, no console error, no network request; then clicks through it with
# chromedriver (.ci/check-browser-clicks.py: finding, layer, toggle, browser log).
# Then the report of the whole fixtures folder, every snapshot's drawing checked from
# pixels against the json report (.ci/check-browser-fixtures.py), and a 100,000-layer
# dump's report loaded within the bound docs/performance.md writes (HUGE_PAGE_SECONDS).
# With --screenshot PATH it also writes the screenshot of the report with its second
# finding selected (docs/html-report.png).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium > /dev/null || ! command -v chromedriver > /dev/null; then
    echo "== installing chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq --no-install-recommends chromium chromium-driver
fi

echo "== swift build: layerlint, layerlint-bench"
swift build --product layerlint 2>&1 | tail -1
swift build --product layerlint-bench 2>&1 | tail -1
bin="$(swift build --show-bin-path)/layerlint"
bench="$(swift build --show-bin-path)/layerlint-bench"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Findings make the run exit 1; only 2 (could not report) is a failure here.
status=0
"$bin" lint fixtures/feed-cell.yml --reporter html:"$work/report.html" --reporter json:"$work/report.json" \
    --reporter svg:"$work/screen.svg" --reporter text:"$work/report.txt" || status=$?
[ "$status" -le 1 ] || { echo "layerlint exited $status"; exit 1; }

# A diff: the first snapshot's card gets a shadowPath in the new version (one fixed finding).
mkdir -p "$work/old" "$work/new"
cp fixtures/feed-cell.yml "$work/old/feed.yml"
python3 - "$work" <<'PY'
import sys
s = open(sys.argv[1] + "/old/feed.yml").read()
line = "          shadowOffset: [0, 4]\n"
s = s.replace(line, line + '          shadowPath: "M 0 0 L 358 0 L 358 316 L 0 316 Z"\n', 1)
open(sys.argv[1] + "/new/feed.yml", "w").write(s)
PY
status=0
"$bin" diff "$work/old" "$work/new" --reporter html:"$work/diff.html" --reporter text:"$work/diff.txt" || status=$?
[ "$status" -le 1 ] || { echo "layerlint diff exited $status"; exit 1; }

echo "== headless chromium"
python3 .ci/check-browser.py "$work"
echo "== chromedriver: clicks"
status=0
"$bin" lint fixtures/live-room.yml --reporter html:"$work/live-room.html" > /dev/null || status=$?
[ "$status" -le 1 ] || { echo "layerlint lint live-room exited $status"; exit 1; }
python3 .ci/check-browser-clicks.py "$work/report.html" "$work/live-room.html"

echo "== the fixtures folder: every snapshot's yellow layers against the json report"
status=0
"$bin" lint fixtures --reporter html:"$work/fixtures.html" --reporter json:"$work/fixtures.json" || status=$?
[ "$status" -le 1 ] || { echo "layerlint lint fixtures exited $status"; exit 1; }
python3 .ci/check-browser-fixtures.py "$work"

# The bound of docs/performance.md ("The html report of 100,000 layers"): about 3 times
# the slowest load measured on the shared 2-core CI machine, so a busy machine passes and
# a page that stops culling (tens of seconds) does not.
HUGE_PAGE_SECONDS=12
echo "== 100,000 layers: the page loads and draws within $HUGE_PAGE_SECONDS s"
"$bench" generate --layers 100000 --output "$work/screen-100k.yml"
status=0
"$bin" lint "$work/screen-100k.yml" --reporter html:"$work/huge.html" > /dev/null || status=$?
[ "$status" -le 1 ] || { echo "layerlint lint screen-100k.yml exited $status"; exit 1; }
python3 .ci/check-browser-fixtures.py --time-only "$work/huge.html" "$HUGE_PAGE_SECONDS"

if [ "${1:-}" = "--screenshot" ]; then
    # The card yellow, the avatar's finding selected (magenta) with its details.
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size=1200,860 --user-data-dir="$work/profile" --disable-background-networking \
        --screenshot="$2" "file://$work/report.html#finding=1" 2> /dev/null
    echo "wrote $2"
fi
