#!/usr/bin/env bash
# static-libs.sh DIR: fills DIR with links to the static libyaml.a and libz.a (libyaml-dev
# and zlib1g-dev ship them), no shared library, and a yaml-0.1.pc whose libdir is DIR.
# The release build reads that .pc first (PKG_CONFIG_PATH=DIR): SwiftPM passes the .pc's
# `-L libdir` ahead of the objects, so `-lyaml` finds only the archive; `-Xlinker -L DIR`
# does the same for `-lz`. The binary then needs neither library installed. The headers
# (Cflags) stay the system's, so the compile commands are unchanged: only the link differs.
set -euo pipefail
dir=${1:?usage: static-libs.sh DIR}
# Absolute: the .pc's libdir is read from wherever SwiftPM runs.
dir=$(mkdir -p "$dir" && cd "$dir" && pwd)
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
    if [ -z "$found" ]; then
        # make install still works, with the shared library (some distributions ship no
        # archive); make artifactbundle then refuses the binary (scripts/artifactbundle.sh).
        echo "static-libs.sh: warning: no $lib (Debian's libyaml-dev and zlib1g-dev have them): the shared library is linked instead" >&2
        rm -f "$dir/$lib"
        continue
    fi
    ln -sf "$found" "$dir/$lib"
done

# The system's yaml-0.1.pc with its libdir replaced; SwiftPM reads .pc files itself.
pc="$(pkg-config --variable=pcfiledir yaml-0.1)/yaml-0.1.pc"
[ -f "$pc" ] || { echo "static-libs.sh: no yaml-0.1.pc (install libyaml-dev and pkg-config)" >&2; exit 1; }
sed "s|^libdir=.*|libdir=$dir|" "$pc" > "$dir/yaml-0.1.pc.partial"
mv "$dir/yaml-0.1.pc.partial" "$dir/yaml-0.1.pc"
