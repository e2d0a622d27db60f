#!/usr/bin/env bash
# The release binary of scripts/demo.sh and scripts/bench.py (README "Performance"):
# - `--static-swift-stdlib`: the Swift runtime and Foundation linked in, so the binary runs on
#   its own, starts in a third of the time and maps less memory;
# - `-no-pie`: a position-dependent executable. A position-independent one carries 2.3 MB of
#   relocation records that the loader reads at every start and writes a relocated copy of
#   0.8 MB of read-only data: about 3.5 MiB of a build's peak memory (63 instead of 66.6 MiB for
#   the 10-year full build). The cost is that the executable itself always loads at the same
#   address (no address-space randomisation for its own code; shared libraries keep theirs), as
#   Go builds Hugo by default on Linux.
# - `-cross-module-optimization`: every module's function bodies are offered to the modules
#   that call it, so the site code can inline and specialise the core's small functions and
#   generic types instead of calling through module boundaries. Measured with callgrind on the
#   10-year demo: full build 3.19 -> 3.14 billion instructions, one-workout rebuild 1.49 -> 1.46
#   billion; every page, `stats --json`, `check --json`, import message and export byte-identical
#   (README "Performance", seventh sitting). It applies to the dependencies too; a fresh release
#   build of `wkt-site` with it took 4 minutes on the project VM. Whole-program LTO
#   (`--experimental-lto-mode=full`) saved more (2.96 and 1.41 billion) but is experimental in
#   SwiftPM and added two minutes to every first build.
#   One thing to know when building here again and again: after a change to the stored
#   properties of a public type (the sixteenth sitting gave `CivilDate` one), an incremental
#   release build kept code in another module compiled for the type's old layout, and the
#   binary freed memory twice at exit; a clean release build was right. After such a change,
#   delete `.build/*/release` first (a fresh clone, as CI builds, is always clean).
# Two executables, installed side by side: `wkt-site`, and `wkt-site-serve`, the preview server
# that `wkt-site serve` hands over to (its HTTP library links libcurl and some thirty shared
# libraries, which `wkt-site` no longer loads at every start; README "Install").
set -euo pipefail
cd "$(dirname "$0")/.."
for product in wkt-site wkt-site-serve; do
    swift build -c release --product "$product" --static-swift-stdlib -Xlinker -no-pie -Xswiftc -cross-module-optimization "$@"
done
