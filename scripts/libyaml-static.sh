#!/usr/bin/env bash
# libyaml-static.sh PREFIX [CFLAGS...]: builds libyaml 0.2.5 from its release source as a
# static archive only, in PREFIX/lib with its headers and a yaml-0.1.pc, for the macOS
# release build (.github/workflows/release.yml). Homebrew's libyaml is a dylib for one
# architecture; this one is an archive for the architectures CFLAGS name, e.g.
#   scripts/libyaml-static.sh "$RUNNER_TEMP/libyaml" -arch arm64 -arch x86_64 -mmacosx-version-min=13.0
# so the universal binary carries libyaml and needs nothing installed. The sources are
# compiled directly (no autotools, which the runner lacks); the version macros are the ones
# libyaml's own build defines.
set -euo pipefail
prefix=${1:?usage: libyaml-static.sh PREFIX [CFLAGS...]}
shift
version=0.2.5
sha256=fa240dbf262be053f3898006d502d514936c818e422afdcf33921c63bed9bf2e
work=$(mktemp -d "${TMPDIR:-/tmp}/libyaml.XXXXXX")
trap 'rm -rf "$work"' EXIT

curl -fsSL -o "$work/libyaml.tar.gz" "https://github.com/yaml/libyaml/archive/refs/tags/$version.tar.gz"
if command -v sha256sum > /dev/null; then actual=$(sha256sum "$work/libyaml.tar.gz"); else actual=$(shasum -a 256 "$work/libyaml.tar.gz"); fi
[ "${actual%% *}" = "$sha256" ] || { echo "libyaml-static.sh: checksum mismatch: ${actual%% *}" >&2; exit 1; }
tar xzf "$work/libyaml.tar.gz" -C "$work"
src="$work/libyaml-$version"

mkdir -p "$prefix/lib/pkgconfig" "$prefix/include" "$work/obj"
for c in "$src"/src/*.c; do
    cc -O2 "$@" -I"$src/include" -DYAML_DECLARE_STATIC=1 \
        -DYAML_VERSION_MAJOR=0 -DYAML_VERSION_MINOR=2 -DYAML_VERSION_PATCH=5 -DYAML_VERSION_STRING="\"$version\"" \
        -c "$c" -o "$work/obj/$(basename "$c" .c).o"
done
rm -f "$prefix/lib/libyaml.a"
if [ "$(uname -s)" = Darwin ]; then libtool -static -o "$prefix/lib/libyaml.a" "$work"/obj/*.o; else ar rcs "$prefix/lib/libyaml.a" "$work"/obj/*.o; fi
cp "$src/include/yaml.h" "$prefix/include/"
cat > "$prefix/lib/pkgconfig/yaml-0.1.pc" <<PC
prefix=$prefix
Name: LibYAML
Description: Library to parse and emit YAML (static, built by LayerLint's release workflow)
Version: $version
Cflags: -I\${prefix}/include
Libs: -L\${prefix}/lib -lyaml
PC
echo "libyaml $version: $prefix/lib/libyaml.a"
