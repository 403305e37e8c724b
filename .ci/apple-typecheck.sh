#!/usr/bin/env bash
# Type-checks LayerLint's Apple-only code on Linux (docs/apple.md): every file of Sources/
# and Plugins/ that tests canImport(QuartzCore|UIKit|AppKit|ObjectiveC), Examples/FeedCell,
# and the Swift snippets of README.md and docs/*.md, against the stubs of Apple's modules
# in AppleStubs/. Three passes: with UIKit; with AppKit and without UIKit; and for an iOS
# Simulator target at Package.swift's iOS minimum, where availability is enforced.
#
#   .ci/apple-typecheck.sh              the check
#   .ci/apple-typecheck.sh --selftest   the check, then the proof that mistakes fail it
#
# Exits 1 naming each file that fails. Compiled stubs, swift-snapshot-testing's module,
# the standard library for the iOS target and the package's modules built with the stubs
# are kept in .build-apple-typecheck; each is rebuilt when its sources (or the compiler)
# change. For the selftest: APPLE_TYPECHECK_ROOT checks the Sources/, Plugins/, Examples/,
# AppleStubs/, README.md and docs/ of another folder; APPLE_TYPECHECK_ONLY=uikit|appkit|ios
# runs one pass; APPLE_TYPECHECK_IOS=13 checks for another iOS version.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
root=$(cd "${APPLE_TYPECHECK_ROOT:-$repo}" && pwd)
cache=$repo/.build-apple-typecheck
mkdir -p "$cache"

if [ "${1:-}" = "--selftest" ]; then
    "$0"
    exec "$repo/.ci/apple-typecheck-selftest.sh"
fi

# Swift 6 mode with strict concurrency, as Package.swift's swiftLanguageModes: [.v6].
swift_flags=(-swift-version 6 -parse-as-library)
failed=()

# Prints the files a compiler log names in its errors, and records them as failed.
report() {
    local log=$1 what=$2
    local files
    files=$(grep -oE '^[^ :]+\.(swift|md):[0-9]+:[0-9]+: error:' "$log" | cut -d: -f1 | sort -u || true)
    [ -n "$files" ] || files="($what: the compiler failed without naming a file)"
    while read -r f; do
        echo "FAIL [$what] ${f#"$root"/}"
        failed+=("${f#"$root"/}")
    done <<< "$files"
    grep -E 'error:' "$log" | grep -vE '^ *\|' | head -20 | sed 's/^/    /'
}

# -- Which files are Apple-only, and are they all in a module this script checks? ------
checked_modules=(LayerTreeExport LayerLintTesting LayerLintSnapshotTesting)
apple_files=$(cd "$root" && grep -rlE 'canImport\((QuartzCore|UIKit|AppKit|ObjectiveC)\)' Sources Plugins --include='*.swift' || true)
for f in $apple_files; do
    module=$(echo "$f" | cut -d/ -f2)
    if [ "${f%%/*}" != Sources ] || [[ ! " ${checked_modules[*]} " == *" $module "* ]]; then
        echo "FAIL $f is Apple-only but in no module .ci/apple-typecheck.sh checks; add its module there"
        exit 1
    fi
done

