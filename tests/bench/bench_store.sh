#!/usr/bin/env bash
# tests/bench/bench_store.sh - the store benchmark (not a test): durable
# game actions per second with the matches in PostgreSQL against the same
# with LMDB, in one run on one machine, next to the two stores' plain
# commit loops:
#  - actions over HTTP: bench_games_load drives CLIENTS keep-alive
#    connections, each playing its own Wibbell match (as bench_games.sh
#    does), against one daemon with its matches in LMDB (the default) and
#    then against one with --store postgresql://...; every action answered
#    200 was committed durably first (LMDB synced; PostgreSQL's commit
#    with fsync on and synchronous_commit on, its defaults);
#  - the baselines: one small durable put per transaction in a loop, LMDB
#    (as bench_games.sh's) and libpq (an INSERT of 200 bytes, autocommit,
#    one per round trip), on the same disk.
# The PostgreSQL is a fresh server of its own (tests/pg_run.py --durable:
# Debian's postgresql, initdb into a temporary folder on the disk of
# BENCH_DIR, fsync on), stopped by its pid at the end whatever fails.
# The daemon runs on CPU 0, the generator on CPU 1, PostgreSQL where the
# kernel puts it.  Environment: BUILD (default build), DURATION (seconds
# per part, default 5), CLIENTS (default 32), BENCH_DIR (where the data
# and the server go; default the build directory, not /tmp, which may be
# RAM).
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
if [ -z "${WB_TEST_PG:-}" ]; then
    # again, inside a PostgreSQL of its own on the measured disk
    export TMPDIR=$(cd "${BENCH_DIR:-$B}" && pwd)
    exec python3 tests/pg_run.py --durable -- bash "$0"
fi
. tests/bench/need.sh
need taskset psql
DUR=${DURATION:-5}
CLIENTS=${CLIENTS:-32}
[ -x "$B/daemon/wibbelld" ] && [ -x "$B/tests/bench_games_load" ] ||
    { echo "build first: ninja -C $B"; exit 1; }
work=$(mktemp -d "$TMPDIR/bench-store.XXXXXX")
dpid=
cleanup() {
    [ -n "$dpid" ] && kill "$dpid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
if [ "$(nproc)" -ge 2 ]; then
    pin_d="taskset -c 0" pin_g="taskset -c 1"
else
    pin_d="" pin_g=""
fi
echo "== machine: $(nproc) cores; data on $(df -T "$work" | awk 'NR==2{print $2" ("$1")"}')"
echo "== commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "== load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)"
echo "== PostgreSQL $(psql -Atc 'SHOW server_version'), fsync $(psql -Atc 'SHOW fsync')," \
     "synchronous_commit $(psql -Atc 'SHOW synchronous_commit')"

dict_src=
if [ -d "$B/tests/testdata/dict/en" ]; then
    dict_src=$(cd "$B/tests/testdata/dict" && pwd)
else
    "$B/dict/wibbell-dict" --data-dir "$work/dictdata" build en >/dev/null 2>&1
    dict_src="$work/dictdata/dict"
fi

# --- the baselines: one durable put per transaction -------------------------
cat > "$work/loops.c" <<'C'
/* lmdb DIR SECONDS | pg CONNINFO SECONDS: commits per second of a loop
 * that stores one 8-byte key and a 200-byte value per transaction. */
