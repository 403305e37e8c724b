#!/usr/bin/env bash
# fetch-release.sh VERSION DEST [BASE_URL]: downloads layerlint.artifactbundle.zip of the
# release VERSION and its .sha256, checks the checksum, unpacks this platform's variant
# (chosen by info.json's supportedTriples) to DEST/VERSION/layerlint and prints that path.
# The Action and the pre-commit hook both use it, so both trust a binary the same way.
#
# BASE_URL defaults to https://github.com/layerlint/layerlint/releases/download; the file
# is BASE_URL/VERSION/layerlint.artifactbundle.zip (a file:// URL works, for tests).
# Exit status: 0 with the path; 3 when the release has no bundle (a branch or commit, or a
# version released before bundles: the caller builds from source instead); 1 otherwise,
# a checksum that does not match above all, which must never fall back to anything.
set -euo pipefail
version=${1:?usage: fetch-release.sh VERSION DEST [BASE_URL]}
dest=${2:?usage: fetch-release.sh VERSION DEST [BASE_URL]}
base=${3:-https://github.com/layerlint/layerlint/releases/download}
say() { echo "fetch-release.sh: $*" >&2; }

case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) triple=x86_64-unknown-linux-gnu ;;
    Linux-aarch64 | Linux-arm64) triple=aarch64-unknown-linux-gnu ;;
    Darwin-arm64) triple=arm64-apple-macosx ;;
    Darwin-x86_64) triple=x86_64-apple-macosx ;;
    *) say "no prebuilt binary for $(uname -s) $(uname -m)"; exit 3 ;;
esac

target="$dest/$version/layerlint"
# A binary unpacked earlier (a cache restored, a second hook run) is used as it is: it was
# checked when it was unpacked, and it prints the version it was unpacked for.
if [ -x "$target" ] && [ "$("$target" --version 2> /dev/null)" = "$version" ]; then echo "$target"; exit 0; fi

work=$(mktemp -d "${TMPDIR:-/tmp}/layerlint-fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
zip="$work/layerlint.artifactbundle.zip"
url="$base/$version/layerlint.artifactbundle.zip"
# curl's exit status 22 is an HTTP error (--fail); 37 a file:// URL that does not exist.
set +e
curl --fail --silent --show-error --location --retry 3 --output "$zip" "$url"
status=$?
set -e
if [ "$status" -eq 22 ] || [ "$status" -eq 37 ]; then say "no artifact bundle at $url"; exit 3; fi
[ "$status" -eq 0 ] || { say "cannot download $url (curl status $status)"; exit 1; }
curl --fail --silent --show-error --location --retry 3 --output "$zip.sha256" "$url.sha256" \
    || { say "the release has no $url.sha256: refusing an unchecked binary"; exit 1; }

expected=$(cut -d' ' -f1 < "$zip.sha256")
if command -v sha256sum > /dev/null; then actual=$(sha256sum "$zip" | cut -d' ' -f1); else actual=$(shasum -a 256 "$zip" | cut -d' ' -f1); fi
if [ -z "$expected" ] || [ "$expected" != "$actual" ]; then
    say "checksum mismatch for $url: expected ${expected:-nothing}, got $actual"
    exit 1
fi

unzip -q "$zip" -d "$work/unpacked"
bundle="$work/unpacked/layerlint.artifactbundle"
path=$(python3 - "$bundle/info.json" "$triple" <<'PY'
import json, sys
info = json.load(open(sys.argv[1]))
for variant in info["artifacts"]["layerlint"]["variants"]:
    if sys.argv[2] in variant["supportedTriples"]:
        print(variant["path"])
        break
PY
)
[ -n "$path" ] || { say "the bundle of $version has no variant for $triple"; exit 3; }
mkdir -p "$dest/$version"
cp "$bundle/$path" "$target.partial"
chmod 0755 "$target.partial"
# Renamed into place last: an interrupted run never leaves a half-copied binary behind.
mv "$target.partial" "$target"
printed=$("$target" --version) || { say "the unpacked binary does not run here"; exit 1; }
[ "$printed" = "$version" ] || say "note: the binary of release $version prints version $printed"
echo "$target"
