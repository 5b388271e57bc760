#!/usr/bin/env bash
# Configures and builds Accord out of tree in build/ (or $ACCORD_BUILD_DIR).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${ACCORD_BUILD_DIR:-$root/build}
(cd "$root" && ./autogen.sh >/dev/null 2>&1) || { echo "build: autoreconf failed"; exit 1; }
mkdir -p "$build"
cd "$build"
[ -f Makefile ] || "$root/configure" --quiet
make -j"$(nproc)" >/dev/null
echo "build: built in $build"
