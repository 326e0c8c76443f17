#!/usr/bin/env bash
# tests/bench/bench_games.sh - the games benchmark (not a test): how many
# game actions per second wibbelld applies over HTTP, each one durable (its
# state and log entry committed to LMDB and synced before the answer),
# next to what this machine's disk allows:
#  - actions/s over HTTP: several matches of Wibbell played at once by
#    client processes on keep-alive connections (2 players, the first
#    valid claim wins at once; a seat's wrong claim lets the other collect
#    the card, so every request is an action: claim, take, keep), with the
#    latency percentiles of an action;
#  - the fsync-bound baselines on the same file system: a trivial LMDB
#    commit loop (one small put per durable commit, one writer: the
#    ceiling of one durable commit per action) and dd with oflag=dsync
#    (4 KiB synchronous writes).
# Everything listens on 127.0.0.1 only, runs for DURATION seconds (default
# 5) per part, and cleans up after itself.  Environment: BUILD (the build
# directory, default build), DURATION, CLIENTS (client processes, default
# 32), BENCH_DIR (where the data goes: on the disk to measure; default a
# temporary directory in the build directory, not /tmp, which may be RAM).
# With TMPFS=1 (the default) the same load is run a second time with the
# data on /dev/shm: no fsync cost, so what is left is the CPU per action.
# The issue-7 targets: on disk, actions/s >= 3x the LMDB commit loop (group
# commit shares one fsync among the actions that arrive together); on
# tmpfs, as many actions/s as the CPU allows.
set -euo pipefail
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
DUR=${DURATION:-5}
CLIENTS=${CLIENTS:-32}
[ -x "$B/daemon/wibbelld" ] || { echo "build first: ninja -C $B"; exit 1; }
base=${BENCH_DIR:-$B}
work=$(mktemp -d "$base/bench-games.XXXXXX")
work=$(cd "$work" && pwd)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

echo "== machine: $(nproc) cores; data on $(df -T "$work" | awk 'NR==2{print $2" ("$1")"}')"

# --- the dictionary: the tests' prebuilt one, else build en_US -------------
mkdir -p "$work/data"
if [ -d "$B/tests/testdata/dict/en_US" ]; then
    ln -s "$(cd "$B/tests/testdata/dict" && pwd)" "$work/data/dict"
else
    echo "== building the en_US dictionary (once)..."
    "$B/dict/wibbell-dict" --data-dir "$work/data" build en_US >/dev/null 2>&1
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
lmdb_rate=n/a
if cc -O2 -o "$work/lmdb_commit" "$work/lmdb_commit.c" $(pkg-config --cflags --libs lmdb 2>/dev/null || echo -llmdb) 2>/dev/null; then
    mkdir -p "$work/lmdb"
    lmdb_rate=$("$work/lmdb_commit" "$work/lmdb" "$DUR")
fi

# --- baseline 2: dd with synchronous 4 KiB writes ------------------------------
dd_rate=$(python3 - "$work/dd.bin" "$DUR" <<'PY'
import subprocess, sys, time
path, dur = sys.argv[1], float(sys.argv[2])
n, t0 = 64, time.monotonic()
# grow the count until one run takes about the duration
while True:
    t = time.monotonic()
    subprocess.run(["dd", "if=/dev/zero", "of=" + path, "bs=4096", "count=%d" % n,
                    "oflag=dsync"], check=True, capture_output=True)
    el = time.monotonic() - t
    if el >= dur / 2 or time.monotonic() - t0 > dur * 2:
        print("%.0f" % (n / el))
        break
    n = int(n * max(2.0, (dur / 2) / max(el, 1e-3)))
PY
)

# --- the daemon ---------------------------------------------------------------
"$B/daemon/wibbelld" --listen 127.0.0.1:0 --data-dir "$work/data" --max-matches 100000 \
    >"$work/daemon.out" 2>"$work/daemon.err" &
dpid=$!
pids+=("$dpid")
for _ in $(seq 600); do grep -q 'listening on' "$work/daemon.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/daemon.out")
[ -n "$url" ] || { echo "the daemon did not start"; cat "$work/daemon.err"; exit 1; }

# --- actions over HTTP -----------------------------------------------------------
cpu_ticks() { awk '{print $14 + $15}' "/proc/$dpid/stat"; }
t0=$(cpu_ticks)
python3 - "$url" "$DUR" "$CLIENTS" "$lmdb_rate" "$dd_rate" <<'PY' | tee "$work/result.txt"
import http.client, json, multiprocessing as mp, random, sys, time, urllib.parse