#include <libpq-fe.h>
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
    char val[201];
    unsigned long long i = 0;
    double dur = atof(argv[3]), t0;
    memset(val, 'x', 200);
    val[200] = '\0';
    if (strcmp(argv[1], "lmdb") == 0) {
        MDB_env *env;
        MDB_dbi dbi;
        MDB_txn *txn;
        if (mdb_env_create(&env) || mdb_env_set_mapsize(env, (size_t)1 << 30) ||
            mdb_env_open(env, argv[2], 0, 0644) || mdb_txn_begin(env, NULL, 0, &txn) ||
            mdb_dbi_open(txn, NULL, 0, &dbi) || mdb_txn_commit(txn))
            return 1;
        for (t0 = now(); now() - t0 < dur; i++) {
            MDB_val k = {sizeof i, &i}, v = {200, val};
            if (mdb_txn_begin(env, NULL, 0, &txn) || mdb_put(txn, dbi, &k, &v, 0) ||
                mdb_txn_commit(txn))
                return 1;
        }
        mdb_env_close(env);
    } else {
        PGconn *c = PQconnectdb(argv[2]);
        if (PQstatus(c) != CONNECTION_OK)
            return 1;
        PQclear(PQexec(c, "CREATE TABLE loop (k bigint PRIMARY KEY, v bytea)"));
        for (t0 = now(); now() - t0 < dur; i++) {
            char k[24];
            const char *vals[2] = {k, val};
            snprintf(k, sizeof k, "%llu", i);
            PGresult *r = PQexecParams(c, "INSERT INTO loop VALUES ($1, $2)", 2, NULL, vals,
                                       NULL, NULL, 0);
            if (PQresultStatus(r) != PGRES_COMMAND_OK)
                return 1;
            PQclear(r);
        }
        PQfinish(c);
    }
    printf("%.0f\n", (double)i / (now() - t0));
    return 0;
}
C
cc -O2 -o "$work/loops" "$work/loops.c" $(pkg-config --cflags --libs lmdb libpq)
createdb wb_loop
createdb wb_games

# --- the daemon under the load: run_games STORE|"" -> $work/result.txt ------
run_games() {
    local data="$work/data" store=()
    rm -rf "$data" && mkdir -p "$data"
    ln -s "$dict_src" "$data/dict"
    [ -n "$1" ] && store=(--store "$1")
    $pin_d "$B/daemon/wibbelld" --listen 127.0.0.1:0 --data-dir "$data" "${store[@]}" \
        --dictionaries en --max-matches 100000 >"$work/daemon.out" 2>"$work/daemon.err" &
    dpid=$!
    for _ in $(seq 600); do grep -q 'listening on' "$work/daemon.out" 2>/dev/null && break; sleep 0.1; done
    local addr
    addr=$(sed -n 's|.*listening on http://\([^/ ]*\).*|\1|p' "$work/daemon.out")
    [ -n "$addr" ] || { echo "the daemon did not start"; cat "$work/daemon.err"; exit 1; }
    $pin_g "$B/tests/bench_games_load" -c "$CLIENTS" -d "$DUR" -w 1 -p "$dpid" \
        -g wibbell -o '{"tie_window_ms":0}' -f '"qzx"' "$addr" >"$work/result.txt"
    kill "$dpid"
    wait "$dpid" 2>/dev/null || true
    dpid=
}
val() { awk -v k="$1" '$1 == k {print $2}' "$work/result.txt"; }
show() {
    echo "   $(val actions_per_s) actions/s ($(val actions) in $(val seconds) s," \
         "$(val errors) errors); p50 $(val p50_ms) ms, p99 $(val p99_ms) ms;" \
         "daemon CPU $(val daemon_cpu_ms_per_action) ms per action"
}

pgurl="postgresql:///wb_games?host=$(python3 -c 'import os,urllib.parse;print(urllib.parse.quote(os.environ["PGHOST"],safe=""))')&port=$PGPORT&user=$PGUSER"
rm -rf "$work/lmdb"; mkdir -p "$work/lmdb"
l_loop=$($pin_d "$work/loops" lmdb "$work/lmdb" "$DUR")
p_loop=$($pin_d "$work/loops" pg "dbname=wb_loop" "$DUR")
echo "== commit loops, one durable 200-byte put per transaction: LMDB $l_loop/s, PostgreSQL $p_loop/s"
run_games ""
echo "== Wibbell over HTTP, $CLIENTS connections, matches in LMDB:"
show
r_lmdb=$(val actions_per_s)
run_games "$pgurl"
echo "== the same, matches in PostgreSQL (--store):"
show
r_pg=$(val actions_per_s)
echo "   rows stored: $(psql -d wb_games -Atc 'SELECT count(*) FROM wibbelld_log') log entries," \
     "$(psql -d wb_games -Atc 'SELECT count(*) FROM wibbelld_matches') matches"
awk -v l="$r_lmdb" -v p="$r_pg" -v lp="$p_loop" -v ll="$l_loop" 'BEGIN {
    printf "== PostgreSQL : LMDB = %.2f (actions/s); PostgreSQL actions/s : its commit loop = %.2f;" \
           " LMDB actions/s : its loop = %.2f\n", p / l, p / lp, l / ll }'
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
