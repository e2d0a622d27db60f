#!/usr/bin/env bash
# scripts/fuzz.sh — run wkt-site's libFuzzer targets (docs/reliability.md §3).
#
# Usage:
#   scripts/fuzz.sh [options] TARGET SECONDS [-- LIBFUZZER-ARGS...]
#   scripts/fuzz.sh [options] all SECONDS          each target for SECONDS, one after another
#   scripts/fuzz.sh [options] TARGET FILE...       run saved inputs once (reproduce a crash)
#   scripts/fuzz.sh --list | --help
#
# Targets (sources in Fuzz/Sources/fuzz-TARGET/, properties in each file's header):
#   csv     strict CSV reader + Strong/Hevy/FitNotes/Fitbod/StrongLifts detection and import (FileImporter.read)
#   health  Apple Health byte pre-pass (chunking-independent, UTF-8, no control bytes, line feeds
#           kept) + the whole import of export.xml / export.zip (HealthZip, XMLParser)
#   json    wkt JSON and Gym-Baazi JSON checks and importers; wkt encode/decode round trip
#   config  wkt-site.toml loader (ConfigLoader.parse)
#   notes   NoteRenderer: caps + cmark-gfm; no <script>, no on…= attributes, only web links,
#           output ≤ 32× the note and ≤ 256 KiB
# Every target checks: no crash (a Swift trap or an ASan report), no input running over 5 s,
# failures thrown as the module's error type, and error/warning messages per docs/reliability.md A-09
# (one line, no raw control characters, at most 16 KiB).
#
# Options:
#   --messages MODE   A-09 message check: enforce (default; a violation is a crash),
#                     warn (print the first 20, go on) or off. Also WKT_FUZZ_MESSAGES=MODE.
#   --no-build        use the fuzzers already built in .build-fuzz/
#   --seed N          libFuzzer -seed (default: random; CI passes a fixed one)
#   --keep-going      fork mode (-fork=1 -ignore_crashes=1 -ignore_timeouts=1): record every
#                     crash and go on until SECONDS are up (long runs); still exits 1 if any
#                     crash or confirmed timeout was recorded
#
# Build: the package in Fuzz/ links the root package's libraries, compiled with
#   swift build -c release --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address \
#     -Xswiftc -parse-as-library -Xswiftc -enable-testing
# libFuzzer and AddressSanitizer come with the Swift toolchain (usr/lib/clang/*/lib/linux/
# libclang_rt.{fuzzer,asan}-x86_64.a); nothing beyond the main build's dependencies is needed.
# Swift code is instrumented for coverage; the C libraries (cmark-gfm, sqlite, toml++ inside
# TOMLKit) are not, so their internals do not guide the fuzzer.
#
# Files:
#   Fuzz/Corpus/TARGET/      committed seeds (small, hand-written), read only
#   .fuzz/corpus/TARGET/     inputs libFuzzer found interesting (git-ignored, kept between runs)
#   .fuzz/artifacts/TARGET/  crash-*, timeout-*, oom-* reproducers (git-ignored)
#   Fuzz/Regressions/TARGET/ minimised reproducers of fixed bugs, replayed by Swift tests
# Seeds from ../shared/formats-samples/ (or $WKT_FORMATS_SAMPLES) are added when present, cut
# to the target's -max_len.
#
# WKT_FUZZ_SKIP_KNOWN=1 makes a target skip inputs of a known, not yet fixed crash (today: the
# two toml++ assertions in fuzz-config, Fuzz/Regressions/config/), so a run can look for
# other faults.
#
# A timeout (libFuzzer's -timeout=5 is wall time) is replayed twice before it counts: an input
# that then finishes in time was stalled by machine load and is kept as unconfirmed-timeout-….
#
# Exit status: 0 when no target crashed or hung; 1 otherwise, after printing each reproducer's
# path and the command that replays it; 64 for a usage error.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="$ROOT/.build-fuzz"
WORK="$ROOT/.fuzz"
TARGETS=(csv health json config notes)
SAMPLES="${WKT_FORMATS_SAMPLES:-$ROOT/../shared/formats-samples}"
[ -d "$SAMPLES" ] || SAMPLES="/work/shared/formats-samples"

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }
die() { echo "fuzz.sh: $*" >&2; exit 64; }

