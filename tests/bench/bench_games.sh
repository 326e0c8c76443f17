#!/usr/bin/env bash
# tests/bench/bench_games.sh - the games benchmark (not a test): how many
# game actions per second wibbelld applies over HTTP, each one durable (its
# log entry, and every 16 actions the match's state, committed to LMDB and
# synced before the answer),
# next to what this machine's disk allows, in one run:
#  - actions over HTTP: bench_games_load (tests/bench/bench_games_load.c)
#    drives CLIENTS keep-alive connections, each playing its own Wibbell
#    match as a generic bot: fetch the acting seat's legal actions, POST
#    one of them (a claim's word is a non-word, so the other seat collects
#    the card), and a new match when one ends.  An action is a POST
#    answered 200; its latency is from the first byte sent to the last
#    byte of the answer.  The daemon runs on CPU 0 (one HTTP worker: the
#    default on one CPU), the generator on CPU 1 (taskset);
#  - the daemon's CPU time per action (utime + stime from /proc over the
#    measured window, the GET of the action list and the creations
#    included): the figure that does not depend on what else the machine
#    runs;
#  - the fsync-bound baseline on the same file system: a trivial LMDB
#    commit loop (one small put per durable commit, one writer: the
#    ceiling of one durable commit per action), run just before and just
#    after the HTTP load; the ratio is to their mean.
# With TMPFS=1 (the default) the same load runs again with the data on
# /dev/shm: no fsync cost, so what is left is the CPU per action.
# With SYNC_US=N the "disk" is emulated: the loop and the daemon keep their
# data on /dev/shm and every flush (fdatasync, fsync, a write to an O_DSYNC
# file such as LMDB's meta page) takes N microseconds more
# (tests/bench/sync_delay.c, preloaded), so the ratio can be read for a
# disk of known latency whatever this machine's disk is doing.
# Everything listens on 127.0.0.1 only and cleans up after itself.
# Environment: BUILD (the build directory, default build), DURATION
# (seconds measured per part, default 5), CLIENTS (connections, default
# 32), BENCH_DIR (where the data goes: on the disk to measure; default a
# temporary directory in the build directory, not /tmp, which may be RAM),
# SYNC_US (an emulated disk, above).
# The targets: with 32 clients, durable actions/s >= 3x the LMDB
# commit loop; on tmpfs >= 10,000 actions/s; p99 below 154 ms (2x the
# 77 ms of one commit per action).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/need.sh"
need curl taskset
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
DUR=${DURATION:-5}
CLIENTS=${CLIENTS:-32}
[ -x "$B/daemon/wibbelld" ] && [ -x "$B/tests/bench_games_load" ] ||
    { echo "build first: ninja -C $B"; exit 1; }
base=${BENCH_DIR:-$B}
work=$(mktemp -d "$base/bench-games.XXXXXX")
work=$(cd "$work" && pwd)
shm=
dpid=
cleanup() {
    [ -n "$dpid" ] && kill "$dpid" 2>/dev/null || true
    rm -rf "$work"
    [ -n "$shm" ] && rm -rf "$shm"
}
trap cleanup EXIT

# One core each when there are two: the daemon on CPU 0, the rest on CPU 1.
if [ "$(nproc)" -ge 2 ]; then
    pin_d="taskset -c 0" pin_g="taskset -c 1"
else
    pin_d="" pin_g=""
fi
# The emulated disk: its data on /dev/shm, each flush SYNC_US more.
disk=$work disk_env=
if [ -n "${SYNC_US:-}" ]; then
    cc -O2 -shared -fPIC -o "$work/sync_delay.so" tests/bench/sync_delay.c -ldl ||
        { echo "cannot build tests/bench/sync_delay.c"; exit 1; }
    shm=$(mktemp -d /dev/shm/bench-games.XXXXXX)
    disk=$shm disk_env="env SYNC_US=$SYNC_US LD_PRELOAD=$work/sync_delay.so"
