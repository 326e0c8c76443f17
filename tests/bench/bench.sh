#!/usr/bin/env bash
# tests/bench/bench.sh - the benchmark (not a test): prints, in one run,
#  - dictionary build time;
#  - check requests/s over HTTP (wrk) next to nginx serving a static file of
#    the same size on the same machine (the HTTP ceiling here), as a ratio,
#    one core each: daemon (--threads 1) and nginx (one worker) on CPU 0,
#    wrk on CPU 1;
#  - the evaluation table of the derivative rule, per class;
#  - server time per check, match, prefix and pattern, each next to the
#    naive scan it was chosen over (bench_dict);
#  - resident memory of the daemon;
#  - one worker thread under 64, 256 and 1024 connections (bench_conns.sh).
# Run it with `bash deploy/setup.sh bench` (installs wrk and nginx).
# Everything listens on 127.0.0.1 only and stops by itself.
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
DUR=${DURATION:-5}
work=$(mktemp -d /tmp/wb-bench-XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

echo "== machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB"
t0=$(date +%s.%N)
"$B/dict/wibbell-dict" --data-dir "$work/data" build en_US 2>/dev/null
t1=$(date +%s.%N)
printf '== dictionary build (en_US, from Hunspell + word list + WordNet): %.2f s\n' "$(echo "$t1 - $t0" | bc -l 2>/dev/null || python3 -c "print($t1-$t0)")"

# One core each, as the issue measures: the daemon (one worker thread) and
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

rps() { awk '/Requests\/sec/{print $2}'; }
run_wrk() { "${pin1[@]}" wrk -t1 -c32 -d"${DUR}s" "$@" | rps; }
echo "== HTTP, one core each (daemon --threads 1 and nginx on CPU 0, wrk -t1 -c32 on CPU 1)"
echo "   response ${#resp} bytes; load: $(cut -d' ' -f1-3 /proc/loadavg)"
# Interleaved, twice each, so that a change of load hits both sides.
w1=$(run_wrk -s "$work/post.lua" "$url/v1/wibbell/check")
n1=$(run_wrk "http://127.0.0.1:$port/static.json")
w2=$(run_wrk -s "$work/post.lua" "$url/v1/wibbell/check")
n2=$(run_wrk "http://127.0.0.1:$port/static.json")
h=$(run_wrk "$url/healthz")
w=$(python3 -c "print(($w1+$w2)/2)")
n=$(python3 -c "print(($n1+$n2)/2)")
printf '   POST /v1/wibbell/check     %10.0f req/s (%.0f, %.0f)\n' "$w" "$w1" "$w2"
printf '   GET  /healthz              %10.0f req/s\n' "$h"
printf '   nginx static (same size)   %10.0f req/s (%.0f, %.0f)\n' "$n" "$n1" "$n2"
printf '   ratio check / nginx        %10.2f\n' "$(python3 -c "print($w/$n)")"
echo "   load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== daemon resident memory: $(awk '/VmRSS/{print $2, $3}' /proc/$dpid/status)"
kill "$dpid"; wait "$dpid" 2>/dev/null || true

echo "== evaluation table (tests/data/evaluation.tsv; en_US only here)"
"$B/dict/wibbell-dict" --data-dir "$work/data" evaluate tests/data/evaluation.tsv

echo "== server time per operation (bench_dict)"
"$B/tests/bench_dict" "$work/data" 0.3

bash tests/bench/bench_conns.sh
