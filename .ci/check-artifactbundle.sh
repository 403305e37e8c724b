#!/usr/bin/env bash
# check-artifactbundle.sh ZIP: what a consumer of layerlint.artifactbundle.zip relies on.
#   1. The archive holds layerlint.artifactbundle/ at its root, its info.json follows SE-0305
#      (schemaVersion 1.0, the executable artifact `layerlint` with its version, variants
#      with a path inside the bundle and their supportedTriples), and ZIP.sha256 matches.
#   2. This machine's variant needs no shared library beyond the C and C++ runtimes
#      (`ldd`): libyaml, zlib and the Swift runtime are linked in.
#   3. It runs where neither the toolchain nor libyaml exist: in a chroot that holds the
#      binary, a dump, /proc and exactly the libraries ldd names, it prints its version and
#      lints the dump (as root; otherwise, with a cleared environment from a copy outside
#      the build, which proves less).
set -euo pipefail
zip=${1:?usage: check-artifactbundle.sh ZIP}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/layerlint-bundle-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

unzip -q "$zip" -d "$work/unpacked"
host=$(python3 - "$zip" "$work/unpacked" <<'PY'
import hashlib, json, os, platform, sys
zip_path, root = sys.argv[1:]
top = os.listdir(root)
assert top == ["layerlint.artifactbundle"], f"the archive's root holds {top}, not only layerlint.artifactbundle/"
bundle = os.path.join(root, "layerlint.artifactbundle")
info = json.load(open(os.path.join(bundle, "info.json")))
assert info["schemaVersion"] == "1.0", info["schemaVersion"]
assert list(info["artifacts"]) == ["layerlint"], list(info["artifacts"])
artifact = info["artifacts"]["layerlint"]
assert artifact["type"] == "executable", artifact["type"]
assert artifact["version"].count(".") == 2, artifact["version"]
assert artifact["variants"], "no variant"
host = {"x86_64": "x86_64-unknown-linux-gnu", "aarch64": "aarch64-unknown-linux-gnu"}.get(platform.machine())
found = None
for v in artifact["variants"]:
    assert set(v) == {"path", "supportedTriples"}, v
    path = os.path.normpath(os.path.join(bundle, v["path"]))
    assert path.startswith(bundle + os.sep), f"{v['path']} leads out of the bundle"
    assert os.path.isfile(path) and os.access(path, os.X_OK), f"{v['path']} is not an executable in the bundle"
    assert v["supportedTriples"] and all(t.count("-") >= 2 for t in v["supportedTriples"]), v["supportedTriples"]
    if host in v["supportedTriples"]:
        found = path
assert found, f"no variant supports this machine's {host}"
digest = hashlib.sha256(open(zip_path, "rb").read()).hexdigest()
recorded = open(zip_path + ".sha256").read().split()
assert recorded == [digest, os.path.basename(zip_path)], f"{zip_path}.sha256 says {recorded}, the archive is {digest}"
print(found)
PY
)
echo "artifact bundle layout ok: $(unzip -Z1 "$zip" | grep -c /bin/layerlint) variant(s); this machine's is ${host#"$work/unpacked/"}"

echo "ldd ${host#"$work/unpacked/"}:"
ldd "$host" | sed 's/^/    /'
# The C library, its loader and the C++ runtime are on every Linux the binary targets.
unexpected=$(ldd "$host" | grep -vE '^\s*(linux-vdso\.so|libc\.so|libm\.so|libstdc\+\+\.so|libgcc_s\.so|libpthread\.so|libdl\.so|librt\.so|libutil\.so|/lib(64)?/ld-linux)' || true)
[ -z "$unexpected" ] || { echo "the bundled binary needs more shared libraries than libc and libstdc++:"; echo "$unexpected"; exit 1; }

dump="$ROOT/fixtures/$(cd "$ROOT/fixtures" && grep -l "shadowOpacity" ./*.yml | head -1)"
if [ "$(id -u)" -eq 0 ] && command -v chroot > /dev/null && unshare -m true 2> /dev/null; then
    jail="$work/jail"
    mkdir -p "$jail/tmp"
    cp "$host" "$jail/layerlint"
    cp "$dump" "$jail/tmp/dump.yml"
    for lib in $(ldd "$host" | grep -oE '/[^ ]+'); do
        mkdir -p "$jail$(dirname "$lib")"
        cp -L "$lib" "$jail$lib"
    done
    [ -z "$(find "$jail" -name 'libyaml*' -o -name 'libswift*' -o -name 'libz.so*')" ] || { echo "the chroot holds libyaml, zlib or Swift"; exit 1; }
    mkdir -p "$jail/proc"
    echo "in a chroot holding only the binary, a dump, /proc and $(find "$jail" -name '*.so*' | wc -l) libraries:"
    # Swift reads its arguments from /proc/self/cmdline: /proc is mounted in a mount
    # namespace of its own, so it is gone when the command ends (nothing to unmount).
    # The single quotes are the inner shell's script; $0 and $@ are its arguments.
    # shellcheck disable=SC2016
    jailed() { unshare -m sh -c 'mount -t proc proc "$0/proc" && exec chroot "$0" "$@"' "$jail" "$@"; }
    version=$(jailed /layerlint --version)
    set +e
    jailed /layerlint lint --no-config /tmp/dump.yml > "$work/jail-lint.log" 2>&1
    status=$?
    set -e
else
    echo "not root: the copy runs with a cleared environment only (the system's libyaml stays reachable)"
    cp "$host" "$work/layerlint"
    version=$(cd "$work" && env -i LD_LIBRARY_PATH= ./layerlint --version)
    set +e
    (cd "$work" && env -i LD_LIBRARY_PATH= ./layerlint lint --no-config "$dump") > "$work/jail-lint.log" 2>&1
    status=$?
    set -e
fi
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "the bundled binary's --version printed: $version"; exit 1; }
{ [ "$status" -eq 1 ] && grep -q "finding" "$work/jail-lint.log"; } || { cat "$work/jail-lint.log"; echo "the bundled binary did not lint (status $status)"; exit 1; }
echo "    layerlint --version: $version; lint of $(basename "$dump"): status 1, $(grep -oE '[0-9]+ findings?' "$work/jail-lint.log" | head -1)"
