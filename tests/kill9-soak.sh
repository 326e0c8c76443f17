#!/usr/bin/env bash
# tests/kill9-soak.sh - the kill -9 test, longer: the daemon is killed with
# SIGKILL KILLS times (default 25) under concurrent clients, restarted on
# the same data each time; then every acknowledged action must be in its
# match's log and every log must replay to the stored state.  And the
# stress test for STRESS seconds (default 60): a /healthz watchdog over
# timers, actions, listings and creations.
#
#   bash tests/kill9-soak.sh [KILLS] [STRESS_SECONDS]
#
# Needs a build (bash deploy/setup.sh build).  Loopback only; it ends by
# itself.  The suite runs both with 3 kills and 15 s.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD:-build}
ninja -C "$B" >/dev/null
export WIBBELLD_TEST_DATA="$PWD/$B/tests/testdata" WIBBELLD="$PWD/$B/daemon/wibbelld"
export PYTHONPATH="$PWD/tests/e2e"
echo "== kill -9: ${1:-25} kills"
WIBBELLD_KILLS=${1:-25} python3 tests/e2e/test_kill9.py
echo "== stress: ${2:-60} s"
WIBBELLD_STRESS_S=${2:-60} python3 tests/e2e/test_stress.py
