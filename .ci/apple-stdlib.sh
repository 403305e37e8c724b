#!/usr/bin/env bash
# Compiles the toolchain's own standard library interfaces (Swift, _Concurrency,
# _StringProcessing, …) for an iOS Simulator triple, so .ci/apple-typecheck.sh can check
# `@available` and `#available` on Linux: the Linux interfaces keep Apple's availability
# attributes, and a module built from them for an Apple triple enforces them.
#
#   .ci/apple-stdlib.sh OUT    writes OUT/*.swiftmodule and OUT/sdk (an empty SDK folder)
#
# Built for iOS 13, the oldest iOS with Swift concurrency: a module built for an older
# deployment target serves code built for any later one. Two textual patches, on copies:
#  - `@backDeployed(before: …)` goes: it needs the function's body, which an interface
#    omits unless inlinable. Without it the function is available from its `@available`
#    version, which is exactly what back deployment gives a caller.
#  - The typealiases that name `AsyncSequence.Failure` and `AsyncIteratorProtocol.Failure`
#    (iOS 18) are printed for Linux with the iOS 13 availability of their sequence; they
#    get the availability of what they name.
set -euo pipefail
out=$1
triple=x86_64-apple-ios13.0-simulator
bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
interfaces=$bin/../lib/swift_static/linux
mkdir -p "$out/src" "$out/sdk"
for module in Swift _Concurrency SwiftOnoneSupport _RegexParser _StringProcessing; do
    python3 - "$interfaces/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface" "$out/src/$module.swiftinterface" "$triple" <<'PY'
import re, sys
source, target, triple = sys.argv[1:]
lines = open(source, encoding="utf-8").read().split("\n")
for i, line in enumerate(lines):
    if line.startswith("// swift-module-flags:"):
        lines[i] = line.replace("-target x86_64-unknown-linux-gnu", "-target " + triple)
    lines[i] = re.sub(r"@backDeployed\(before: [^)]*\)", "", lines[i])
    if re.search(r"@_implements\(_Concurrency\.Async(Sequence|IteratorProtocol), Failure\)", line) \
            and lines[i - 1].strip().startswith("@available("):
        indent = lines[i - 1][:len(lines[i - 1]) - len(lines[i - 1].lstrip())]
        lines[i - 1] = indent + "@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, *)"
open(target, "w", encoding="utf-8").write("\n".join(lines))
PY
    stdlib_flag=()
    [ "$module" = Swift ] && stdlib_flag=(-parse-stdlib)
    "$bin/swift-frontend" -compile-module-from-interface -module-name "$module" "${stdlib_flag[@]}" -target "$triple" \
        -disable-objc-interop -sdk "$out/sdk" -I "$out" -o "$out/$module.swiftmodule" "$out/src/$module.swiftinterface" \
        > "$out/$module.log" 2>&1 || { cat "$out/$module.log"; echo "FAIL compiling the $module interface for $triple"; exit 1; }
done
rm -rf "$out/src"