url, dur, clients = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
lmdb_rate, dd_rate = sys.argv[4], sys.argv[5]
host, port = urllib.parse.urlparse(url).hostname, urllib.parse.urlparse(url).port

def worker(k, start, out):
    c = http.client.HTTPConnection(host, port, timeout=60)
    rng = random.Random(k)
    def post(path, body, token=None):
        h = {"Content-Type": "application/json"}
        if token:
            h["Authorization"] = "Bearer " + token
        c.request("POST", path, body=json.dumps(body), headers=h)
        r = c.getresponse()
        d = r.read()
        return r.status, json.loads(d)
    acts, creates, errors, lat = 0, 0, 0, []
    start.wait()
    t_end = time.monotonic() + dur
    while time.monotonic() < t_end:
        st, g = post("/v1/games", {"game": "wibbell", "players": ["a", "b"],
                                   "options": {"tie_window_ms": 0}, "seed": rng.randrange(1 << 40)})
        if st != 201:
            errors += 1
            continue
        creates += 1
        path, tok = "/v1/games/%s/actions" % g["id"], [p["token"] for p in g["players"]]
        state = g["state"]
        while state["status"] != "finished" and time.monotonic() < t_end:
            ph = state["phase"]
            if ph == "play":
                s, a = state["to_act"][0], {"type": "claim", "word": "qzx"}
            elif ph == "take":
                s, a = state["to_act"][0], {"type": "take", "card": rng.randrange(2)}
            else:
                s, a = state["to_act"][0], {"type": "keep", "card": rng.choice(state["keep_choices"])}
            t = time.monotonic()
            st, doc = post(path, a, tok[s])
            lat.append(time.monotonic() - t)
            if st != 200:
                errors += 1
                break
            acts += 1
            state = doc["state"]
    out.put((acts, creates, errors, lat))

start = mp.Event()
q = mp.Queue()
ps = [mp.Process(target=worker, args=(k, start, q)) for k in range(clients)]
for p in ps:
    p.start()
time.sleep(0.5)
t0 = time.monotonic()
start.set()
res = [q.get() for _ in ps]
el = time.monotonic() - t0
for p in ps:
    p.join()
acts = sum(r[0] for r in res)
creates = sum(r[1] for r in res)
errors = sum(r[2] for r in res)
lat = sorted(x for r in res for x in r[3])
pct = lambda p: lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")
rate = acts / el
print("== Wibbell actions over HTTP, durable: %.0f actions/s (%d clients, %d actions and %d "
      "new matches in %.1f s, %d errors)" % (rate, clients, acts, creates, el, errors))
print("   latency of an action: p50 %.2f ms, p99 %.2f ms, max %.2f ms"
      % (pct(0.50), pct(0.99), pct(1.0)))
print("== baseline, LMDB commit loop (one durable commit per put, same disk): %s commits/s"
      % lmdb_rate)
print("== baseline, dd oflag=dsync 4 KiB writes (same disk): %s writes/s" % dd_rate)
try:
    print("   actions/s : LMDB commits/s = %.2f" % (rate / float(lmdb_rate)))
except ValueError:
    pass
PY

t1=$(cpu_ticks)
acts=$(sed -n 's/.*(\([0-9]*\) clients, \([0-9]*\) actions.*/\2/p' "$work/result.txt")
if [ -n "$acts" ] && [ "$acts" -gt 0 ]; then
    awk -v t="$((t1 - t0))" -v hz="$(getconf CLK_TCK)" -v n="$acts" 'BEGIN {
        printf "   daemon CPU: %.3f ms per action (user+system, creations and answers included)\n",
               t / hz * 1000 / n }'
fi
kill "$dpid"
wait "$dpid" 2>/dev/null || true
pids=()

# The same load with the data on tmpfs: the CPU per action, no fsync.
if [ "${TMPFS:-1}" = 1 ] && [ -d /dev/shm ] && [ -z "${BENCH_NESTED:-}" ]; then
    echo
    echo "== the same on tmpfs (/dev/shm): CPU per action, no fsync"
    BENCH_NESTED=1 BENCH_DIR=/dev/shm bash "$self" | grep -E "actions over HTTP|latency|daemon CPU"
fi
