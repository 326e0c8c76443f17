#!/usr/bin/env bash
# tests/fuzz/run.sh - run the libFuzzer harnesses for a while each.
#
#   bash tests/fuzz/run.sh [SECONDS_PER_TARGET]   (default 60)
#
# Builds build-fuzz with clang, -Dfuzz=true and ASan+UBSan, then fuzzes
# each target starting from its corpus in tests/fuzz/corpus/<target>; new
# inputs that reach new code are added to a scratch corpus in build-fuzz
# (copy the interesting ones into tests/fuzz/corpus to keep them).  A crash
# leaves its input in build-fuzz/crash-* and stops the run.
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=${1:-60}
if [ ! -f build-fuzz/build.ninja ]; then
    CC=clang meson setup build-fuzz -Dfuzz=true -Db_sanitize=address,undefined \
        -Db_lundef=false -Dbuildtype=debugoptimized >/dev/null
fi
ninja -C build-fuzz >/dev/null
export WIBBELLD_TEST_DATA="$PWD/build-fuzz/tests/testdata"
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
for t in dict games; do
    mkdir -p "build-fuzz/corpus-$t"
    echo "== fuzz_$t for ${secs}s"
    (cd build-fuzz && "./tests/fuzz_$t" -max_total_time="$secs" -max_len=2048 \
        -print_final_stats=1 "corpus-$t" "../tests/fuzz/corpus/$t" 2>&1 | tail -12)
done
