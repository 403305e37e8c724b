#!/usr/bin/env bash
# Proves that .ci/apple-typecheck.sh catches the mistakes it exists for: each case makes
# one small edit to a copy of the package (Sources, Plugins, docs, README, AppleStubs),
# runs the check on the copy, and expects it to fail naming the edited file. A case whose
# text is not found fails too, so a case cannot pass by no longer applying.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/apple-typecheck-selftest.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -r Sources Plugins docs README.md AppleStubs Examples "$work/"

status=0
# case: what it shows | file | exact text (once) | replacement | flavour that must fail
# [| the file the failure must name, when not the edited one]
run_case() {
    local what=$1 file=$2 from=$3 to=$4 flavour=$5 named=${6:-$2}
    cp "$repo/$file" "$work/$file"
    python3 - "$work/$file" "$from" "$to" <<'PY' || { echo "selftest: '$what': text not found once in $file"; status=1; return; }
import sys
path, old, new = sys.argv[1:]
text = open(path, encoding="utf-8").read()
if text.count(old) != 1:
    sys.exit(1)
open(path, "w", encoding="utf-8").write(text.replace(old, new))
PY
    local start=$SECONDS log=$work/case.log
    if APPLE_TYPECHECK_ONLY=${flavour%% *} APPLE_TYPECHECK_ROOT=$work .ci/apple-typecheck.sh > "$log" 2>&1; then
        echo "selftest FAILED: '$what' passed the type-check"; status=1
    elif ! grep -F "FAIL [$flavour" "$log" | grep -qF "$named"; then
        echo "selftest FAILED: '$what' failed without naming $named in the $flavour pass:"; cat "$log"; status=1
    else
        echo "ok: $what ($named, $flavour pass, $((SECONDS - start)) s)"
        grep -m1 -E ' error: ' "$log" | sed 's/^ */      /'
    fi
    cp "$repo/$file" "$work/$file"
}

exporter=Sources/LayerTreeExport/CALayer+ExportableLayer.swift
run_case "a misspelt CALayer property (shadowOpacity)" "$exporter" \
    "{ shadowOpacity }" "{ shadowOpactiy }" uikit
run_case "a dropped unwrap of an optional Apple returns (sublayers: [CALayer]?)" "$exporter" \
    "{ sublayers ?? [] }" "{ sublayers }" uikit
run_case "a dropped unwrap of CAFrameRateRange.preferred (Float?)" "$exporter" \
    "Double(r.preferred ?? 0)" "Double(r.preferred)" uikit
run_case "a wrong numeric type: repeatCount taken as a CGFloat (which would convert to Double), Apple's is Float" "$exporter" \
    "repeatCount: Double(a.repeatCount)" "repeatCount: a.repeatCount" uikit
run_case "a stub with CGFloat where Apple has Float (shadowOpacity) no longer accepts the exporter" AppleStubs/QuartzCore/CALayer.swift \
    "open var shadowOpacity: Float = 0" "open var shadowOpacity: CGFloat = 0" uikit "$exporter"
run_case "UIView's layer read off the main actor (the UIView overload without @MainActor)" Sources/LayerLintTesting/XCTestAssertion.swift \
    "@MainActor
public func assertNoOffscreenPasses(" "public func assertNoOffscreenPasses(" uikit
run_case "the AppKit branch, checked only in the pass without UIKit" "$exporter" \
    "private typealias PlatformView = NSView" "private typealias PlatformView = NSVeiw" appkit
run_case "the snapshot strategy's UIView overload" Sources/LayerLintSnapshotTesting/LayerDumpSnapshotting.swift \
    "(of: view.layer, screen: screen)" "(of: view.layers, screen: screen)" uikit
run_case "a snippet of docs/exporting.md (the LLDB recipe)" docs/exporting.md \
    "print(LayerTreeExport.yaml(of: UIApplication.shared.windows.first!.layer))" \
    "print(LayerTreeExport.yaml(of: UIApplication.shared.window.first!.layer))" uikit

run_case "the example's test calling a UIView method that does not exist" Examples/FeedCell/Tests/FeedUITests/FeedCellDumpTests.swift \
    "cell.layoutIfNeeded()" "cell.layoutIfNeded()" uikit

# Availability, in the pass for an iOS target. Package.swift's iOS 16 is above every API
# the exporter guards (iOS 13 and 15), so the cases check at iOS 13 (APPLE_TYPECHECK_IOS),
# the oldest its guards are written for: unchanged it passes there, and with a guard
# lowered below the API's availability it fails.
if APPLE_TYPECHECK_IOS=13 APPLE_TYPECHECK_ONLY=ios APPLE_TYPECHECK_ROOT=$work .ci/apple-typecheck.sh > "$work/ios13.log" 2>&1; then
    echo "ok: the exporter's availability guards hold at iOS 13"
else
    echo "selftest FAILED: the unchanged package fails at iOS 13:"; cat "$work/ios13.log"; status=1
fi
APPLE_TYPECHECK_IOS=13 run_case "a #available guard lowered below the API's availability (preferredFrameRateRange is iOS 15)" "$exporter" \
    "if #available(iOS 15, macOS 12, tvOS 15, *) {" "if #available(iOS 14, macOS 12, tvOS 15, *) {" "ios 13"

[ "$status" -eq 0 ] && echo "apple-typecheck selftest: every mistake was caught"
exit "$status"
