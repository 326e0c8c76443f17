#!/usr/bin/env bash
# tests/conformance-soak.sh - the conformance harness, longer: many more
# seeded matches per game, through the game interface and over HTTP.
#
#   bash tests/conformance-soak.sh [MATCHES_PER_GAME]   (default 300)
#
# Needs a build (bash deploy/setup.sh build).  Loopback only; it ends by
# itself.  CI runs the same harness with a few matches per game.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-300}
B=${BUILD:-build}
ninja -C "$B" >/dev/null
export WIBBELLD_TEST_DATA="$PWD/$B/tests/testdata" WIBBELLD="$PWD/$B/daemon/wibbelld"
echo "== interface: $n matches per game"
CONFORMANCE_MATCHES=$n "$B/tests/test_conformance"
echo "== HTTP: $((n / 10 > 0 ? n / 10 : 1)) matches per game"
CONFORMANCE_HTTP_MATCHES=$((n / 10 > 0 ? n / 10 : 1)) python3 tests/e2e/test_conformance.py
