#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages wkt-site needs when they are missing.
# Swift itself must already be installed (swift.org toolchain).
set -euo pipefail

need=()
pkg-config --exists libcmark-gfm 2>/dev/null || need+=(libcmark-gfm-dev)
[ -f /usr/include/cmark-gfm-core-extensions.h ] || need+=(libcmark-gfm-extensions-dev)
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
# The release binary links Foundation statically (scripts/demo.sh), which needs the link files of
# curl and libxml2 (FoundationNetworking, FoundationXML).
[ -f /usr/include/x86_64-linux-gnu/curl/curl.h ] || [ -f /usr/include/curl/curl.h ] || need+=(libcurl4-openssl-dev)
[ -f /usr/include/libxml2/libxml/parser.h ] || need+=(libxml2-dev)
# The sqlite3 shell lets the store tests hold a competing lock (S-04) and check WAL files.
command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)

if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
            echo "wkt-site: need root (or sudo) to install: ${need[*]}" >&2; exit 1
        fi
    fi
    echo "Installing ${need[*]} …"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "wkt-site: Swift 6 is required (https://www.swift.org/install/linux/)" >&2
    exit 1
fi