MESSAGES="${WKT_FUZZ_MESSAGES:-enforce}"
BUILD=1
SEED=""
KEEP_GOING=0
while [ $# -gt 0 ]; do
    case "$1" in
        -h|--help) usage; exit 0 ;;
        --list) printf '%s\n' "${TARGETS[@]}"; exit 0 ;;
        --messages) [ $# -ge 2 ] || die "--messages needs enforce, warn or off"; MESSAGES="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --keep-going) KEEP_GOING=1; shift ;;
        --seed) [ $# -ge 2 ] || die "--seed needs a number"; SEED="$2"; shift 2 ;;
        --) shift; break ;;
        -*) die "unknown option $1 (see --help)" ;;
        *) break ;;
    esac
done
case "$MESSAGES" in enforce|warn|off) ;; *) die "--messages: expected enforce, warn or off, got '$MESSAGES'" ;; esac
[ $# -ge 2 ] || { usage >&2; exit 64; }
TARGET="$1"; shift
if [ "$TARGET" != all ] && ! printf '%s\n' "${TARGETS[@]}" | grep -qx -- "$TARGET"; then
    die "unknown target '$TARGET' (targets: ${TARGETS[*]} all)"
fi

# The longest input per target: above the 8 KiB note cap for notes, room for a few hundred CSV
# rows or a small zip, short for the config.
max_len() {
    case "$1" in
        csv|health) echo 16384 ;;
        notes) echo 12288 ;;
        json) echo 8192 ;;
        config) echo 2048 ;;
    esac
}

build() {
    echo "fuzz.sh: building the fuzzers (.build-fuzz, -sanitize=fuzzer,address)…" >&2
    (cd "$ROOT/Fuzz" && swift build -c release --scratch-path "$SCRATCH" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing 2>&1 \
        | grep -v -e "ld.gold: warning: Cannot export local symbol" -e "found 1 file(s) which are unhandled" >&2) \
        || { echo "fuzz.sh: build failed" >&2; exit 1; }
}

binary() { echo "$SCRATCH/release/fuzz-$1"; }

# Links up to 40 format samples fitting the target into a scratch folder, one per line on stdout.
samples_dir() {
    local target="$1" dir="$WORK/samples/$1" pattern
    case "$target" in
        csv) pattern='*.csv' ;;
        health) pattern='*.xml' ;;
        *) return 0 ;;
    esac
    if [ ! -d "$SAMPLES" ]; then
        echo "fuzz.sh: $SAMPLES is missing; fuzzing $target from the committed seeds only" >&2
        return 0
    fi
    rm -rf "$dir"; mkdir -p "$dir"
    find "$SAMPLES" -type f -name "$pattern" | sort | head -40 | while read -r file; do
        head -c "$(max_len "$target")" "$file" > "$dir/$(basename "$file")"
    done
    echo "$dir"
}

# Runs libFuzzer with common options; "$@" are its extra arguments and inputs.
run_fuzzer() {
    local target="$1"; shift
    mkdir -p "$WORK/artifacts/$target"
    env WKT_FUZZ_MESSAGES="$MESSAGES" SWIFT_BACKTRACE=enable=no \
        ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:handle_abort=1:allocator_may_return_null=1}" \
        TMPDIR="${TMPDIR:-/tmp}" \
        "$(binary "$target")" -timeout=5 -rss_limit_mb=2048 -detect_leaks=0 -max_len="$(max_len "$target")" \
        -artifact_prefix="$WORK/artifacts/$target/" ${SEED:+-seed="$SEED"} "$@"
}

# Replays a timeout reproducer twice: an input that then finishes within 5 s only ran out of
# time because the shared machine stalled the fuzzer (libFuzzer's timeout is wall time), so it
# is renamed unconfirmed-timeout-… and not counted. Returns 0 when the timeout is confirmed.
confirm_timeout() {
    local target="$1" file="$2" try
    for try in 1 2; do
        if ! run_fuzzer "$target" -runs=1 "$file" > "$WORK/logs/$target.replay.log" 2>&1; then
            return 0
        fi
    done
    mv "$file" "$(dirname "$file")/unconfirmed-$(basename "$file")"
    echo "fuzz.sh: $target: $(basename "$file") finished within 5 s on two replays (a load stall, not a hang);" \
        "kept as unconfirmed-$(basename "$file")" >&2
    return 1
}

# The first line that says why a reproducer fails, from one replay.
reason() {
    run_fuzzer "$1" -runs=1 "$2" 2>&1 | grep -m1 -E \
        "property failed|Assertion|Fatal error|ERROR: AddressSanitizer: [a-z-]+|ERROR: libFuzzer: [a-z-]+" \
        | cut -c1-300 || true
}

