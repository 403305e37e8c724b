#!/usr/bin/env bash
# The pre-commit hook `layerlint` (.pre-commit-hooks.yaml): lints the staged files that
# pre-commit names, with the repository's .layerlint.yml (found from the repository's
# root, where pre-commit runs hooks). A named file that is no dump (swift-snapshot-testing's
# text snapshots, a log) is skipped as a folder walk skips it: `--skip-non-dumps`.
#
# The binary, fastest first, so that a commit never waits for a build:
#   1. $LAYERLINT_BIN, when set (CI points it at the binary it already built);
#   2. the release's prebuilt binary for this hook's version (the `rev:` pinned in
#      .pre-commit-config.yaml), downloaded once, checksum-checked, and kept in
#      ${XDG_CACHE_HOME:-~/.cache}/layerlint (scripts/fetch-release.sh);
#   3. a `layerlint` on PATH (make install, Mint), when the download is not possible.
# The hook `layerlint-from-source` builds from source instead (minutes, once).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${LAYERLINT_BIN:-}
if [ -z "$bin" ]; then
    version=$(sed -n 's/.*current = "\([0-9.]*\)".*/\1/p' "$here/../Sources/LayerLintKit/Version.swift" | head -1)
    cache=${XDG_CACHE_HOME:-$HOME/.cache}/layerlint
    if ! bin=$("$here/fetch-release.sh" "$version" "$cache" "${LAYERLINT_RELEASE_URL:-https://github.com/layerlint/layerlint/releases/download}"); then
        bin=$(command -v layerlint || true)
        [ -n "$bin" ] || { echo "layerlint: no release binary for $version and no layerlint on PATH; install it (README, Install) or use the hook layerlint-from-source" >&2; exit 2; }
        echo "layerlint: using $bin ($("$bin" --version)) instead of release $version" >&2
    fi
fi
exec "$bin" lint --skip-non-dumps "$@"
