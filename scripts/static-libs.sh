#!/usr/bin/env bash
# static-libs.sh DIR: fills DIR with links to the static libyaml.a and libz.a (libyaml-dev
# and zlib1g-dev ship them) and nothing else. The release build passes `-Xlinker -L DIR`
# first, so the linker's `-lyaml` and `-lz` find the archives there before the shared
# libraries in the system folders: the binary then needs neither library installed.
set -euo pipefail
dir=${1:?usage: static-libs.sh DIR}
mkdir -p "$dir"
for lib in libyaml.a libz.a; do
    found=""
    # The compiler driver knows the multiarch folders (x86_64-linux-gnu, aarch64-linux-gnu).
    candidate=$(cc -print-file-name="$lib" 2> /dev/null || true)
    if [ -n "$candidate" ] && [ "$candidate" != "$lib" ] && [ -f "$candidate" ]; then found=$candidate; fi
    if [ -z "$found" ]; then
        for d in /usr/lib/"$(uname -m)"-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
            if [ -f "$d/$lib" ]; then found="$d/$lib"; break; fi
        done
    fi
    [ -n "$found" ] || { echo "static-libs.sh: no $lib (install libyaml-dev and zlib1g-dev)" >&2; exit 1; }
    ln -sf "$found" "$dir/$lib"
done