fi
echo "== machine: $(nproc) cores; data on $(df -T "$disk" | awk 'NR==2{print $2" ("$1")"}')" \
     "${SYNC_US:+(each flush $SYNC_US us more: an emulated disk)}"
echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)"

# --- the dictionary: the tests' prebuilt one, else build en_US -------------
dict_src=
if [ -d "$B/tests/testdata/dict/en" ]; then
    dict_src=$(cd "$B/tests/testdata/dict" && pwd)
else
    echo "== building the dictionary (once)..."
    "$B/dict/wibbell-dict" --data-dir "$work/dictdata" build en >/dev/null 2>&1
    dict_src="$work/dictdata/dict"
fi

# --- baseline 1: a trivial LMDB commit loop -----------------------------------
cat > "$work/lmdb_commit.c" <<'C'
/* One 8-byte key and a 200-byte value per write transaction, durable
 * (default LMDB flags: synced at each commit), for argv[2] seconds. */
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}
int main(int argc, char **argv)
{
    MDB_env *env;
    MDB_dbi dbi;
    MDB_txn *txn;
    char val[200];
    unsigned long long i = 0;
    double dur = argc > 2 ? atof(argv[2]) : 2.0, t0;
    memset(val, 'x', sizeof val);
    if (argc < 2 || mdb_env_create(&env) || mdb_env_set_mapsize(env, (size_t)1 << 30) ||
        mdb_env_open(env, argv[1], 0, 0644))
        return 1;
    if (mdb_txn_begin(env, NULL, 0, &txn) || mdb_dbi_open(txn, NULL, 0, &dbi) ||
        mdb_txn_commit(txn))
        return 1;
    t0 = now();
    while (now() - t0 < dur) {
        MDB_val k = {sizeof i, &i}, v = {sizeof val, val};
        if (mdb_txn_begin(env, NULL, 0, &txn) || mdb_put(txn, dbi, &k, &v, 0) ||
            mdb_txn_commit(txn))
            return 1;
        i++;
    }
    printf("%.0f\n", (double)i / (now() - t0));
    mdb_env_close(env);
    return 0;
}
C
lmdb_ok=0
if cc -O2 -o "$work/lmdb_commit" "$work/lmdb_commit.c" $(pkg-config --cflags --libs lmdb 2>/dev/null || echo -llmdb) 2>/dev/null; then
    lmdb_ok=1
fi
# The LMDB loop in directory $1 (on the disk measured), on the daemon's core.
lmdb_loop() {
    [ "$lmdb_ok" = 1 ] || { echo n/a; return; }
    rm -rf "$1" && mkdir -p "$1"
    $disk_env $pin_d "$work/lmdb_commit" "$1" "$DUR"
    rm -rf "$1"
}

