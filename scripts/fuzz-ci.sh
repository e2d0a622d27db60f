#!/usr/bin/env bash
# scripts/fuzz-ci.sh — the short fuzz run for CI (called from scripts/test.sh).
#
# Usage: scripts/fuzz-ci.sh [SECONDS-PER-TARGET]      (default 15, or $FUZZ_CI_SECONDS)
#
# 1. Builds the libFuzzer targets (scripts/fuzz.sh; about 2–3 minutes cold, seconds when warm)
#    and runs each of csv, health, json, config, notes for SECONDS with the fixed seed 1 from the
#    committed seeds (plus ../shared/formats-samples/ when present).
# 2. Runs scripts/fuzz-cli.py, the seeded mutation loop over the built `wkt-site import`, for
#    2 × SECONDS with seed 1 (skipped with a message when no wkt-site binary is built).
#
# Needs nothing beyond the main build: libFuzzer and AddressSanitizer ship with the Swift
# toolchain; python3 is installed when missing (sqlite3 comes with scripts/deps.sh, and
# fuzz-cli.py falls back to Python's sqlite3 module without the CLI).
#
# The A-09 message check runs as $WKT_FUZZ_MESSAGES says: `enforce` by default here (a message
# with a raw control character, a line break or over the length cap fails); `warn` only prints. Crashes, hangs over 5 s, broken properties,
# exit codes outside {0, 65, 74} and failed imports that change the store always fail.
#
# Exit status: 0 when everything held; 1 with the reproducers' paths printed otherwise.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_EACH="${1:-${FUZZ_CI_SECONDS:-15}}"
export WKT_FUZZ_MESSAGES="${WKT_FUZZ_MESSAGES:-enforce}"
# WKT_FUZZ_SKIP_KNOWN=1 skips inputs of the toml++ aborts (`[!`, `a=[}`); they are fixed by
# WktConfig's TableHeaderCheck and pinned by FuzzRegressionTests, so CI fuzzes them too.
export WKT_FUZZ_SKIP_KNOWN="${WKT_FUZZ_SKIP_KNOWN:-0}"
status=0

"$ROOT/scripts/fuzz.sh" --seed 1 all "$SECONDS_EACH" || status=1

# fuzz-cli.py needs python3 (sqlite3 comes with scripts/deps.sh); install it when missing.
if ! command -v python3 >/dev/null 2>&1; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "fuzz-ci: installing python3 …" >&2
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 >/dev/null
fi

if [ -x "$ROOT/.build/debug/wkt-site" ] || [ -x "$ROOT/.build/release/wkt-site" ]; then
    python3 "$ROOT/scripts/fuzz-cli.py" --seed 1 --seconds "$((SECONDS_EACH * 2))" || status=1
else
    echo "fuzz-ci: no wkt-site binary in .build/; the import mutation loop is skipped (run swift build first)" >&2
fi

[ "$status" = 0 ] && echo "fuzz-ci: ok" >&2 || echo "fuzz-ci: FAILED (reproducers above)" >&2
exit "$status"
