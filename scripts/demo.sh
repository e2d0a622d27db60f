#!/usr/bin/env bash
# One command from a fresh clone to a browsable demo site in ./site/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
# The release binary: Swift runtime and Foundation linked in, no PIE (see the script).
scripts/build-release.sh
.build/release/wkt-site demo "$@"