# --- the daemon under the load: run_games DATA_DIR -> $work/result.txt -------
run_games() {
    local data=$1
    rm -rf "$data" && mkdir -p "$data"
    ln -s "$dict_src" "$data/dict"
    rm -f "$work/daemon.out" # the last daemon's "listening on" is not this one's
    $env_d $pin_d "$B/daemon/wibbelld" --listen 127.0.0.1:0 --data-dir "$data" \
        --dictionaries en --max-matches 100000 >"$work/daemon.out" 2>"$work/daemon.err" &
    dpid=$!
    for _ in $(seq 600); do grep -q 'listening on' "$work/daemon.out" 2>/dev/null && break; sleep 0.1; done
    local addr
    addr=$(sed -n 's|.*listening on http://\([^/ ]*\).*|\1|p' "$work/daemon.out")
    [ -n "$addr" ] || { echo "the daemon did not start"; cat "$work/daemon.err"; exit 1; }
    curl -s "http://$addr/metrics" >"$work/metrics0.txt" || true
    $pin_g "$B/tests/bench_games_load" -c "$CLIENTS" -d "$DUR" -w 1 -p "$dpid" \
        -g wibbell -o '{"tie_window_ms":0}' -f '"qzx"' "$addr" >"$work/result.txt"
    curl -s "http://$addr/metrics" >"$work/metrics1.txt" || true
    writer_figures >>"$work/result.txt"
    kill "$dpid"
    wait "$dpid" 2>/dev/null || true
    dpid=
}
# The writer's own figures over the load (warm-up included), from /metrics:
# actions per group commit, and the mean time of one commit.
writer_figures() {
    awk '$1 == "wibbelld_actions_applied_total" { a[FILENAME] = $2 }
         $1 == "wibbelld_commit_duration_seconds_sum" { s[FILENAME] = $2 }
         $1 == "wibbelld_commit_duration_seconds_count" { c[FILENAME] = $2 }
         END { f0 = ARGV[1]; f1 = ARGV[2]; n = c[f1] - c[f0]
               if (n > 0)
                   printf "commits %d\nactions_per_commit %.1f\ncommit_ms %.2f\n", n,
                          (a[f1] - a[f0]) / n, (s[f1] - s[f0]) / n * 1000 }' \
        "$work/metrics0.txt" "$work/metrics1.txt"
}
val() { awk -v k="$1" '$1 == k {print $2}' "$work/result.txt"; }
show() {
    echo "   $(val actions_per_s) actions/s ($(val actions) in $(val seconds) s, $(val creates) new" \
         "matches, $(val errors) errors, $(val refused) refused)"
    echo "   latency of an action: p50 $(val p50_ms) ms, p99 $(val p99_ms) ms, max $(val max_ms) ms"
    echo "   daemon CPU: $(val daemon_cpu_ms_per_action) ms per action ($(val daemon_cores) cores" \
         "busy; the generator $(val generator_cores))"
    echo "   the writer: $(val commits) group commits, $(val actions_per_commit) actions each," \
         "$(val commit_ms) ms per commit"
}

# --- on the disk: LMDB loop, the games, LMDB loop ----------------------------
env_d=$disk_env
l1=$(lmdb_loop "$disk/lmdb")
echo "== LMDB commit loop, one durable put per commit (same disk), before: $l1 commits/s"
run_games "$disk/data"
echo "== Wibbell over HTTP, each action durable, $CLIENTS connections:"
show
rate=$(val actions_per_s) p99=$(val p99_ms) cpu=$(val daemon_cpu_ms_per_action)
l2=$(lmdb_loop "$disk/lmdb")
env_d=
echo "== LMDB commit loop, after: $l2 commits/s"
if [ "$l1" != n/a ] && [ "$l2" != n/a ]; then
    awk -v r="$rate" -v a="$l1" -v b="$l2" -v p="$p99" 'BEGIN {
        m = (a + b) / 2; x = r / m
        printf "   actions/s : LMDB commits/s = %.2f (to the mean %.0f; target >= 3: %s); " \
               "p99 %s ms (target < 154: %s)\n", x, m, (x >= 3 ? "met" : "NOT met"), p,
               (p < 154 ? "met" : "NOT met") }'
fi

# --- the same on tmpfs: the CPU per action, no fsync -------------------------
if [ "${TMPFS:-1}" = 1 ] && [ -d /dev/shm ]; then
    [ -n "$shm" ] || shm=$(mktemp -d /dev/shm/bench-games.XXXXXX)
    run_games "$shm/data"
    echo "== the same on tmpfs (/dev/shm): no fsync"
    show
    awk -v r="$(val actions_per_s)" -v c="$(val daemon_cpu_ms_per_action)" 'BEGIN {
        printf "   target >= 10,000 actions/s: %s (one core at %.3f ms per action would do " \
               "%.0f/s)\n", (r >= 10000 ? "met" : "NOT met"), c, (c > 0 ? 1 / c * 1000 : 0) }'
fi
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
