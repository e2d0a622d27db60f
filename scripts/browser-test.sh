#!/usr/bin/env bash
# Browser tests of the demo site (README "Browser tests"): Chromium from Debian driven by
# Playwright for Python, with axe-core from axe-playwright-python. Installs what is missing
# (apt chromium; a virtualenv in .build/browser-venv with pinned packages; never
# `playwright install`, which would download a second browser), builds a 3-year demo site with
# the binary `swift build` made, and runs scripts/browser/check_site.py on it. Screenshots and
# print PDFs of every page kind are left in artifacts/browser/ for a person to look at.
#
#   scripts/browser-test.sh [BINARY]      (default: .build/debug/wkt-site)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/debug/wkt-site}

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
python3 -c "import venv, ensurepip" >/dev/null 2>&1 || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    echo "Installing ${need[*]} …"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

venv=.build/browser-venv
if ! "$venv/bin/python" -c "import playwright, axe_playwright_python, pypdf" >/dev/null 2>&1; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check playwright==1.65.2 axe-playwright-python==0.1.8 pypdf==5.1.0
fi

[ -x "$binary" ] || { echo "browser-test.sh: $binary is missing; run swift build first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$binary" demo --years 3 --store "$work/demo.sqlite" --output "$work/site" --quiet
rm -rf artifacts/browser
"$venv/bin/python" scripts/browser/check_site.py "$work/site" artifacts/browser --chromium "$(command -v chromium)"
