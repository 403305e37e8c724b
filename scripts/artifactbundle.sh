#!/usr/bin/env bash
# artifactbundle.sh: assembles layerlint.artifactbundle.zip (SE-0305) from built binaries,
# and writes its sha256 beside it. Used by `make artifactbundle` (this machine's binary)
# and by .github/workflows/release.yml (all platforms at once), so both lay it out alike.
#
#   scripts/artifactbundle.sh --output layerlint.artifactbundle.zip [--version 0.1.0] \
#       --variant x86_64-unknown-linux-gnu=path/to/linux-x86_64/layerlint \
#       --variant aarch64-unknown-linux-gnu=path/to/linux-aarch64/layerlint \
#       --variant x86_64-apple-macosx,arm64-apple-macosx=path/to/universal/layerlint
#
# A variant given as a bare path is this machine's binary, with this machine's triple.
# Without --version the version is what a runnable variant prints for `--version`; a
# given version must match it, so a tag and the binary's own version never disagree.
# Writes OUTPUT (the zip, holding layerlint.artifactbundle/ at its root, as SwiftPM
# expects of a binary target's archive) and OUTPUT.sha256 (`sha256sum` format: the
# checksum `.binaryTarget(url:checksum:)` and the Action's download check compare).
set -euo pipefail

usage() { sed -n '2,9p' "$0" >&2; exit 2; }
output="" version="" variants=()
while [ $# -gt 0 ]; do
    case $1 in
        --output) output=${2:?}; shift 2 ;;
        --version) version=${2:?}; shift 2 ;;
        --variant) variants+=("${2:?}"); shift 2 ;;
        *) usage ;;
    esac
done
{ [ -n "$output" ] && [ ${#variants[@]} -gt 0 ]; } || usage
case $output in *.artifactbundle.zip) ;; *) echo "artifactbundle.sh: --output must end in .artifactbundle.zip" >&2; exit 2 ;; esac

# SwiftPM matches a variant by the host's triple without vendor version suffixes.
host_triples() {
    case "$(uname -s)-$(uname -m)" in
        Linux-x86_64) echo x86_64-unknown-linux-gnu ;;
        Linux-aarch64 | Linux-arm64) echo aarch64-unknown-linux-gnu ;;
        # A universal binary serves both Mac architectures; lipo says which it holds.
        Darwin-*) lipo -archs "$1" | tr ' ' '\n' | sed 's/$/-apple-macosx/' | paste -sd, - ;;
        *) echo "artifactbundle.sh: no triple known for $(uname -s) $(uname -m)" >&2; exit 2 ;;
    esac
}

# The folder of each variant, named after its platform: linux-x86_64, linux-aarch64, macos.
folder_name() {
    case $1 in
        *-apple-macosx*) echo macos ;;
        *-linux-*) echo "linux-${1%%-*}" ;;
        *) echo "${1//,/+}" ;;
    esac
}

staging=$(mktemp -d "${TMPDIR:-/tmp}/layerlint-bundle.XXXXXX")
trap 'rm -rf "$staging"' EXIT
# The folder inside is always layerlint.artifactbundle, whatever the zip is called.
bundle="$staging/layerlint.artifactbundle"
mkdir -p "$bundle"

specs=()
for variant in "${variants[@]}"; do
    if [[ $variant == *=* ]]; then triples=${variant%%=*} binary=${variant#*=}; else binary=$variant triples=$(host_triples "$variant"); fi
    [ -x "$binary" ] || { echo "artifactbundle.sh: $binary is not an executable" >&2; exit 1; }
    # The version from the first variant that runs here (the others are other platforms).
    if printed=$("$binary" --version 2> /dev/null); then
        if [ -z "$version" ]; then version=$printed; fi
        [ "$printed" = "$version" ] || { echo "artifactbundle.sh: $binary is version $printed, not $version" >&2; exit 1; }
    fi
    # A bundled binary must run where nothing is installed: refuse one that loads libyaml,
    # zlib or the Swift runtime from the build machine (checked where it can be: on the
    # platform the binary is for).
    case "$(uname -s)-$triples" in
        Linux-*linux*) needs=$(ldd "$binary" 2> /dev/null | grep -oE '^\s*lib(yaml|z|swift[A-Za-z_]*|Foundation[A-Za-z]*)[-.][^ ]*' | sort -u || true) ;;
        Darwin-*apple*) needs=$(otool -L "$binary" | grep -oE '[^ ]*lib(yaml|z\.1)[^ ]*dylib' | grep -v '^/usr/lib/' || true) ;;
        *) needs="" ;;
    esac
    [ -z "$needs" ] || { echo "artifactbundle.sh: $binary loads $(echo "$needs" | paste -sd' ' -) from this machine: build it as make artifactbundle does (static libyaml; docs/plugins.md)" >&2; exit 1; }
    specs+=("$triples=$binary")
done
[ -n "$version" ] || { echo "artifactbundle.sh: no variant runs here to print its version; pass --version" >&2; exit 1; }

entries=()
for spec in "${specs[@]}"; do
    triples=${spec%%=*} binary=${spec#*=}
    path="layerlint-$version-$(folder_name "$triples")/bin/layerlint"
    mkdir -p "$bundle/$(dirname "$path")"
    cp "$binary" "$bundle/$path"
    chmod 0755 "$bundle/$path"
    quoted=$(printf '%s' "$triples" | tr ',' '\n' | sed 's/.*/"&"/' | paste -sd, - | sed 's/,/, /g')
    entries+=("                {\"path\": \"$path\", \"supportedTriples\": [$quoted]}")
done

{
    echo '{'
    echo '    "schemaVersion": "1.0",'
    echo '    "artifacts": {'
    echo '        "layerlint": {'
    echo "            \"version\": \"$version\","
    echo '            "type": "executable",'
    echo '            "variants": ['
    last=$(( ${#entries[@]} - 1 ))
    for i in "${!entries[@]}"; do
        if [ "$i" -lt "$last" ]; then echo "${entries[$i]},"; else echo "${entries[$i]}"; fi
    done
    echo '            ]'
    echo '        }'
    echo '    }'
    echo '}'
} > "$bundle/info.json"

# Fixed timestamps and order: the same binaries give the same zip, so the same checksum.
find "$bundle" -exec touch -h -d '2000-01-01 00:00:00 UTC' {} +
out_dir=$(cd "$(dirname "$output")" && pwd)
rm -f "$out_dir/$(basename "$output")"
(cd "$staging" && find "$(basename "$bundle")" | LC_ALL=C sort | TZ=UTC zip -q -X -@ "$out_dir/$(basename "$output")")
# sha256sum on Linux, shasum on macOS: the same hex digest either way.
if command -v sha256sum > /dev/null; then sum=$(sha256sum "$output"); else sum=$(shasum -a 256 "$output"); fi
echo "${sum%% *}  $(basename "$output")" > "$output.sha256"
echo "$output: layerlint $version, ${#specs[@]} variant(s), sha256 ${sum%% *}"
