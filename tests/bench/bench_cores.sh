#!/usr/bin/env bash
# tests/bench/bench_cores.sh - the benchmark (not a test) of scaling across
# cores: POST /v1/wibbell/check with N HTTP worker threads against nginx
# with N workers serving the same answer as a static file, for N = 1, 2,
# 4, 8 ... as far as the machine has cores: the servers pinned to cores
# 0..N-1, the load generator (wrk, N threads) to the next N cores, each
# server measured in ROUNDS interleaved rounds (median), same run; prints
# requests/s and the ratio daemon/nginx per N, and the daemon's speed-up
# over N=1.  Then game actions (bench_games_load, a Woodlouse match per
# client, N generators of CONNS connections on the load cores) with N
# worker threads, on tmpfs, as actions/s per N.
#
#   bash tests/bench/bench_cores.sh [N ...]
#
# Environment: BUILD (build), WIBBELLD (the daemon; BASE_WIBBELLD, when
# set, is measured too, in the same rounds: a before/after), NGINX (nginx),
# WRK (wrk), BENCH_DATA (a data directory with en_US built; else built
# here), DURATION (5 s a round), ROUNDS (3), CONNS (connections per load
# thread: 32), RUN (a command prefix for every binary, e.g. a dynamic
# loader).  Everything listens on 127.0.0.1 only and stops by itself.
# Runs on any core count: N stops where 2N cores are not there (on 2 cores:
# N=1 only).
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
WIBBELLD=${WIBBELLD:-$B/daemon/wibbelld}
LOAD=${LOAD:-$B/tests/bench_games_load}
NGINX=${NGINX:-nginx}
WRK=${WRK:-wrk}
. "$(dirname "${BASH_SOURCE[0]}")/need.sh"
need ${WRK} nginx curl taskset
DUR=${DURATION:-5}
ROUNDS=${ROUNDS:-3}
CONNS=${CONNS:-32}
read -r -a RUNPFX <<< "${RUN:-}"
ncpu=$(nproc)
work=$(mktemp -d /tmp/wb-cores-XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

pin() { # pin FIRST COUNT COMMAND...: exec COMMAND on cores FIRST..FIRST+COUNT-1
    # (exec: call it in the background or in a pipeline, so that $! is the
    # command's own pid)
    local first=$1 count=$2; shift 2
    if command -v taskset >/dev/null; then
        exec taskset -c "$first-$((first + count - 1))" "$@"
    else
        exec python3 -c 'import os,sys; f,c=int(sys.argv[1]),int(sys.argv[2]); os.sched_setaffinity(0, range(f,f+c)); os.execvp(sys.argv[3], sys.argv[3:])' "$first" "$count" "$@"
    fi
}

if [ $# -gt 0 ]; then ns=("$@"); else ns=(); for n in 1 2 4 8 16; do [ $((2 * n)) -le "$ncpu" ] && ns+=("$n"); done; fi
[ ${#ns[@]} -gt 0 ] || { echo "bench_cores: needs at least 2 cores"; exit 1; }
shm=/dev/shm; [ -w "$shm" ] || shm=${TMPDIR:-/tmp}
echo "== machine: $ncpu cores; N = ${ns[*]}; $ROUNDS rounds of ${DUR} s, $CONNS connections per load thread"

# The daemons' data directory: the dictionaries of BENCH_DATA (or built
# here), its own games store.
data=$work/data
mkdir -p "$data"
if [ -n "${BENCH_DATA:-}" ]; then
    ln -s "$(realpath "$BENCH_DATA")/dict" "$data/dict"
else
    "${RUNPFX[@]}" "$B/dict/wibbell-dict" --data-dir "$data" build en_US >/dev/null 2>&1
fi

start_daemon() { # start_daemon EXE N DATA -> sets url, dpid
    local exe=$1 n=$2 dd=$3 out=$work/daemon.$RANDOM
    pin 0 "$n" "${RUNPFX[@]}" "$exe" --listen 127.0.0.1:0 --data-dir "$dd" --threads "$n" \
        --dictionaries en_US --max-matches 100000 >"$out" 2>"$out.err" &
    dpid=$!
    pids+=("$dpid")
    for _ in $(seq 300); do grep -q 'listening on' "$out" 2>/dev/null && break; sleep 0.1; done
    url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$out")
    [ -n "$url" ] || { echo "daemon did not start"; cat "$out.err"; exit 1; }
}
stop() { kill "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }

body='{"word":"kissing","cards":["NZ","IQ","SG","SH"],"used":["explore","teach"]}'
cat > "$work/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
LUA
start_daemon "$WIBBELLD" 1 "$data"
http() { # http URL [BODY]: the answer's body (python3: no curl needed)
    python3 -c 'import sys,urllib.request as u
d = sys.argv[2].encode() if len(sys.argv) > 2 else None
r = u.Request(sys.argv[1], d, {"Content-Type": "application/json"} if d else {})
sys.stdout.write(u.urlopen(r, timeout=5).read().decode())' "$@"
}
http "$url/v1/wibbell/check" "$body" > "$work/static.json"
stop "$dpid"
[ -s "$work/static.json" ] || { echo "no answer from the daemon"; exit 1; }

rps() { # rps N URL [lua]: requests/s of wrk on the load cores
    local n=$1 u=$2 lua=${3:-}
    local args=(-t "$n" -c $((CONNS * n)) -d "${DUR}s")
    [ -n "$lua" ] && args+=(-s "$lua")
    pin "$n" "$n" "${RUNPFX[@]}" "$WRK" "${args[@]}" "$u" 2>/dev/null |
        awk '/^Requests\/sec:/{print int($2)}'
}
div() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.4f", (b > 0 ? a / b : 0)}'; }
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}'; }

start_nginx() { # start_nginx N -> sets nurl, npid
    local n=$1 port
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    mkdir -p "$work/nginx/logs" "$work/nginx/tmp"
    cat > "$work/nginx/nginx.conf" <<NGX
worker_processes $n;
daemon off;
$( [ "$(id -u)" -eq 0 ] && echo "user root;" )
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$port;
        location / { root $work; default_type application/json; }
    }
}
NGX
    pin 0 "$n" "${RUNPFX[@]}" "$NGINX" -p "$work/nginx" -c "$work/nginx/nginx.conf" &
    npid=$!
    pids+=("$npid")
    nurl=http://127.0.0.1:$port/static.json
    for _ in $(seq 50); do http "$nurl" >/dev/null 2>&1 && break; sleep 0.1; done
}

echo
echo "== POST /v1/wibbell/check, N worker threads vs nginx with N workers (requests/s, median of $ROUNDS)"
printf '%4s %12s %12s %8s %9s' N daemon nginx ratio speed-up
[ -n "${BASE_WIBBELLD:-}" ] && printf ' %12s %8s' before ratio
echo
first=""
for n in "${ns[@]}"; do
    d=(); g=(); b=()
    for _ in $(seq "$ROUNDS"); do
        start_daemon "$WIBBELLD" "$n" "$data"; d+=("$(rps "$n" "$url/v1/wibbell/check" "$work/post.lua")"); stop "$dpid"
        start_nginx "$n"; g+=("$(rps "$n" "$nurl")"); stop "$npid"
        if [ -n "${BASE_WIBBELLD:-}" ]; then
            start_daemon "$BASE_WIBBELLD" "$n" "$data"; b+=("$(rps "$n" "$url/v1/wibbell/check" "$work/post.lua")"); stop "$dpid"
        fi
    done
    dm=$(median "${d[@]}"); gm=$(median "${g[@]}")
    [ -z "$first" ] && first=$dm
    printf '%4d %12d %12d %8.2f %8.2fx' "$n" "$dm" "$gm" "$(div "$dm" "$gm")" "$(div "$dm" "$first")"
    if [ -n "${BASE_WIBBELLD:-}" ]; then
        bm=$(median "${b[@]}")
        printf ' %12d %8.2f' "$bm" "$(div "$bm" "$gm")"
    fi
    echo
done

if [ -x "$LOAD" ] || [ -n "${RUN:-}" ]; then
    echo
    echo "== game actions (Woodlouse, one match per client, data on tmpfs), N worker threads (actions/s, median of $ROUNDS)"
    printf '%4s %12s %9s' N actions/s speed-up
    [ -n "${BASE_WIBBELLD:-}" ] && printf ' %12s' before
    echo
    first=""
    for n in "${ns[@]}"; do
        a=(); b=()
        for _ in $(seq "$ROUNDS"); do
            for exe in "$WIBBELLD" ${BASE_WIBBELLD:+"$BASE_WIBBELLD"}; do
                gd=$(mktemp -d "$shm/wb-cores-XXXXXX")
                ln -s "$data/dict" "$gd/dict"
                start_daemon "$exe" "$n" "$gd"
                addr=${url#http://}
                # one generator a load core (each is one thread), summed
                lp=()
                for i in $(seq 0 $((n - 1))); do
                    pin $((n + i)) 1 "${RUNPFX[@]}" "$LOAD" -c "$CONNS" -d "$DUR" -w 1 -s $((i + 1)) \
                        -g woodlouse-chaos -n 3 -o "{}" "$addr" > "$gd/load.$i" 2>"$gd/load.$i.err" &
                    lp+=($!)
                done
                wait "${lp[@]}" || true
                [ -n "${BENCH_DEBUG:-}" ] && cat "$gd"/load.*
                r=$(cat "$gd"/load.[0-9] | awk '$1 == "actions_per_s" {s += $2} END {print int(s)}')
                stop "$dpid"
                rm -rf "$gd"
                if [ "$exe" = "$WIBBELLD" ]; then a+=("${r:-0}"); else b+=("${r:-0}"); fi
            done
        done
        am=$(median "${a[@]}")
        [ -z "$first" ] && first=$am
        printf '%4d %12d %8.2fx' "$n" "$am" "$(div "$am" "$first")"
        [ -n "${BASE_WIBBELLD:-}" ] && printf ' %12d' "$(median "${b[@]}")"
        echo
    done
fi
