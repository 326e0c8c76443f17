#!/usr/bin/env bash
# tests/bench/bench.sh - the benchmark (not a test): prints, in one run,
#  - dictionary build time;
#  - check requests/s over HTTP (wrk) next to nginx serving a static file of
#    the same size on the same machine (the HTTP ceiling here), as a ratio;
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

"$B/daemon/wibbelld" --listen 127.0.0.1:0 --data-dir "$work/data" >"$work/daemon.out" 2>"$work/daemon.err" &
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
worker_processes 2;
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
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" &
pids+=($!)
sleep 0.5

rps() { awk '/Requests\/sec/{print $2}'; }
echo "== HTTP, wrk -t2 -c64 -d${DUR}s, response ${#resp} bytes"
w=$(wrk -t2 -c64 -d"${DUR}s" -s "$work/post.lua" "$url/v1/wibbell/check" | rps)
n=$(wrk -t2 -c64 -d"${DUR}s" "http://127.0.0.1:$port/static.json" | rps)
h=$(wrk -t2 -c64 -d"${DUR}s" "$url/healthz" | rps)
printf '   POST /v1/wibbell/check     %10.0f req/s\n' "$w"
printf '   GET  /healthz              %10.0f req/s\n' "$h"
printf '   nginx static (same size)   %10.0f req/s\n' "$n"
printf '   ratio check / nginx        %10.2f\n' "$(python3 -c "print($w/$n)")"
echo "== daemon resident memory: $(awk '/VmRSS/{print $2, $3}' /proc/$dpid/status)"
kill "$dpid"; wait "$dpid" 2>/dev/null || true

echo "== server time per operation (bench_dict)"
"$B/tests/bench_dict" "$work/data" 0.3

bash tests/bench/bench_conns.sh
