#!/usr/bin/env bash
# Runs the whole test suite under the address sanitizer (with leak checks) and the thread
# sanitizer, each in its own build folder (.build-asan, .build-tsan), and prints how long
# each build and each run took (docs/reliability.md has the numbers).
#
#   scripts/sanitizers.sh            both
#   scripts/sanitizers.sh address    or: thread
#
# The CLI tests run the `layerlint` binary of the same build folder, so the sanitizer also
# watches `lint --jobs N`, which lints files on several threads.
set -euo pipefail
cd "$(dirname "$0")/.."
kinds=("${@:-address thread}")
read -r -a kinds <<< "${kinds[*]}"
status=0
for kind in "${kinds[@]}"; do
    case "$kind" in
        address) scratch=.build-asan ;;
        thread) scratch=.build-tsan ;;
        *) echo "unknown sanitizer '$kind'; use address or thread" >&2; exit 2 ;;
    esac
    start=$(date +%s)
    # Progress lines and gold's notes about ASan's local symbols are noise.
    swift build --build-tests --sanitize="$kind" --scratch-path "$scratch" 2>&1 \
        | grep -vE "^\[[0-9]+/[0-9]+\]|Cannot export local symbol" || true
    built=$(date +%s)
    # A report stops the run with its stack (halt_on_error); leaks are checked at exit.
    set +e
    ASAN_OPTIONS=halt_on_error=1:detect_leaks=1 LSAN_OPTIONS="suppressions=$(pwd)/scripts/lsan-suppressions.txt" TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
        swift test --skip-build --sanitize="$kind" --scratch-path "$scratch" > "$scratch/test.log" 2>&1
    result=$?
    set -e
    finished=$(date +%s)
    grep -E "Sanitizer|ERROR|WARNING: ThreadSanitizer|Executed .* tests|Test run with|error:" "$scratch/test.log" | sort | uniq -c || true
    echo "== $kind sanitizer: build $((built - start)) s, tests $((finished - built)) s, exit status $result (log: $scratch/test.log)"
    [ "$result" -eq 0 ] || status=1
done
exit "$status"
