#!/usr/bin/env bash
# deploy/setup.sh - one command from a fresh Debian 12 machine to a running
# daemon or a finished test run.
#
#   bash deploy/setup.sh run [wibbelld options]   install, build, run the daemon
#   bash deploy/setup.sh test                     install, build, run every test
#                                                 (plain and ASan+UBSan builds)
#   bash deploy/setup.sh build                    install and build only
#   bash deploy/setup.sh bench                    install, build, run the benchmark
#
# Installs only what is missing (from deploy/debian-packages.txt: `run`
# its [run] section, what the daemon needs; the others [test] as well);
# needs root for that, as docs/install.md says.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
top=$(cd "$here/.." && pwd)
cd "$top"

# The packages of the named sections of debian-packages.txt (one list for
# all: [run] what the daemon needs, [test] what the tests add).
packages() { # packages SECTION...
    awk -v want=" $* " '
        /^[[:space:]]*(#|$)/ { next }
        /^\[[a-z]+\]$/ { sec = substr($1, 2, length($1) - 2); next }
        index(want, " " sec " ") { print $1 }' "$here/debian-packages.txt"
}

install_missing() { # install_missing "SECTION..." [more packages]
    local want=() missing=()
    mapfile -t want < <(packages $1)
    shift
    want+=("$@")
    for p in "${want[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    if [ -n "${WIBBELLD_SETUP_DRY_RUN:-}" ]; then
        # for tests/e2e/test_setup.py: what would be installed, and stop
        echo "setup: would install ${missing[*]}"
        exit 0
    fi
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "setup: installing ${missing[*]}" >&2
    if [ "$(id -u)" -ne 0 ]; then
        echo "setup: run as root, or install these first: apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    local t0=$SECONDS
    quiet "apt-get update" apt-get update -qq
    quiet "apt-get install" apt-get install -y -qq --no-install-recommends "${missing[@]}"
    echo "setup: installing took $((SECONDS - t0)) s" >&2
}

# Run a step quietly: its output goes to a log, shown only if it fails.
quiet() { # quiet WHAT COMMAND...
    local what=$1; shift
    local log
    log=$(mktemp "${TMPDIR:-/tmp}/wibbelld-setup.XXXXXX")
    local rc=0
    "$@" >"$log" 2>&1 || rc=$?
    if [ "$rc" -eq 0 ]; then
        rm -f "$log"
        return 0
    fi
    echo "setup: $what failed (exit $rc): $*" >&2
    cat "$log" >&2
    rm -f "$log"
    exit "$rc"
}

build() { # build DIR [meson options]
    local dir=$1; shift
    echo "setup: building $dir" >&2
    local t0=$SECONDS
    if [ ! -f "$dir/build.ninja" ]; then
        quiet "meson setup" meson setup "$dir" "$@"
    else
        quiet "meson configure" meson configure "$dir" "$@"
    fi
    quiet "the build" ninja -C "$dir"
    echo "setup: building $dir took $((SECONDS - t0)) s" >&2
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
run)
    install_missing run # the daemon's needs only: no test tools
    # the daemon alone: no tests, no fault injection point
    build build-run -Dtests=false -Dfault_injection=false
    exec build-run/daemon/wibbelld "$@"
    ;;
build)
    install_missing "run test" # the build holds the tests
    build build
    ;;
test)
    install_missing "run test"
    # the OpenAPI tools of the suite (tests/openapi/package.json: the linter,
    # the client generator and compiler, Dredd), from npm
    command -v npm >/dev/null || install_missing "" npm
    if ! cmp -s tests/openapi/package-lock.json tests/openapi/node_modules/.installed-lock; then
        echo "setup: installing the OpenAPI tools (npm ci in tests/openapi)" >&2
        t0=$SECONDS
        quiet "npm ci" npm ci --prefix tests/openapi --no-audit --no-fund --loglevel=error
        echo "setup: npm ci took $((SECONDS - t0)) s" >&2
        cp tests/openapi/package-lock.json tests/openapi/node_modules/.installed-lock
    fi
    status=0
    # test builds carry the storage fault point (store.c, $WIBBELLD_FAULT_FILE)
    build build -Dfault_injection=true
    t0=$SECONDS
    meson test -C build --print-errorlogs --num-processes 2 || status=1
    echo "setup: the plain build's tests took $((SECONDS - t0)) s" >&2
    # The same suite under AddressSanitizer and UBSan.  A UBSan report
    # fails the test (halt_on_error), leaks are reported by LeakSanitizer.
    build build-asan -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debug \
        -Dfault_injection=true
    t0=$SECONDS
    # (tests/asan.supp: a read inside Debian's Hunspell, not ours)
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:suppressions=$top/tests/asan.supp \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
        meson test -C build-asan --print-errorlogs --num-processes 2 || status=1
    echo "setup: the ASan+UBSan build's tests took $((SECONDS - t0)) s" >&2
    python3 tests/summary.py build build-asan || status=1
    exit $status
    ;;
bench)
    install_missing "run test" wrk procps
    build build
    exec bash tests/bench/bench.sh "$@"
    ;;
*)
    echo "usage: bash deploy/setup.sh run|test|build|bench [args]" >&2
    exit 2
    ;;
esac
