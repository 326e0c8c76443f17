#!/usr/bin/env bash
# tests/bench/bench_conns.sh - one worker thread under many keep-alive
# connections.  The daemon runs with --threads 1 pinned to
# one core, wrk (one thread) on the other; GET /healthz with 64, 256 and
# 1024 connections, and nginx (one worker, pinned to the same core) serving
# a file of the same size at 256 connections as the ceiling.  Prints the
# figures and the ratios 256/64 and daemon/nginx at 256, with the load.
# Run by tests/bench/bench.sh, or alone: bash tests/bench/bench_conns.sh
# (needs wrk, nginx and taskset; `bash deploy/setup.sh bench` installs them).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/need.sh"
need wrk nginx curl taskset
cd "$(dirname "$0")/../.."
B=${BUILD:-build}
DUR=${DURATION:-5}
work=$(mktemp -d /tmp/wb-bench-conns-XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

if [ "$(nproc)" -ge 2 ]; then srv_cpu=0 cli_cpu=1; else srv_cpu=0 cli_cpu=0; fi
mkdir -p "$work/data"
ln -s "$(cd "${WIBBELLD_TEST_DATA:-$B/tests/testdata}" && pwd)/dict" "$work/data/dict"

taskset -c $srv_cpu "$B/daemon/wibbelld" --listen 127.0.0.1:0 --data-dir "$work/data" \
    --threads 1 --max-connections-per-ip 0 >"$work/daemon.out" 2>"$work/daemon.err" &
pids+=($!)
for _ in $(seq 100); do grep -q 'listening on' "$work/daemon.out" 2>/dev/null && break; sleep 0.1; done
url=$(sed -n 's/.*listening on \(http[^ ]*\).*/\1/p' "$work/daemon.out")
[ -n "$url" ] || { echo "daemon did not start"; cat "$work/daemon.err"; exit 1; }
curl -s "$url/healthz" >"$work/healthz.json"

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/nginx/logs"
cat >"$work/nginx/nginx.conf" <<NGX
worker_processes 1;
worker_rlimit_nofile 8192;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 4096; }
http {
    access_log off;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$port;
        location / { root $work; default_type application/json; }
    }
}
NGX
taskset -c $srv_cpu nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" &
pids+=($!)
sleep 0.5

rps() { awk '/Requests\/sec/{print $2}'; }
load() { cut -d' ' -f1 /proc/loadavg; }
echo "== one worker thread (--threads 1, pinned to CPU $srv_cpu), wrk -t1 on CPU $cli_cpu, GET /healthz, ${DUR}s each; load $(load)"
declare -A r
for c in 64 256 1024; do
    r[$c]=$(ulimit -n 8192; taskset -c $cli_cpu wrk -t1 -c$c -d"${DUR}s" "$url/healthz" | rps)
    printf '   %5d connections   %10.0f req/s\n' "$c" "${r[$c]}"
done
n=$(ulimit -n 8192; taskset -c $cli_cpu wrk -t1 -c256 -d"${DUR}s" "http://127.0.0.1:$port/healthz.json" | rps)
printf '   nginx, 1 worker, 256 %10.0f req/s\n' "$n"
printf '   ratio 256 / 64 connections     %6.2f\n' "$(python3 -c "print(${r[256]}/${r[64]})")"
printf '   ratio 1024 / 64 connections    %6.2f\n' "$(python3 -c "print(${r[1024]}/${r[64]})")"
printf '   ratio daemon / nginx at 256    %6.2f\n' "$(python3 -c "print(${r[256]}/$n)")"
echo "   load after: $(load)"
