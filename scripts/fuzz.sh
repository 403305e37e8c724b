#!/usr/bin/env bash
# Builds one libFuzzer target of Fuzz/ and runs it for a given time (docs/reliability.md).
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
#   scripts/fuzz.sh build                      # only build every target
#
# TARGET: yaml-loader, json-loader, svg-path, whole-lint, config-reader, baseline-reader. The package's library modules are
# built with coverage instrumentation and the address sanitizer into .build-fuzz (never the
# package's own .build), and each target is compiled against them with swiftc: the fuzz
# entry points stay out of Package.swift, so `swift build` and `swift test` never see them.
# The corpus grows in .build-fuzz/corpus/TARGET, seeded from fixtures/ and the examples of
# rules/*.yml; crashes, leaks and timeouts land in .build-fuzz/findings/TARGET. Each one
# found becomes a unit test with its minimal input (see docs/reliability.md).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
scratch="$root/.build-fuzz"
modules=(CMappedFileGuard CFileWriteBack YAML LayerGeometry LayerModel LayerDecode LayerImport LayerFacts LayerRules LayerEstimate LayerReport LayerConfig LayerTreeExport LayerLintKit)

source_of() {
    case "$1" in
        yaml-loader) echo YAMLLoader ;;
        json-loader) echo JSONLoader ;;
        svg-path) echo SVGPath ;;
        whole-lint) echo WholeLint ;;
        config-reader) echo ConfigReader ;;
        baseline-reader) echo BaselineReader ;;
        *) echo "unknown fuzz target '$1'; the targets are yaml-loader, json-loader, svg-path, whole-lint, config-reader, baseline-reader" >&2; exit 2 ;;
    esac
}

build_modules() {
    # Optimised, as shipped (a debug build runs ten times fewer inputs per second).
    # Coverage for libFuzzer's feedback (the same counters -sanitize=fuzzer puts in) plus
    # ASan; linking the fuzzer runtime waits for the target, which brings the entry point.
    swift build -c release --scratch-path "$scratch" --target LayerLintKit \
        -Xswiftc -sanitize=address \
        -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp,indirect-calls
}

build_target() {
    local name
    name=$(source_of "$1")
    local objects=()
    for m in "${modules[@]}"; do
        for o in "$scratch"/release/"$m".build/*.o; do objects+=("$o"); done
    done
    rm -f "$scratch/fuzz-$1"
    swiftc -sanitize=fuzzer,address -parse-as-library -g -O \
        -I "$scratch/release/Modules" -I "$root/Sources/CYAML" -I "$root/Sources/CZlib" -Xcc -fmodule-map-file="$scratch/release/CMappedFileGuard.build/module.modulemap" \
        -Xcc -fmodule-map-file="$scratch/release/CFileWriteBack.build/module.modulemap" \
        "$root/Fuzz/FuzzSupport.swift" "$root/Fuzz/$name.swift" "${objects[@]}" \
        -lyaml -lz -o "$scratch/fuzz-$1" 2>&1 | { grep -v "Cannot export local symbol" || true; }
    # The pipe hides swiftc's status; the binary's presence tells instead.
    [ -x "$scratch/fuzz-$1" ] || { echo "building fuzz-$1 failed" >&2; exit 1; }
}

seed_corpus() {
    local corpus="$scratch/corpus/$1"
    [ -d "$corpus" ] && return
    mkdir -p "$corpus"
    case "$1" in
        yaml-loader) cp fixtures/*.yml "$corpus/"; python3 scripts/fuzz-seeds.py examples "$corpus" ;;
        json-loader) cp fixtures/*.json "$corpus/" ;;
        svg-path) python3 scripts/fuzz-seeds.py paths "$corpus" ;;
        whole-lint) cp fixtures/*.yml fixtures/*.json "$corpus/"; python3 scripts/fuzz-seeds.py examples "$corpus" ;;
        config-reader) python3 scripts/fuzz-seeds.py configs "$corpus" ;;
        baseline-reader) python3 scripts/fuzz-seeds.py baselines "$corpus" ;;
    esac
}

if [ "${1:-}" = build ]; then
    build_modules
    for t in yaml-loader json-loader svg-path whole-lint config-reader baseline-reader; do build_target "$t"; done
    exit 0
fi
[ $# -ge 2 ] || { echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer options...] | scripts/fuzz.sh build" >&2; exit 2; }
target=$1 seconds=$2
shift 2
source_of "$target" > /dev/null
build_modules
build_target "$target"
seed_corpus "$target"
findings="$scratch/findings/$target"
mkdir -p "$findings"
dict=()
[ -f "Fuzz/$target.dict" ] && dict=("-dict=$root/Fuzz/$target.dict")
# -timeout: an input that takes longer than 10 s is a hang; -rss_limit_mb: one that needs
# more than 2 GB is unbounded memory. Both are findings, like crashes.
cd "$findings"
exec "$scratch/fuzz-$target" "$scratch/corpus/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -print_final_stats=1 "${dict[@]}" "$@"