# Prints the reproducers written since the marker file and how to replay them; returns the
# number of confirmed ones (crashes, ooms, leaks, timeouts that replay as timeouts).
report_artifacts() {
    local target="$1" marker="$2" count=0 file
    while IFS= read -r file; do
        [ -n "$file" ] || continue
        case "$(basename "$file")" in
            timeout-*) confirm_timeout "$target" "$file" || continue ;;
        esac
        count=$((count + 1))
        if [ "$count" -gt 10 ]; then continue; fi
        echo "fuzz.sh: $target: reproducer $file" >&2
        echo "fuzz.sh:   why: $(reason "$target" "$file")" >&2
        echo "fuzz.sh:   replay: scripts/fuzz.sh $target $file" >&2
    done < <(find "$WORK/artifacts/$target" -type f ! -name 'unconfirmed-*' -newer "$marker" 2>/dev/null | sort)
    [ "$count" -le 10 ] || echo "fuzz.sh: $target: … and $((count - 10)) more reproducers in $WORK/artifacts/$target" >&2
    [ "$count" -le 255 ] || count=255
    return "$count"
}

fuzz_one() {
    local target="$1" seconds="$2"; shift 2
    local corpus="$WORK/corpus/$target" marker log status confirmed
    mkdir -p "$corpus" "$WORK/logs" "$WORK/artifacts/$target"
    marker="$(mktemp "$WORK/.marker.XXXXXX")"
    log="$WORK/logs/$target.log"
    local seeds=("$ROOT/Fuzz/Corpus/$target")
    local extra; extra="$(samples_dir "$target")"
    [ -n "$extra" ] && seeds+=("$extra")
    local mode=()
    [ "$KEEP_GOING" = 1 ] && mode=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    echo "fuzz.sh: $target for ${seconds}s (messages: $MESSAGES${mode:+, keep going}, log $log)" >&2
    status=0
    run_fuzzer "$target" -max_total_time="$seconds" -print_final_stats=1 "${mode[@]}" "$@" "$corpus" "${seeds[@]}" \
        > "$log" 2>&1 || status=$?
    { grep -E "^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::number_of_executed_units|^stat::peak_rss|A-09 \(warn\)" "$log" \
        | head -30; grep -E "^#[0-9]+: cov:" "$log" | tail -1; } | sed "s/^/fuzz.sh: $target: /" >&2 || true
    confirmed=0
    report_artifacts "$target" "$marker" || confirmed=$?
    if [ "$confirmed" != 0 ] || { [ "$status" != 0 ] && [ "$KEEP_GOING" = 0 ] && \
            ! find "$WORK/artifacts/$target" -name 'unconfirmed-*' -newer "$marker" | grep -q .; }; then
        echo "fuzz.sh: $target: FAILED (libFuzzer exit $status, $confirmed reproducer(s)); from $log:" >&2
        grep -E "property failed|Fatal error|Assertion|ERROR:|SUMMARY:|out-of-memory" "$log" \
            | grep -v "A-09 (warn)" | sort | uniq -c | sort -rn | head -8 >&2 || true
        status=1
    else
        echo "fuzz.sh: $target: ok, corpus $(find "$corpus" -type f | wc -l) inputs" >&2
        status=0
    fi
    rm -f "$marker"
    return "$status"
}

[ "$BUILD" = 1 ] && build
for t in "${TARGETS[@]}"; do
    [ -x "$(binary "$t")" ] || { echo "fuzz.sh: $(binary "$t") is missing (run without --no-build)" >&2; exit 1; }
done

# Replay mode: the arguments after TARGET are files.
if [ -e "$1" ]; then
    [ "$TARGET" != all ] || die "replaying inputs needs one target"
    run_fuzzer "$TARGET" -runs=1 "$@"
    exit $?
fi

SECONDS_EACH="$1"; shift
[[ "$SECONDS_EACH" =~ ^[0-9]+$ ]] && [ "$SECONDS_EACH" -gt 0 ] || die "SECONDS must be a positive integer, got '$SECONDS_EACH'"
[ "${1:-}" != "--" ] || shift

failed=()
if [ "$TARGET" = all ]; then
    for t in "${TARGETS[@]}"; do fuzz_one "$t" "$SECONDS_EACH" "$@" || failed+=("$t"); done
else
    fuzz_one "$TARGET" "$SECONDS_EACH" "$@" || failed+=("$TARGET")
fi
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: FAILED: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz.sh: all ok" >&2
