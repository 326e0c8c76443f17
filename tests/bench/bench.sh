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
cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {print s + 0}'; }
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
echo "   response ${#resp} bytes; load: $(cut -d' ' -f1-3 /proc/loadavg)"
# Interleaved, twice each, so that a change of load hits both sides.
w1=($(run_wrk "$dpid" -s "$work/post.lua" "$url/v1/wibbell/check"))
n1=($(run_wrk "$ngx_worker" "http://127.0.0.1:$port/static.json"))
w2=($(run_wrk "$dpid" -s "$work/post.lua" "$url/v1/wibbell/check"))
n2=($(run_wrk "$ngx_worker" "http://127.0.0.1:$port/static.json"))
h=($(run_wrk "$dpid" "$url/healthz"))
g=($(run_wrk "$dpid" -s "$work/post-general.lua" "$url/v1/wibbell/check"))
per() { python3 -c "print(($1) / 1000.0 / max(1, $2))"; } # us of CPU per request
w=$(python3 -c "print((${w1[0]}+${w2[0]})/2)")
n=$(python3 -c "print((${n1[0]}+${n2[0]})/2)")
wc=$(per "${w1[2]}+${w2[2]}" "${w1[1]}+${w2[1]}")
nc=$(per "${n1[2]}+${n2[2]}" "${n1[1]}+${n2[1]}")
gc=$(per "${g[2]}" "${g[1]}")
hc=$(per "${h[2]}" "${h[1]}")
printf '   %-28s %10s %16s\n' "" "req/s" "CPU us/request"
printf '   %-28s %10.0f %16.1f\n' "POST /v1/wibbell/check" "$w" "$wc"
printf '   %-28s %10.0f %16.1f\n' "same, general Jansson path" "${g[0]}" "$gc"
printf '   %-28s %10.0f %16.1f\n' "GET /healthz" "${h[0]}" "$hc"
printf '   %-28s %10.0f %16.1f\n' "nginx static (same size)" "$n" "$nc"
printf '   ratio check / nginx: %.2f by throughput, %.2f by CPU time per request\n' \
    "$(python3 -c "print($w/$n)")" "$(python3 -c "print($nc/$wc if $wc else 0)")"
printf '   fast path / general path: %.2fx less CPU per request\n' \
    "$(python3 -c "print($gc/$wc if $wc else 0)")"
echo "   load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== daemon resident memory: $(awk '/VmRSS/{print $2, $3}' /proc/$dpid/status)"
kill "$dpid"; wait "$dpid" 2>/dev/null || true

echo "== evaluation table (tests/data/evaluation.tsv; en_US only here)"
"$B/dict/wibbell-dict" --data-dir "$work/data" evaluate tests/data/evaluation.tsv

echo "== server time per operation (bench_dict)"
"$B/tests/bench_dict" "$work/data" 0.3

bash tests/bench/bench_conns.sh
