#!/usr/bin/env bash
# tests/bench/bench.sh - the benchmark (not a test): prints, in one run,
#  - dictionary build time;
#  - check requests/s over HTTP (wrk) next to nginx serving a static file of
#    the same size on the same machine (the HTTP ceiling here), as a ratio,
#    one core each: daemon (--threads 1) and nginx (one worker) on CPU 0,
#    wrk on CPU 1; ROUNDS interleaved rounds (5) with each server's CPU
#    time per request from the scheduler, the medians, and a head-to-head
#    run (HTTP_ONLY=1 stops after this; BENCH_DATA=DIR uses a data
#    directory with en_US built instead of building one);
#  - the evaluation table of the derivative rule, per class;
#  - server time per check, match, prefix and pattern, each next to the
#    naive scan it was chosen over (bench_dict);
#  - resident memory of the daemon;
#  - one worker thread under 64, 256 and 1024 connections (bench_conns.sh).
# Run it with `bash deploy/setup.sh bench` (installs wrk and nginx).
# Everything listens on 127.0.0.1 only and stops by itself.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/need.sh"
need wrk nginx curl pgrep
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
DUR=${DURATION:-5}
work=$(mktemp -d /tmp/wb-bench-XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

echo "== machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
if [ -n "${BENCH_DATA:-}" ]; then # a data directory with en_US built: no build
    ln -s "$(realpath "$BENCH_DATA")" "$work/data"
else
    t0=$(date +%s.%N)
    "$B/dict/wibbell-dict" --data-dir "$work/data" build en_US 2>/dev/null
    t1=$(date +%s.%N)
    printf '== dictionary build (en_US, from Hunspell + word list + WordNet): %.2f s\n' "$(echo "$t1 - $t0" | bc -l 2>/dev/null || python3 -c "print($t1-$t0)")"
fi

# One core each, as the target is stated: the daemon (one worker thread) and
# nginx (one worker) on CPU 0, wrk on CPU 1.
pin0=(); pin1=()
if command -v taskset >/dev/null && [ "$(nproc)" -ge 2 ]; then pin0=(taskset -c 0); pin1=(taskset -c 1); fi
"${pin0[@]}" "$B/daemon/wibbelld" --listen 127.0.0.1:0 --data-dir "$work/data" --threads 1 \
    --dictionaries en_US >"$work/daemon.out" 2>"$work/daemon.err" &
pids+=($!)
dpid=$!
for _ in $(seq 100); do grep -q 'listening on' "$work/daemon.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/daemon.out")
[ -n "$url" ] || { echo "daemon did not start"; cat "$work/daemon.err"; exit 1; }

body='{"word":"kissing","cards":["NZ","IQ","SG","SH"],"used":["explore","teach"]}'
resp=$(curl -s -X POST -H 'Content-Type: application/json' -d "$body" "$url/v1/wibbell/check")
printf '%s' "$resp" > "$work/static.json"
cat > "$work/post.lua" <<LUA
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
LUA
# The same request down the general (Jansson) path: a charset parameter
# keeps it off the fast one (api/check_fast.c).
sed 's|"application/json"|"application/json; charset=utf-8"|' "$work/post.lua" > "$work/post-general.lua"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/nginx/logs"
cat > "$work/nginx/nginx.conf" <<NGX
worker_processes 1;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    server {
        listen 127.0.0.1:$port;
        location / { root $work; default_type application/json; }
    }
}
NGX
"${pin0[@]}" nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" &
pids+=($!)
sleep 0.5

# CPU time a server spent (ns, all its threads), from the scheduler: on a
# busy machine throughput says more about the neighbours than about us,
# while CPU time per request does not.
cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%.0f\n", s}'; }
ngx_worker=$(pgrep -P "$(cat "$work/nginx/nginx.pid" 2>/dev/null || echo 1)" nginx | head -1 || true)
# run_wrk SERVER_PID ARGS...: prints "requests/s requests cpu_ns"
run_wrk() {
    local pid=$1; shift
    local c0 c1 out
    c0=$(cpu_ns "$pid")
    out=$("${pin1[@]}" wrk -t1 -c32 -d"${DUR}s" "$@")
    c1=$(cpu_ns "$pid")
    echo "$(echo "$out" | awk '/Requests\/sec/{print $2}') $(echo "$out" | awk '/requests in/{print $1}') $((c1 - c0))"
}
echo "== HTTP, one core each (daemon --threads 1 and nginx on CPU 0, wrk -t1 -c32 on CPU 1)"
echo "   response ${#resp} bytes; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# Interleaved rounds (ROUNDS, 5 by default: check, nginx, check, nginx ...)
# so that a change of load hits both sides; the figures are the medians of
# the rounds' ratios, throughput and CPU time per request.
per() { python3 -c "print(($1) / 1000.0 / max(1, $2))"; } # us of CPU per request
ROUNDS=${ROUNDS:-5}
rows=()
for r in $(seq "$ROUNDS"); do
    w=($(run_wrk "$dpid" -s "$work/post.lua" "$url/v1/wibbell/check"))
    n=($(run_wrk "$ngx_worker" "http://127.0.0.1:$port/static.json"))
    rows+=("${w[0]} $(per "${w[2]}" "${w[1]}") ${n[0]} $(per "${n[2]}" "${n[1]}") $(cut -d' ' -f1 /proc/loadavg)")
