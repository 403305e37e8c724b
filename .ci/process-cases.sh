#!/usr/bin/env bash
# Process-level reliability cases (docs/reliability.md): what unit tests cannot show,
# run against the built binary: folder walks past links and FIFOs, FIFOs and endless
# standard input, a dump truncated while it is being linted, and a tight address-space
# limit (ulimit -v). Run from the repository root after `swift build`.
# Each case prints what it checks; any failure makes the script exit non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."

bin="$(pwd)/.build/debug/layerlint"
[ -x "$bin" ] || { echo "no $bin: run swift build first" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/layerlint-process-cases.XXXXXX")
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
failures=0
# Crash reports of the Swift runtime would only slow a failing case down.
export SWIFT_BACKTRACE=enable=no

check() {  # check DESCRIPTION CONDITION...: reports one expectation
    local what=$1; shift
    if "$@"; then echo "  ok: $what"; else echo "  FAILED: $what"; failures=$((failures + 1)); fi
}
contains() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }

# --- the folder walk -----------------------------------------------------------------
echo "== a folder walk does not follow links out of the folder, and skips FIFOs"
mkdir -p "$work/walk/root/sub" "$work/walk/outside"
printf 'root: {name: card}\n' > "$work/walk/root/card.yml"
printf -- '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU\n' > "$work/walk/outside/id.yml"
ln -s ../outside/id.yml "$work/walk/root/key.yml"
ln -s ../../outside "$work/walk/root/sub/out"
ln -s .. "$work/walk/root/sub/loop"
mkfifo "$work/walk/root/pipe.yml"
set +e
timeout 30 "$bin" lint "$work/walk/root" > "$work/out" 2> "$work/err"
status=$?
set -e
check "the walk ends (no wait on the FIFO), exit 0: status $status" test "$status" -eq 0
check "one file linted" contains "$work/out" "1 file, 1 snapshot"
check "one note for the two links out" contains "$work/err" "note: skipped 2 symbolic links that lead out of $work/walk/root (not followed, not read)"
check "a note for the FIFO" contains "$work/err" "skipped 1 file in $work/walk/root that is not a regular file"
check "nothing of the linked key is read or shown" lacks "$work/out" "BEGIN"

echo "== a file that is not a dump is not quoted in its error"
set +e
timeout 30 "$bin" lint "$work/walk/outside/id.yml" > "$work/out" 2> "$work/err"
status=$?
set -e
check "exit 2: status $status" test "$status" -eq 2
check "the error says what was expected" contains "$work/out" "a dump must be a mapping with a \`root\` layer, found a single value (text or a number)"
check "the key's text is not in the output" lacks "$work/out" "b3BlbnNz"

# --- FIFOs and standard input ----------------------------------------------------------
echo "== a FIFO named on the command line is read like standard input"
mkfifo "$work/named.json"
printf '{"root": {"name": "card"}}' > "$work/named.json" &
pids+=($!)
set +e
timeout 30 "$bin" lint "$work/named.json" > "$work/out" 2> "$work/err"
status=$?
set -e
check "exit 0: status $status" test "$status" -eq 0
check "linted as JSON" contains "$work/out" "1 file, 1 snapshot, 1 layer"

echo "== an endless FIFO ends at the stream cap with exit 2"
mkfifo "$work/endless"
yes 'root: {}' > "$work/endless" 2> /dev/null &
pids+=($!)
set +e
timeout 120 "$bin" lint "$work/endless" > "$work/out" 2> "$work/err"
status=$?
set -e
check "exit 2: status $status" test "$status" -eq 2
check "the error names the cap" contains "$work/out" "the stream holds more than 268435456 bytes (256 MiB), the most LayerLint reads from standard input or a FIFO"

echo "== endless standard input ends at the cap, in bounded memory"
set +e
if [ -x /usr/bin/time ]; then
    yes 'root: {}' 2> /dev/null | timeout 120 /usr/bin/time -f '%M' -o "$work/rss" "$bin" lint - > "$work/out" 2> "$work/err"