# -- The stubs: one .swiftmodule per Apple module, per flavour, keyed by their sources ---
stub_key=$( (swiftc --version 2>&1; cd "$root" && find AppleStubs -name '*.swift' | sort | xargs cat) | sha256sum | cut -c1-16)
stubs=$cache/stubs-$stub_key
build_stub() {  # module, output folder, search paths…
    local module=$1 out=$2; shift 2
    # Library evolution: Apple's enums are not frozen, so a switch needs `@unknown default`.
    swiftc -emit-module "${swift_flags[@]}" -enable-library-evolution -module-name "$module" "$@" \
        -emit-module-path "$out/$module.swiftmodule" "$root/AppleStubs/$module"/*.swift > "$cache/stub-$module.log" 2>&1 \
        || { cat "$cache/stub-$module.log"; echo "FAIL AppleStubs/$module does not compile"; exit 1; }
}
if [ ! -d "$stubs" ]; then
    # Stale stubs go, except while the selftest builds its mutated ones beside them.
    [ "$root" != "$repo" ] || rm -rf "$cache"/stubs-*
    mkdir -p "$stubs.tmp/common" "$stubs.tmp/uikit" "$stubs.tmp/appkit"
    for m in CoreFoundation ObjectiveC CoreGraphics QuartzCore; do build_stub "$m" "$stubs.tmp/common" -I "$stubs.tmp/common"; done
    build_stub UIKit "$stubs.tmp/uikit" -I "$stubs.tmp/common"
    build_stub AppKit "$stubs.tmp/appkit" -I "$stubs.tmp/common"
    mv "$stubs.tmp" "$stubs"
fi

# -- swift-snapshot-testing's SnapshotTesting module, at the version Package.swift names --
# Built as on Linux, without the stubs: LayerLintSnapshotTesting uses only its generic API.
snapshot_version=$(sed -n 's|.*pointfreeco/swift-snapshot-testing", from: "\([0-9.]*\)".*|\1|p' "$repo/Package.swift")
snapshot=$cache/snapshot-testing-$snapshot_version
if [ ! -f "$snapshot/SnapshotTesting.swiftmodule" ]; then
    rm -rf "$snapshot" "$snapshot.src"
    git clone -q --depth 1 -b "$snapshot_version" https://github.com/pointfreeco/swift-snapshot-testing "$snapshot.src" 2> /dev/null
    mkdir -p "$snapshot.tmp"
    swiftc -emit-module -parse-as-library -swift-version 5 -module-name SnapshotTesting \
        -emit-module-path "$snapshot.tmp/SnapshotTesting.swiftmodule" $(find "$snapshot.src/Sources/SnapshotTesting" -name '*.swift') \
        > "$cache/snapshot-testing.log" 2>&1 || { cat "$cache/snapshot-testing.log"; echo "FAIL building SnapshotTesting"; exit 1; }
    mv "$snapshot.tmp" "$snapshot"
    rm -rf "$snapshot.src"
fi

# -- LayerLintKit and what it links, as `swift build` makes them (a no-op after swift test) --
swift build --target LayerLintKit > "$cache/swift-build.log" 2>&1 || { cat "$cache/swift-build.log"; echo "FAIL swift build --target LayerLintKit"; exit 1; }
bin=$(swift build --show-bin-path)
kit_flags=(-I "$bin/Modules")
# The C targets' module maps (SwiftPM writes one for a target without its own; the
# `-tool.build` copies, for build-time tools, would define each module twice).
for map in "$repo"/Sources/*/module.modulemap "$bin"/*.build/module.modulemap; do
    case "$map" in *-tool.build/*) continue ;; esac
    [ -f "$map" ] && kit_flags+=(-Xcc "-fmodule-map-file=$map")
done

# Whole-module: one frontend job that type-checks every body and writes the module the
# next modules import (this one, not the Linux LayerTreeExport of .build, comes first).
# Uses the pass's $out, $search and $flavour.
check_module() {  # module, extra flags… (sources: $root/Sources/MODULE, or the folder $sources names)
    local module=$1; shift
    local log=$out/$module.log
    if ! swiftc -emit-module -wmo "${swift_flags[@]}" -module-name "$module" "${search[@]}" "$@" \
        -emit-module-path "$out/$module.swiftmodule" "${sources:-$root/Sources/$module}"/*.swift > "$log" 2>&1; then
        report "$log" "$flavour"
        return 1
    fi
}

# -- The docs' snippets, each in its context (.ci/apple-snippets.py) -----------------------
rm -rf "$cache/snippets" && mkdir -p "$cache/snippets"
snippets=$(python3 "$repo/.ci/apple-snippets.py" "$root" "$repo/.ci/apple-snippets" "$cache/snippets" 2> "$cache/snippets.log") \
    || { sed 's/^/FAIL [snippets] /' "$cache/snippets.log"; failed+=(snippets); }

example=$root/Examples/FeedCell
only=${APPLE_TYPECHECK_ONLY:-}

# -- Each flavour: the three modules with their Apple-only files, then the snippets -------
for flavour in uikit appkit; do
    [ -z "$only" ] || [ "$only" = "$flavour" ] || continue
    out=$cache/$flavour
    rm -rf "$out" && mkdir -p "$out"
    search=(-I "$out" -I "$stubs/common" -I "$stubs/$flavour")
    # The other modules and the snippets import LayerTreeExport: without it they would
    # only repeat "no such module".
    check_module LayerTreeExport || { echo "  (the rest of the $flavour pass needs LayerTreeExport: not checked)"; continue; }
    check_module LayerLintTesting "${kit_flags[@]}" || true
    check_module LayerLintSnapshotTesting -D SnapshotTesting -I "$snapshot" || true

    if [ "$flavour" = uikit ]; then
        # The example app's module and its tests (Examples/FeedCell, an iOS package).
        sources=$example/Sources/FeedUI check_module FeedUI -enable-testing \
            && { sources=$example/Tests/FeedUITests check_module FeedUITests -I "$snapshot" || true; }
        for s in $snippets; do
            log=${s%.swift}.log
            swiftc -typecheck "${swift_flags[@]}" -module-name Snippet "${search[@]}" "${kit_flags[@]}" -I "$snapshot" "$s" > "$log" 2>&1 \
                || report "$log" "$flavour snippet $(basename "$s" .swift)"
        done
    fi
done

# -- For an iOS target: the same stubs, with `@available` and `#available` enforced --------
# At the iOS minimum Package.swift declares (APPLE_TYPECHECK_IOS overrides it: the selftest
# checks the exporter's own guards at iOS 13). Only what needs no module that cannot be
# built for iOS here: LayerTreeExport and the snippets whose context says
# `apple-typecheck-ios` (LayerLintKit needs Foundation and libyaml, SnapshotTesting XCTest).
ios=${APPLE_TYPECHECK_IOS:-$(sed -n 's/.*\.iOS(\.v\([0-9]*\)).*/\1/p' "$repo/Package.swift")}
triple=x86_64-apple-ios$ios.0-simulator
check_for_ios() {
    local stdlib_key stdlib ios_flags ios_stubs
    stdlib_key=$( (swiftc --version 2>&1; cat "$repo/.ci/apple-stdlib.sh") | sha256sum | cut -c1-16)
    stdlib=$cache/ios-stdlib-$stdlib_key
    if [ ! -f "$stdlib/Swift.swiftmodule" ]; then
        rm -rf "$cache"/ios-stdlib-*
        "$repo/.ci/apple-stdlib.sh" "$stdlib.tmp" && mv "$stdlib.tmp" "$stdlib"
    fi
    ios_flags=(-target "$triple" -sdk "$stdlib/sdk" -I "$stdlib" -Xfrontend -disable-objc-interop)
    ios_stubs=$stubs/ios-$ios
    if [ ! -d "$ios_stubs" ]; then
        mkdir -p "$ios_stubs.tmp"
        for m in CoreFoundation ObjectiveC Darwin Foundation CoreGraphics QuartzCore UIKit; do
            build_stub "$m" "$ios_stubs.tmp" -I "$ios_stubs.tmp" "${ios_flags[@]}"
        done
        mv "$ios_stubs.tmp" "$ios_stubs"
    fi
    out=$cache/ios
    rm -rf "$out" && mkdir -p "$out"
    flavour="ios $ios"
    search=(-I "$out" -I "$ios_stubs" "${ios_flags[@]}")
    check_module LayerTreeExport || return 0
    sources=$example/Sources/FeedUI check_module FeedUI || true
    for s in $snippets; do
        grep -q '^// apple-typecheck-ios' "$s" || continue
        log=$out/$(basename "$s" .swift).log
        swiftc -typecheck "${swift_flags[@]}" -module-name Snippet "${search[@]}" "$s" > "$log" 2>&1 \
            || report "$log" "$flavour snippet $(basename "$s" .swift)"
    done
}
if [ -z "$only" ] || [ "$only" = ios ]; then check_for_ios; fi

if [ ${#failed[@]} -gt 0 ]; then
    echo "apple-typecheck: ${#failed[@]} failure(s)"
    exit 1
fi
echo "apple-typecheck: $(echo "$apple_files" | wc -w) Apple-only files in ${#checked_modules[@]} modules, Examples/FeedCell and $(echo "$snippets" | wc -w) doc snippets type-check (UIKit and AppKit flavours; LayerTreeExport, the example's FeedUI and the UIKit-only snippets also for $triple)"
