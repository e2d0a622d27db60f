#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds with zero warnings in our own
# code, and runs every test (unit, store, importers, site, end-to-end CLI).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
# Every rule ID the code cites is explained in docs/ (a few seconds, before the long build).
scripts/check-doc-ids.sh --strict

log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
# Zero warnings in our sources (dependencies' warnings are not ours to fix).
if grep -E "^$(pwd)/(Sources|Tests)/.*: warning:" "$log"; then
    echo "test.sh: the build has warnings in Sources/ or Tests/ (see above)" >&2
    exit 1
fi
swift test --skip-build "$@"
# A short run of every fuzz target and of the CLI mutation loop (about 2-3 minutes; see
# README "Fuzzing"); skipped when test.sh is given a filter.
[ $# -gt 0 ] || scripts/fuzz-ci.sh
# The demo site in a real browser: axe-core in light and dark mode, no console errors, no
# sideways scroll on a phone, heatmap contrast, printing (README "Browser tests"; about 2
# minutes, plus installing Chromium and Playwright the first time); skipped with a filter.
[ $# -gt 0 ] || scripts/browser-test.sh
