#!/usr/bin/env bash
# One command from a fresh clone to a browsable demo site in ./site/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
swift build -c release --product wkt-site
.build/release/wkt-site demo "$@"