done
# Head to head: both loads at once, both servers on CPU 0 and both wrk on
# CPU 1, so the neighbours' load hits both alike at every instant; the
# scheduler shares the core, and the throughput ratio is the ratio of
# cost per request.
"${pin1[@]}" wrk -t1 -c32 -d"${DUR}s" -s "$work/post.lua" "$url/v1/wibbell/check" > "$work/hh-check" &
hh=$!
"${pin1[@]}" wrk -t1 -c32 -d"${DUR}s" "http://127.0.0.1:$port/static.json" > "$work/hh-nginx"
wait "$hh"
hhw=$(awk '/Requests\/sec/{print $2}' "$work/hh-check")
hhn=$(awk '/Requests\/sec/{print $2}' "$work/hh-nginx")
h=($(run_wrk "$dpid" "$url/healthz"))
g=($(run_wrk "$dpid" -s "$work/post-general.lua" "$url/v1/wibbell/check"))
gc=$(per "${g[2]}" "${g[1]}")
hc=$(per "${h[2]}" "${h[1]}")
printf '   %-6s %10s %8s %10s %8s %7s %7s %6s\n' round "check/s" "CPU us" "nginx/s" "CPU us" "ratio" "CPU" load
i=0
for row in "${rows[@]}"; do
    i=$((i + 1))
    set -- $row
    printf '   %-6s %10.0f %8.2f %10.0f %8.2f %7.2f %7.2f %6s\n' "$i" "$1" "$2" "$3" "$4" \
        "$(python3 -c "print($1/$3)")" "$(python3 -c "print($4/$2)")" "$5"
done
med=$(printf '%s\n' "${rows[@]}" | python3 -c '
import sys, statistics as st
r = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
m = lambda k: st.median(x[k] for x in r)
print(m(0), m(1), m(2), m(3), st.median(x[0] / x[2] for x in r), st.median(x[3] / x[1] for x in r))')
set -- $med
printf '   %-28s %10s %16s\n' "medians of $ROUNDS rounds" "req/s" "CPU us/request"
printf '   %-28s %10.0f %16.2f\n' "POST /v1/wibbell/check" "$1" "$2"
printf '   %-28s %10.0f %16.2f\n' "nginx static (same size)" "$3" "$4"
printf '   %-28s %10.0f %16.2f\n' "same check, general path" "${g[0]}" "$gc"
printf '   %-28s %10.0f %16.2f\n' "GET /healthz" "${h[0]}" "$hc"
printf '   ratio check / nginx (median of rounds): %.2f by throughput, %.2f by CPU time per request\n' "$5" "$6"
printf '   head to head (both at once, sharing CPU 0): check %.0f req/s, nginx %.0f req/s, ratio %.2f\n' \
    "$hhw" "$hhn" "$(python3 -c "print($hhw/$hhn)")"
printf '   fast path / general path: %.2fx less CPU per request\n' \
    "$(python3 -c "print($gc/$2 if $2 else 0)")"
echo "   load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== daemon resident memory: $(awk '/VmRSS/{print $2, $3}' /proc/$dpid/status)"
kill "$dpid"; wait "$dpid" 2>/dev/null || true
[ -z "${HTTP_ONLY:-}" ] || exit 0

echo "== evaluation table (tests/data/evaluation.tsv; en_US only here)"
"$B/dict/wibbell-dict" --data-dir "$work/data" evaluate tests/data/evaluation.tsv

echo "== server time per operation (bench_dict)"
"$B/tests/bench_dict" "$work/data" 0.3

bash tests/bench/bench_conns.sh