else
    yes 'root: {}' 2> /dev/null | timeout 120 "$bin" lint - > "$work/out" 2> "$work/err"
fi
status=${PIPESTATUS[1]}
set -e
check "exit 2: status $status" test "$status" -eq 2
check "the error names the cap" contains "$work/out" "<stdin>:1:1: error: standard input holds more than 268435456 bytes (256 MiB)"
if [ -s "$work/rss" ]; then
    rss=$(tail -1 "$work/rss")
    check "peak RSS $rss KB stays under 700 MB" test "$rss" -lt 700000
fi

echo "== limits.fileBytes lower than the cap bounds standard input too"
printf 'limits:\n  fileBytes: 1000\n' > "$work/small.yml"
set +e
yes 'root: {}' 2> /dev/null | timeout 60 "$bin" lint - --config "$work/small.yml" > "$work/out" 2> "$work/err"
status=${PIPESTATUS[1]}
set -e
check "exit 2: status $status" test "$status" -eq 2
check "the error names limits.fileBytes" contains "$work/out" "standard input holds more than 1000 bytes; the limit limits.fileBytes is 1000"

# --- truncation while reading ----------------------------------------------------------
echo "== a dump truncated by another process while it is linted is an error, not SIGBUS"
python3 - "$work/big.json" <<'PY'
import sys
layer = '{"name": "cell", "frame": [0, 0, 390, 44], "backgroundColor": "#FFFFFF", "cornerRadius": 8}'
with open(sys.argv[1], "w") as f:
    f.write('{"layerlint": 1, "root": {"frame": [0, 0, 390, 844], "sublayers": [')
    f.write(", ".join([layer] * 400000))
    f.write("]}}\n")
PY
set +e
timeout 120 "$bin" lint "$work/big.json" > "$work/out" 2> "$work/err" &
bounded=$!
pids+=($!)
# Truncate once the file is mapped: its path shows in the maps of layerlint, the child
# of timeout.
for _ in $(seq 1 1000); do
    lint=$(cat "/proc/$bounded/task/$bounded/children" 2> /dev/null | tr -d ' ')
    [ -n "$lint" ] && grep -qF "$work/big.json" "/proc/$lint/maps" 2> /dev/null && break
    sleep 0.01
done
truncate -s 4096 "$work/big.json"
wait "$bounded"
status=$?
set -e
check "exit 2, not a signal: status $status" test "$status" -eq 2
check "the error says the file changed" contains "$work/out" "error: the file changed while it was read (it was"

# --- address-space limit -------------------------------------------------------------
echo "== under ulimit -v, lint ends in findings or a precise error, never an abort"
set +e
(ulimit -v 400000; timeout 120 "$bin" lint fixtures > "$work/out" 2> "$work/err")
status=$?
set -e
check "fixtures under 400 MB: exit 1 (their findings): status $status" test "$status" -eq 1
truncate -s 0 "$work/big.json"
python3 - "$work/big.json" <<'PY'
import sys
layer = '{"name": "cell", "frame": [0, 0, 390, 44], "backgroundColor": "#FFFFFF", "cornerRadius": 8}'
with open(sys.argv[1], "w") as f:
    f.write('{"layerlint": 1, "root": {"frame": [0, 0, 390, 844], "sublayers": [')
    f.write(", ".join([layer] * 1500000))
    f.write("]}}\n")
PY
for limit in 300000 450000 600000; do
    set +e
    (ulimit -v "$limit"; timeout 300 "$bin" lint "$work/big.json" fixtures/feed-cell.yml --jobs 2 > "$work/out" 2> "$work/err")
    status=$?
    set -e
    check "a $(($(stat -c %s "$work/big.json") >> 20)) MiB dump under ulimit -v $limit: exit 2, not an abort: status $status" test "$status" -eq 2
    check "  the error for the dump names the address-space limit" contains "$work/out" "the address-space limit (ulimit -v)"
    check "  the other file is still linted" contains "$work/out" "feed-cell.yml:"
done

if [ "$failures" -gt 0 ]; then echo "process cases: $failures failed"; exit 1; fi
echo "process cases: all passed"
