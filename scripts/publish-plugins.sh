#!/usr/bin/env bash
# publish-plugins.sh DEST URL CHECKSUM: writes the plugins package as its own repository
# publishes it (DEST, a clone of layerlint/layerlint-plugins): BinaryPlugins/ with its links
# replaced by the files they point to (a repository of its own has no ../Plugins), and the
# local binary target replaced by the release's `.binaryTarget(url:checksum:)`.
# The release workflow runs it; .ci/reach.sh runs it too and checks the manifest it writes.
set -euo pipefail
dest=${1:?usage: publish-plugins.sh DEST URL CHECKSUM}
url=${2:?usage: publish-plugins.sh DEST URL CHECKSUM}
checksum=${3:?usage: publish-plugins.sh DEST URL CHECKSUM}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
[[ $checksum =~ ^[0-9a-f]{64}$ ]] || { echo "publish-plugins.sh: $checksum is not a sha256" >&2; exit 2; }

mkdir -p "$dest"
# Everything but the clone's history is replaced, so a file removed here goes there too.
find "$dest" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
(cd "$ROOT/BinaryPlugins" && tar -chf - --exclude '*.artifactbundle.zip' --exclude .build --exclude '.build-*' .) | tar -xf - -C "$dest"

manifest="$dest/Package.swift"
line='        .binaryTarget(name: "LayerLintBinary", path: "layerlint.artifactbundle.zip"),'
grep -qxF "$line" "$manifest" || { echo "publish-plugins.sh: $manifest has no local binary target to replace" >&2; exit 1; }
python3 - "$manifest" "$line" "$url" "$checksum" <<'PY'
import sys
path, line, url, checksum = sys.argv[1:]
text = open(path).read()
remote = f'        .binaryTarget(name: "LayerLintBinary", url: "{url}", checksum: "{checksum}"),'
text = text.replace(line, remote)
text = text.replace("// In this repository the target points at a bundle built by `make artifactbundle`.\n",
                    "// Written by LayerLint's release workflow (scripts/publish-plugins.sh): edit it there.\n")
open(path, "w").write(text)
PY
echo "plugins package written to $dest: $url ($checksum)"
